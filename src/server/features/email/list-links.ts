/**
 * The links at the foot of every bulk email: one-click unsubscribe and the
 * preference centre. They work without signing in, so each carries a token
 * signed for its recipient and list: whoever holds the email can use its
 * links, nobody can make a link for another address. The signing key is
 * made once per database and kept in it, so every instance and every
 * restart reads the same links.
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { isEmailList, type EmailList } from '../../../lib/email-lists.ts';
import type { Db } from '../../platform/db/client.ts';
import { claimMeta, readMeta } from '../../platform/meta.ts';

const SECRET_KEY = 'mail-link-secret';

/** What a link stands for: this address, this list, and the newsletter issue it came in (for its figures). */
export interface ListLinkSubject {
  email: string;
  list: EmailList;
  issueId: number | null;
}

const secrets = new WeakMap<Db, Promise<KeyObject>>();

/**
 * The database's signing key, made on first use (the first writer wins;
 * everyone reads the stored one). It is held as a key object: an HMAC keyed
 * by one costs a fifth of one keyed by bytes, and a newsletter signs a link
 * for every reader.
 */
export function mailLinkSecret(db: Db): Promise<KeyObject> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = claimMeta(db, SECRET_KEY, randomBytes(32).toString('base64url')).then((stored) =>
      createSecretKey(Buffer.from(stored, 'base64url')),
    );
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/**
 * The signing key if one was made, without making it: a link can only be
 * good once some message was signed, and reading a link must change nothing.
 */
export async function storedMailLinkSecret(db: Db): Promise<KeyObject | null> {
  const known = secrets.get(db);
  if (known) return known;
  const stored = await readMeta<string>(db, SECRET_KEY);
  return stored ? mailLinkSecret(db) : null;
}

const mac = (secret: KeyObject, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest().subarray(0, 18).toString('base64url');

/**
 * A token of this database's key: the value as JSON, signed for one purpose
 * (a token signed for one purpose is never good for another).
 */
export function signToken(secret: KeyObject, purpose: string, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(secret, purpose, payload)}`;
}

/** The value of a token `signToken` made for this purpose; undefined for anything else. */
export function readToken(secret: KeyObject, purpose: string, token: string, maxLength: number): unknown {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || payload.length > maxLength) return undefined;
  const expected = Buffer.from(mac(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const LIST_LINK = 'list-link';

export function signListLink(secret: KeyObject, subject: ListLinkSubject): string {
  return signToken(secret, LIST_LINK, [subject.email.trim().toLowerCase(), subject.list, subject.issueId]);
}

/** The subject of a token this database signed; null for anything else. */
export function readListLink(secret: KeyObject, token: string): ListLinkSubject | null {
  const value = readToken(secret, LIST_LINK, token, 1000);
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [email, list, issueId] = value as unknown[];
  if (typeof email !== 'string' || !email.includes('@') || typeof list !== 'string' || !isEmailList(list)) return null;
  if (issueId !== null && (typeof issueId !== 'number' || !Number.isInteger(issueId))) return null;
  return { email, list, issueId };
}

export interface ListLinks {
  /** Answers RFC 8058's one-click POST; opened in a browser it shows the confirmation page. */
  unsubscribe: string;
  preferences: string;
}

export function listLinks(siteUrl: string, token: string): ListLinks {
  return {
    unsubscribe: `${siteUrl}/api/email/unsubscribe?t=${token}`,
    preferences: `${siteUrl}/email/preferences?t=${token}`,
  };
}
