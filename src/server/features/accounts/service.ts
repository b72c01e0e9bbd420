/**
 * Account operations behind the identity API (sign-up, sign-in, codes,
 * passwords, deletion). Each takes the database and plain input, enforces
 * the rules and rate limits, and refuses with the messages of docs/product.md.
 */
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, isValidEmail, normalizeCode, phoneDigits, toE164 } from '../../../lib/validation.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { invalid } from '../../platform/errors.ts';
import { enforce, enforceAll } from '../../platform/rate-limit.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { consumeCode, issueCode } from './codes.ts';
import { noticeSignUpAttempt } from './notices.ts';
import { revokeAllSessions, type UserRow } from './sessions.ts';
import { users } from './tables.ts';
import {
  checkName,
  checkPassword,
  findAccount,
  findByEmail,
  normalizeEmail,
  parseContactMethod,
  publicUser,
  type PublicUser,
} from './users.ts';

/** Unknown and known accounts answer forgot-password after the same minimum time. */
export const FORGOT_PASSWORD_FLOOR_MS = 300;

/** A stable key for limits on an identifier, whether or not an account has it. */
const identifierKey = (email?: string, phone?: string) =>
  email?.trim() ? `e:${normalizeEmail(email)}` : `p:${phoneDigits(phone ?? '')}`;

export interface RegisterInput {
  name: string;
  username?: string;
  email: string;
  phone_number?: string;
  password: string;
  message_preference?: string;
  terms_accepted: boolean;
}

/**
 * Opens an account and sends its verification code. An address that already
 * has an account gets the same answer, so sign-up tells nobody which
 * addresses are registered; its holder is emailed instead.
 */
export async function register(
  db: Db,
  input: RegisterInput,
  from: { ip: string; siteUrl: string; perHour?: number },
): Promise<PublicUser> {
  await enforce(db, { key: `register:ip:${from.ip}`, max: from.perHour ?? 20, windowSeconds: 3600 });
  const name = input.name.trim();
  checkName(name);
  if (!input.email.trim()) throw invalid(AUTH_MESSAGES.emailRequired);
  if (!isValidEmail(input.email)) throw invalid(AUTH_MESSAGES.invalidEmail);
  const messagePreference = parseContactMethod(input.message_preference);
  const digits = phoneDigits(input.phone_number ?? '');
  if ((input.phone_number ?? '').trim() && (digits.length !== 10 || /[^\d\s()+-]/.test(input.phone_number ?? ''))) {
    throw invalid(AUTH_MESSAGES.invalidPhone);
  }
  if (messagePreference === 'phone' && digits.length !== 10) throw invalid(AUTH_MESSAGES.invalidPhone);
  checkPassword(input.password);
  if (input.terms_accepted !== true) throw invalid(AUTH_MESSAGES.termsRequired);
  const email = normalizeEmail(input.email);
  // The password is hashed either way: both answers take the same time.
  const passwordHash = await hashPassword(input.password);
  const asIfNew = (): PublicUser => ({
    email,
    phone_number: digits.replace(/^1(?=\d{10}$)/, ''),
    message_preference: messagePreference,
    username: (input.username ?? '').trim().slice(0, 120) || name,
    name,
    verified: false,
    googleUser: false,
    isStaff: false,
  });
  const existing = await findByEmail(db, email);
  if (existing) {
    await noticeSignUpAttempt(db, existing, from.siteUrl);
    return asIfNew();
  }
  try {
    const user = await transaction(db, async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          name,
          username: (input.username ?? '').trim().slice(0, 120) || name,
          phone: digits ? toE164(digits) : null,
          passwordHash,
          messagePreference,
          termsAcceptedAt: new Date(),
        })
        .returning();
      await issueCode(tx, created!, 'verify');
      return created!;
    });
    return publicUser(user);
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides, and the second answers as the first.
    if (isUniqueViolation(error)) return asIfNew();
    throw error;
  }
}

