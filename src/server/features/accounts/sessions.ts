/** Sign-in sessions: created at login, found by token hash, revoked at logout or credential changes. */
import { and, eq, gt } from 'drizzle-orm';
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

export async function userForToken(db: Db, token: string): Promise<{ user: UserRow; sessionId: number } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
