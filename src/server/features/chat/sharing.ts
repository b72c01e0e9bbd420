/**
 * Sharing a thread: its owner creates a link with an unguessable token (only
 * its hash is stored); anyone with the link reads the conversation, without
 * signing in, until the owner revokes it. Creating a link again gives a new
 * one and ends the old.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { CHAT_TEXT } from '../../../lib/chat.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { hashToken, newSessionToken } from '../../platform/secrets.ts';
import { messagesOf, ownThread } from './history.ts';
import { chatShares, chatThreads } from './tables.ts';

/** The share path of a token (the site's read-only page of the conversation). */
export const sharePath = (token: string) => `/redchat/shared/${token}`;

/** A new share link for one of the user's threads (any earlier link of it stops working). */
export async function shareThread(db: Db, userId: number, threadId: string): Promise<string> {
  await ownThread(db, userId, threadId);
  const token = newSessionToken();
  await transaction(db, async (tx) => {
    await tx
      .update(chatShares)
      .set({ revokedAt: new Date() })
      .where(and(eq(chatShares.threadId, threadId), isNull(chatShares.revokedAt)));
    await tx.insert(chatShares).values({ tokenHash: hashToken(token), threadId });
  });
  return token;
}

/** Ends every link of the thread. */
export async function revokeShares(db: Db, userId: number, threadId: string): Promise<void> {
  await ownThread(db, userId, threadId);
  await db
    .update(chatShares)
    .set({ revokedAt: new Date() })
    .where(and(eq(chatShares.threadId, threadId), isNull(chatShares.revokedAt)));
}

/** The conversation behind a live share link: title, stock and messages, nothing about its owner. */
export async function sharedThread(db: Db, token: string) {
  const [row] = await db
    .select({ thread: chatThreads })
    .from(chatShares)
    .innerJoin(chatThreads, eq(chatThreads.id, chatShares.threadId))
    .where(and(eq(chatShares.tokenHash, hashToken(token)), isNull(chatShares.revokedAt)));
  if (!row) throw notFound(CHAT_TEXT.sharedMissing);
  return {
    symbol: row.thread.symbol,
    company_name: row.thread.companyName,
    chat_title: row.thread.title,
    created_at: row.thread.createdAt.toISOString(),
    messages: await messagesOf(db, row.thread.id),
  };
}

/** Whether a share token names a conversation still shared (the page of a revoked link answers 404). */
export async function shareIsLive(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ threadId: chatShares.threadId })
    .from(chatShares)
    .where(and(eq(chatShares.tokenHash, hashToken(token)), isNull(chatShares.revokedAt)));
  return row !== undefined;
}
