/**
 * A signed-in user's chat history: their threads newest first, a page at a
 * time, renaming one, reading its messages, and deleting it. Another user's
 * thread (or a guest's) answers as if it did not exist.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { ChatHistoryRecord, ChatMessageRecord } from '../../../lib/content-records.ts';
import { CHAT_TEXT } from '../../../lib/chat.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { chatMessages, chatThreads } from './tables.ts';

const historyItem = (t: typeof chatThreads.$inferSelect): ChatHistoryRecord => ({
  thread_id: t.id,
  symbol: t.symbol,
  company_name: t.companyName,
  chat_title: t.title,
  created_at: t.createdAt.toISOString(),
});

/** The user's threads, most recently active first. */
export async function chatHistory(
  db: Db,
  userId: number,
  page: { page: number; limit: number },
): Promise<ChatHistoryRecord[]> {
  const rows = await db
    .select()
    .from(chatThreads)
    .where(eq(chatThreads.userId, userId))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return rows.map(historyItem);
}

/** One of the user's threads; any other answers not found. */
export async function ownThread(db: Db, userId: number, threadId: string) {
  const [thread] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId)));
  if (!thread) throw notFound(CHAT_TEXT.threadMissing);
  return thread;
}

export async function renameThread(db: Db, userId: number, threadId: string, title: string): Promise<string> {
  const [row] = await db
    .update(chatThreads)
    .set({ title })
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId)))
    .returning({ title: chatThreads.title });
  if (!row) throw notFound(CHAT_TEXT.threadMissing);
  return row.title;
}

/** A thread's messages, oldest first, with their sources. */
export async function messagesOf(db: Db, threadId: string): Promise<ChatMessageRecord[]> {
  const messages = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(asc(chatMessages.id));
  return messages.map((m) => ({
    role: m.role,
    content: m.content,
    citations: m.citations,
    notice: m.notice,
    created_at: m.createdAt.toISOString(),
  }));
}

/** A thread with its messages. */
export async function threadWithMessages(db: Db, userId: number, threadId: string) {
  const thread = await ownThread(db, userId, threadId);
  return { ...historyItem(thread), messages: await messagesOf(db, thread.id) };
}

export async function deleteThread(db: Db, userId: number, threadId: string): Promise<void> {
  const deleted = await db
    .delete(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId)))
    .returning({ id: chatThreads.id });
  if (deleted.length === 0) throw notFound(CHAT_TEXT.threadMissing);
}
