/**
 * Signing in with a password, throttled so that guessing is slow while the
 * owner always gets in. Failures on an account make each later attempt on it
 * wait longer (after a few free ones) instead of refusing it, so nobody can
 * lock an owner out by failing on purpose; failures from one address, not
 * its successful sign-ins, refuse it for a while; and the holder is told by
 * their own channel when failures pile up.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES, isValidEmail } from '../../../lib/validation.ts';
import type { Db } from '../../platform/db/client.ts';
import { rateLimited, unauthorized } from '../../platform/errors.ts';
import { hit, hitsOf, reset } from '../../platform/rate-limit.ts';
import { burnPasswordCheck, verifyPassword } from '../../platform/secrets.ts';
import { noticeFailedSignIns } from './notices.ts';
import { createSession } from './sessions.ts';
import { findByEmail, normalizeEmail, publicUser, type PublicUser } from './users.ts';

export const SIGN_IN_WINDOW_SECONDS = 900;
/** Failures on one account in the window before each attempt on it waits. */
export const FREE_FAILURES = 5;
/** Failures from one address in the window before it must wait the window out. */
export const ADDRESS_FAILURES = 50;

/** How long an attempt waits after `failures` on its account: none, then the unit doubling to eight units. */
export function signInDelayMs(failures: number, unitMs: number): number {
  if (failures < FREE_FAILURES) return 0;
  return unitMs * 2 ** Math.min(failures - FREE_FAILURES, 3);
}

const incorrectCredentials = () => unauthorized(AUTH_MESSAGES.incorrectCredentials, { success: false });

export async function login(
  db: Db,
  input: { email: string; password: string },
  from: { ip: string; userAgent: string | null; delayUnitMs: number },
): Promise<{ token: string; user: PublicUser }> {
  const email = normalizeEmail(input.email);
  const accountKey = `sign-in-failures:account:${email}`;
  const addressKey = `sign-in-failures:address:${from.ip}`;
  // Read together: each wait on the database is a wait behind every other reader's calls.
  const [address, account, user] = await Promise.all([
    hitsOf(db, addressKey, SIGN_IN_WINDOW_SECONDS),
    hitsOf(db, accountKey, SIGN_IN_WINDOW_SECONDS),
    isValidEmail(email) ? findByEmail(db, email) : undefined,
  ]);
  if (address.hits >= ADDRESS_FAILURES) throw rateLimited(address.retryAfter);
  const delay = signInDelayMs(account.hits, from.delayUnitMs);
  if (delay > 0) await sleep(delay);

  const matches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!user || !matches) {
    const failures = await hit(db, accountKey, SIGN_IN_WINDOW_SECONDS);
    await hit(db, addressKey, SIGN_IN_WINDOW_SECONDS);
    if (user && failures.hits >= FREE_FAILURES) await noticeFailedSignIns(db, user);
    throw incorrectCredentials();
  }
  if (account.hits > 0) await reset(db, accountKey);
  const token = await createSession(db, user.id, from.userAgent);
  return { token, user: publicUser(user) };
}
