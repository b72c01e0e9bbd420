/** Sign-in sessions: created at login, found by token hash, revoked at logout or credential changes. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { sessions, users } from './tables.ts';
import { hashToken, newSessionToken } from '../../platform/secrets.ts';

export const SESSION_DAYS = 90;

export type UserRow = typeof users.$inferSelect;

export async function createSession(db: Db, userId: number, userAgent: string | null): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * The lookup every signed-in request makes, built once per database: building
 * a query's text from its description cost more than running it.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('user_for_token');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

export async function userForToken(db: Db, token: string): Promise<{ user: UserRow; sessionId: number } | null> {
  if (!token || token.length > 200) return null;
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  // Placeholders reach the driver as given, without the column's conversion: the time goes as text.
  const [row] = await lookup.execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  return row ?? null;
}

/** Whether a session of the user is still open: not signed out, revoked with a credential change, or expired. */
export async function sessionIsOpen(db: Db, sessionId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return row !== undefined;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
