/**
 * Accounts as the rest of the feature sees them: finding one by email or
 * phone, what the API shows of one, and the rules every account field
 * follows (the messages of docs/product.md, from the shared validation rules).
 */
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, passwordProblem, phoneDigits, toE164, type ContactMethod } from '../../../lib/validation.ts';
import type { Db } from '../../platform/db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { UserRow } from './sessions.ts';
import { users } from './tables.ts';

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

/** Where a message to the user goes: their chosen channel (text needs a phone), or the one asked for. */
export function channelFor(user: UserRow, prefer?: 'email' | 'sms'): { channel: 'email' | 'sms'; recipient: string } {
  const wantSms = prefer ? prefer === 'sms' : user.messagePreference === 'phone';
  if (wantSms && user.phone) return { channel: 'sms', recipient: user.phone };
  return { channel: 'email', recipient: user.email };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** 'sms' and 'SMS' are the same method as 'phone'. */
export function parseContactMethod(value: string | undefined): ContactMethod {
  const v = (value ?? 'email').trim().toLowerCase();
  if (v === 'phone' || v === 'sms') return 'phone';
  if (v === 'email' || v === '') return 'email';
  throw invalid('message_preference must be email or phone');
}

export async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
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
export async function findAccount(db: Db, email?: string, phone?: string): Promise<UserRow | undefined> {
  if (email?.trim()) return findByEmail(db, email);
  if (phone?.trim()) return findByPhone(db, phone);
  return undefined;
}

export function checkName(name: string): void {
  if (!name) throw invalid(AUTH_MESSAGES.nameRequired);
  if (name.length > 120) throw invalid('Full name must be at most 120 characters');
  // Names are shown across the site and in emails; markup has no place in them.
  if (/[<>]/.test(name)) throw invalid('Full name must not contain < or >');
}

export function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw invalid(problem);
}
