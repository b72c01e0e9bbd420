/**
 * Account operations behind the identity API. Each takes the database and
 * plain input, enforces the rules and rate limits, and throws ApiError with
 * the spec's messages when it refuses.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users, verificationCodes } from '../../schema.ts';
import { ApiError, badRequest, conflict, forbidden } from '../../platform/http/errors.ts';
import {
  AUTH_MESSAGES,
  isValidEmail,
  normalizeCode,
  passwordProblem,
  phoneDigits,
  toE164,
  type ContactMethod,
} from '../../../lib/validation.ts';
import { codeMessage, enqueue } from '../../platform/outbox/enqueue.ts';
import { enforce, enforceAll, reset as resetLimit } from '../../platform/rate-limit.ts';
import {
  burnPasswordCheck,
  codeMatches,
  hashCode,
  hashPassword,
  newCode,
  verifyPassword,
} from '../../platform/secrets.ts';
import { createSession, revokeAllSessions, type UserRow } from './sessions.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Unknown and known accounts answer forgot-password after the same minimum time. */
export const FORGOT_PASSWORD_FLOOR_MS = 300;

type Purpose = 'verify' | 'reset' | 'change';

export interface PublicUser {
  email: string;
  phone_number: string;
  message_preference: ContactMethod;
  username: string;
  name: string;
  verified: boolean;
  googleUser: boolean;
  isStaff: boolean;
}

export function publicUser(user: UserRow): PublicUser {
  return {
    email: user.email,
    phone_number: user.phone ? phoneDigits(user.phone).replace(/^1(?=\d{10}$)/, '') : '',
    message_preference: user.messagePreference,
    username: user.username,
    name: user.name,
    verified: user.verified,
    googleUser: user.googleSubject !== null,
    isStaff: user.role === 'staff',
  };
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** 'sms' and 'SMS' are the same method as 'phone'. */
export function parseContactMethod(value: string | undefined): ContactMethod {
  const v = (value ?? 'email').trim().toLowerCase();
  if (v === 'phone' || v === 'sms') return 'phone';
  if (v === 'email' || v === '') return 'email';
  throw badRequest('message_preference must be email or phone');
}

async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  return user;
}

async function findByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const e164 = toE164(phone);
  if (!e164) return undefined;
  const [user] = await db.select().from(users).where(eq(users.phone, e164)).orderBy(users.id).limit(1);
  return user;
}

/** The account an email or phone names; email wins when both are given. */
async function findAccount(db: Db, email?: string, phone?: string): Promise<UserRow | undefined> {
  if (email?.trim()) return findByEmail(db, email);
  if (phone?.trim()) return findByPhone(db, phone);
  return undefined;
}

/** A stable key for limits on an identifier, whether or not an account has it. */
const identifierKey = (email?: string, phone?: string) =>
  email?.trim() ? `e:${normalizeEmail(email)}` : `p:${phoneDigits(phone ?? '')}`;

function channelFor(user: UserRow, prefer?: 'email' | 'sms'): { channel: 'email' | 'sms'; recipient: string } {
  const wantSms = prefer ? prefer === 'sms' : user.messagePreference === 'phone';
  if (wantSms && user.phone) return { channel: 'sms', recipient: user.phone };
  return { channel: 'email', recipient: user.email };
}