export async function verifyAccount(
  db: Db,
  input: { email?: string; phone_number?: string; code: string },
  ip: string,
): Promise<PublicUser> {
  if (!normalizeCode(input.code)) throw invalid(AUTH_MESSAGES.codeRequired);
  await enforceAll(db, [
    { key: `verify:ip:${ip}`, max: 50, windowSeconds: 900 },
    { key: `verify:id:${identifierKey(input.email, input.phone_number)}`, max: 10, windowSeconds: 900 },
  ]);
  const user = await findAccount(db, input.email, input.phone_number);
  if (!user || !(await consumeCode(db, user, 'verify', input.code))) throw invalid(AUTH_MESSAGES.codeIncorrect);
  const [updated] = await db
    .update(users)
    .set({ verified: true, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return publicUser(updated!);
}

/** Answers the same whether or not the account exists; sends only to unverified accounts. */
export async function resendVerification(db: Db, input: { email?: string; phone_number?: string }, ip: string) {
  const id = identifierKey(input.email, input.phone_number);
  await enforceAll(db, [
    { key: `resend:ip:${ip}`, max: 30, windowSeconds: 3600 },
    { key: `resend:burst:${id}`, max: 1, windowSeconds: 30 },
    { key: `resend:hour:${id}`, max: 5, windowSeconds: 3600 },
  ]);
  const user = await findAccount(db, input.email, input.phone_number);
  if (user && !user.verified) {
    await transaction(db, (tx) => issueCode(tx, user, 'verify'));
  }
}

export async function forgotPassword(db: Db, input: { email?: string; phone_number?: string }, ip: string) {
  const started = Date.now();
  try {
    const id = identifierKey(input.email, input.phone_number);
    await enforceAll(db, [
      { key: `forgot:ip:${ip}`, max: 20, windowSeconds: 900 },
      { key: `forgot:id:${id}`, max: 5, windowSeconds: 900 },
    ]);
    const user = await findAccount(db, input.email, input.phone_number);
    if (user) {
      const prefer = input.email?.trim() ? 'email' : 'sms';
      await transaction(db, (tx) => issueCode(tx, user, 'reset', prefer));
    }
  } finally {
    // Same answer time for known and unknown accounts (and for refusals).
    const wait = FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export async function resetPassword(
  db: Db,
  input: { email?: string; phone_number?: string; code: string; newPassword: string },
  ip: string,
): Promise<void> {
  if (!normalizeCode(input.code) || !input.newPassword) throw invalid(AUTH_MESSAGES.resetFieldsRequired);
  checkPassword(input.newPassword);
  await enforceAll(db, [
    { key: `reset:ip:${ip}`, max: 50, windowSeconds: 900 },
    { key: `reset:id:${identifierKey(input.email, input.phone_number)}`, max: 10, windowSeconds: 900 },
  ]);
  const user = await findAccount(db, input.email, input.phone_number);
  if (!user || !(await consumeCode(db, user, 'reset', input.code))) throw invalid('Invalid or expired code.');
  const passwordHash = await hashPassword(input.newPassword);
  // The code reached the user's inbox or phone: that also proves the contact.
  await db.update(users).set({ passwordHash, verified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeAllSessions(db, user.id);
}

export async function requestPasswordChange(db: Db, user: UserRow): Promise<void> {
  await enforceAll(db, [
    { key: `change:burst:${user.id}`, max: 1, windowSeconds: 30 },
    { key: `change:hour:${user.id}`, max: 5, windowSeconds: 3600 },
  ]);
  await transaction(db, (tx) => issueCode(tx, user, 'change'));
}

export async function changePassword(db: Db, user: UserRow, input: { code: string; newPassword: string }) {
  if (!normalizeCode(input.code) || !input.newPassword) throw invalid(AUTH_MESSAGES.resetFieldsRequired);
  checkPassword(input.newPassword);
  await enforce(db, { key: `change:verify:${user.id}`, max: 10, windowSeconds: 900 });
  if (!(await consumeCode(db, user, 'change', input.code))) throw invalid('Invalid or expired code.');
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeAllSessions(db, user.id);
}

export async function deleteAccount(db: Db, user: UserRow): Promise<void> {
  // Sessions and codes go with the account (ON DELETE CASCADE).
  await db.delete(users).where(eq(users.id, user.id));
}
