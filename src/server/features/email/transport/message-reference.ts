/**
 * The reference every email carries in its Message-ID (`<{reference}@host>`) and its return path
 * (`bounces+{reference}@domain`), by which a delivery report names the message it is about.
 *
 * Whoever can send mail can send a report to the return path, so a report is believed only when it
 * carries a reference this database made: the message's number and eight zero bytes, enciphered as
 * one AES block under a key derived from the database's mail-link secret. The reference reveals
 * nothing of the message's number or of how many messages went before it, cannot be made for
 * another message, and is read back without a lookup. It is written in lower-case base32 (26
 * characters), since mail servers may fold the case of a return path's local part.
 */
import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';

export interface MessageReferences {
  /** The reference of outbox message `id`. */
  of(id: number): Promise<string>;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 bytes in base32, without padding. */
export const REFERENCE_LENGTH = 26;
/** A reference as it appears in a Message-ID or a return path; its case may have been changed on the way. */
export const REFERENCE_PATTERN = `[a-zA-Z2-7]{${REFERENCE_LENGTH}}`;

const keys = new WeakMap<KeyObject, KeyObject>();

/** The cipher key of a mail-link secret: derived, so the secret itself is never used for two things. */
function cipherKey(secret: KeyObject): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'outbox message reference', 32)));
    keys.set(secret, key);
  }
  return key;
}

function block(key: KeyObject, input: Buffer, encrypt: boolean): Buffer {
  const cipher = encrypt ? createCipheriv('aes-256-ecb', key, null) : createDecipheriv('aes-256-ecb', key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(input), cipher.final()]);
}

export function sealReference(secret: KeyObject, id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Not an outbox message number: ${id}`);
  const plain = Buffer.alloc(16);
  plain.writeBigUInt64BE(BigInt(id), 0);
  return toBase32(block(cipherKey(secret), plain, true));
}

/** The message a reference names, or null when this database's secret did not make it. */
export function openReference(secret: KeyObject, reference: string): number | null {
  const bytes = fromBase32(reference.toLowerCase());
  if (!bytes) return null;
  const plain = block(cipherKey(secret), bytes, false);
  // A reference nobody made deciphers to eight zero bytes once in 2^64 tries.
  if (plain.readBigUInt64BE(8) !== 0n) return null;
  const id = plain.readBigUInt64BE(0);
  return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
}

/** References made with the secret `secret()` gives (read once, when the first message goes). */
export function messageReferences(secret: () => Promise<KeyObject>): MessageReferences {
  let key: Promise<KeyObject> | null = null;
  return {
    async of(id) {
      key ??= secret().catch((error: unknown) => {
        key = null;
        throw error;
      });
      return sealReference(await key, id);
    },
  };
}

function toBase32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** 16 bytes from 26 base32 characters; null for anything else (a stray bit set in the last character included). */
function fromBase32(text: string): Buffer | null {
  if (text.length !== REFERENCE_LENGTH) return null;
  const out = Buffer.alloc(16);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      out[at++] = (value >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return (value & ((1 << bits) - 1)) === 0 ? out : null;
}