/** Issues a new code (earlier unused ones of the purpose stop working) and queues its message. */
async function issueCode(tx: Db, user: UserRow, purpose: Purpose, prefer?: 'email' | 'sms'): Promise<void> {
  const code = newCode();
  await tx
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  await tx.insert(verificationCodes).values({
    userId: user.id,
    purpose,
    codeHash: hashCode(code, user.id, purpose),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const { channel, recipient } = channelFor(user, prefer);
  await enqueue(tx, codeMessage(purpose, code, channel, recipient, user.name));
}

/** Checks a code; a wrong try counts, and the fifth wrong try ends the code. */
async function consumeCode(db: Db, user: UserRow, purpose: Purpose, rawCode: string): Promise<boolean> {
  const code = normalizeCode(rawCode);
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() < Date.now() || latest.attempts >= CODE_MAX_ATTEMPTS) return false;
  if (code.length === 6 && codeMatches(latest.codeHash, code, user.id, purpose)) {
    // Single use: the update only wins if nobody used the code in between.
    const used = await db
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    return used.length === 1;
  }
  const attempts = latest.attempts + 1;
  await db
    .update(verificationCodes)
    .set({ attempts, usedAt: attempts >= CODE_MAX_ATTEMPTS ? new Date() : null })
    .where(eq(verificationCodes.id, latest.id));
  return false;
}

function checkName(name: string): void {
  if (!name) throw badRequest(AUTH_MESSAGES.nameRequired);
  if (name.length > 120) throw badRequest('Full name must be at most 120 characters');
  // Names are shown across the site and in emails; markup has no place in them.
  if (/[<>]/.test(name)) throw badRequest('Full name must not contain < or >');
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
}

export interface RegisterInput {
  name: string;
  username?: string;
  email: string;
  phone_number?: string;
  password: string;
  message_preference?: string;
  terms_accepted: boolean;
}

export async function register(db: Db, input: RegisterInput, ip: string): Promise<PublicUser> {
  await enforce(db, { key: `register:ip:${ip}`, max: 20, windowSeconds: 3600 });
  const name = input.name.trim();
  checkName(name);
  if (!input.email.trim()) throw badRequest(AUTH_MESSAGES.emailRequired);
  if (!isValidEmail(input.email)) throw badRequest(AUTH_MESSAGES.invalidEmail);
  const messagePreference = parseContactMethod(input.message_preference);
  const digits = phoneDigits(input.phone_number ?? '');
  if ((input.phone_number ?? '').trim() && (digits.length !== 10 || /[^\d\s()+-]/.test(input.phone_number ?? ''))) {
    throw badRequest(AUTH_MESSAGES.invalidPhone);
  }
  if (messagePreference === 'phone' && digits.length !== 10) throw badRequest(AUTH_MESSAGES.invalidPhone);
  checkPassword(input.password);
  if (input.terms_accepted !== true) throw badRequest(AUTH_MESSAGES.termsRequired);
  const email = normalizeEmail(input.email);
  if (await findByEmail(db, email)) throw conflict('An account with this email already exists.');
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.transaction(async (tx) => {
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
      await issueCode(tx as unknown as Db, created!, 'verify');
      return created!;
    });
    return publicUser(user);
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides.
    if (String((error as { code?: string }).code ?? (error as Error).message).match(/23505|unique/i)) {
      throw conflict('An account with this email already exists.');
    }
    throw error;
  }
}

export async function login(
  db: Db,
  input: { email: string; password: string },
  ip: string,
  userAgent: string | null,
): Promise<{ token: string; user: PublicUser }> {
  const email = normalizeEmail(input.email);
  await enforceAll(db, [
    { key: `login:ip:${ip}`, max: 50, windowSeconds: 900 },
    { key: `login:acct:${email}`, max: 10, windowSeconds: 900 },
  ]);
  const user = isValidEmail(email) ? await findByEmail(db, email) : undefined;
  if (!user?.passwordHash) {
    await burnPasswordCheck(input.password);
    throw new ApiError(401, AUTH_MESSAGES.incorrectCredentials, {}, { success: false });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new ApiError(401, AUTH_MESSAGES.incorrectCredentials, {}, { success: false });
  }
  await resetLimit(db, `login:acct:${email}`);
  const token = await createSession(db, user.id, userAgent);
  return { token, user: publicUser(user) };
}

