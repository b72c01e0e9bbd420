/**
 * Passwords, session tokens and one-time codes. Tokens and codes come from
 * the operating system's CSPRNG and only their hashes are stored.
 */
import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '../../lib/validation.ts';

// Argon2id with the OWASP minimum: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random password, so checking an unknown account costs what checking a real one does.
let decoy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoy, password);
}

/** 256-bit session token, URL-safe. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A one-time code, drawn from the unambiguous alphabet that readers' codes are checked against. */
export function newCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Codes are hashed with their own salt and bound to the account and purpose. */
export function hashCode(code: string, userId: number, purpose: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${createHash('sha256').update(`${salt}:${userId}:${purpose}:${code}`).digest('base64url')}`;
}

export function codeMatches(stored: string, code: string, userId: number, purpose: string): boolean {
  const [salt, digest] = stored.split('.');
  if (!salt || !digest) return false;
  const candidate = createHash('sha256').update(`${salt}:${userId}:${purpose}:${code}`).digest('base64url');
  const a = Buffer.from(candidate);
  const b = Buffer.from(digest);
  return a.length === b.length && timingSafeEqual(a, b);
}