export async function verifyAccount(
  db: Db,
  input: { email?: string; phone_number?: string; code: string },
  ip: string,
): Promise<PublicUser> {
  if (!normalizeCode(input.code)) throw badRequest(AUTH_MESSAGES.codeRequired);
  await enforceAll(db, [
    { key: `verify:ip:${ip}`, max: 50, windowSeconds: 900 },
    { key: `verify:id:${identifierKey(input.email, input.phone_number)}`, max: 10, windowSeconds: 900 },
  ]);
  const user = await findAccount(db, input.email, input.phone_number);
  if (!user || !(await consumeCode(db, user, 'verify', input.code))) throw badRequest(AUTH_MESSAGES.codeIncorrect);
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
    await db.transaction((tx) => issueCode(tx as unknown as Db, user, 'verify'));
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
      await db.transaction((tx) => issueCode(tx as unknown as Db, user, 'reset', prefer));
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
  if (!normalizeCode(input.code) || !input.newPassword) throw badRequest(AUTH_MESSAGES.resetFieldsRequired);
  checkPassword(input.newPassword);
  await enforceAll(db, [
    { key: `reset:ip:${ip}`, max: 50, windowSeconds: 900 },
    { key: `reset:id:${identifierKey(input.email, input.phone_number)}`, max: 10, windowSeconds: 900 },
  ]);
  const user = await findAccount(db, input.email, input.phone_number);
  if (!user || !(await consumeCode(db, user, 'reset', input.code))) throw badRequest('Invalid or expired code.');
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
  await db.transaction((tx) => issueCode(tx as unknown as Db, user, 'change'));
}

export async function changePassword(db: Db, user: UserRow, input: { code: string; newPassword: string }) {
  if (!normalizeCode(input.code) || !input.newPassword) throw badRequest(AUTH_MESSAGES.resetFieldsRequired);
  checkPassword(input.newPassword);
  await enforce(db, { key: `change:verify:${user.id}`, max: 10, windowSeconds: 900 });
  if (!(await consumeCode(db, user, 'change', input.code))) throw badRequest('Invalid or expired code.');
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeAllSessions(db, user.id);
}

export async function deleteAccount(db: Db, user: UserRow): Promise<void> {
  // Sessions and codes go with the account (ON DELETE CASCADE).
  await db.delete(users).where(eq(users.id, user.id));
}

export interface Profile {
  name: string;
  phone_number: string;
  email: string;
  profile_picture_url: string | null;
}

export function profileOf(user: UserRow): Profile {
  return { name: user.name, phone_number: publicUser(user).phone_number, email: user.email, profile_picture_url: null };
}

export async function updateProfile(
  db: Db,
  user: UserRow,
  input: { name?: string; phone_number?: string },
): Promise<Profile> {
  const name = input.name === undefined ? user.name : input.name.trim();
  checkName(name);
  let phone = user.phone;
  if (input.phone_number !== undefined) {
    const raw = input.phone_number.trim();
    if (!raw) phone = null;
    else {
      const digits = phoneDigits(raw);
      if (/[^\d\s()+.-]/.test(raw) || digits.length < 10 || digits.length > 15) {
        throw badRequest('Invalid phone number. Enter 10-15 digits.');
      }
      phone = toE164(digits);
    }
  }
  if (!phone && user.messagePreference === 'phone') {
    throw badRequest('A phone number is needed while text messages are your notification method.');
  }
  const [updated] = await db
    .update(users)
    .set({ name, phone, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return profileOf(updated!);
}

export async function setMessagePreference(db: Db, user: UserRow, value: string): Promise<ContactMethod> {
  if (user.googleSubject !== null) throw forbidden('Google accounts cannot change the notification method.');
  const method = parseContactMethod(value);
  if (method === 'phone' && !user.phone) throw badRequest('Add a phone number to your profile to get text messages.');
  await db.update(users).set({ messagePreference: method, updatedAt: new Date() }).where(eq(users.id, user.id));
  return method;
}

/** Creates a verified staff account, or promotes (and re-passwords) an existing one. */
export async function upsertStaff(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<{ user: PublicUser; created: boolean }> {
  if (!isValidEmail(input.email)) throw badRequest(AUTH_MESSAGES.invalidEmail);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const existing = await findByEmail(db, input.email);
  if (existing) {
    const [updated] = await db
      .update(users)
      .set({ role: 'staff', verified: true, passwordHash, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    await revokeAllSessions(db, existing.id);
    return { user: publicUser(updated!), created: false };
  }
  const name = input.name?.trim() || input.email.split('@')[0]!;
  checkName(name);
  const [created] = await db
    .insert(users)
    .values({ email: normalizeEmail(input.email), name, username: name, passwordHash, role: 'staff', verified: true })
    .returning();
  return { user: publicUser(created!), created: true };
}
