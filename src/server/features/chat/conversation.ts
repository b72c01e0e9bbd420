/**
 * Asking RedChat: a question joins its thread (a new one is named by it),
 * the engine answers it with what the thread said before, and the answer is
 * kept with its sources. Everything that can refuse a question (its length,
 * the per-reader and per-address limits, the number of saved threads, a
 * thread that is not the asker's) refuses before the answer starts, so a
 * refusal is an ordinary error, not a broken stream.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { CHAT_TEXT, titleFromQuestion } from '../../../lib/chat.ts';
import type { ChatCitation } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { DomainError, notFound } from '../../platform/errors.ts';
import { enforceAll, type Limit } from '../../platform/rate-limit.ts';
import type { AnswerEngine, AnswerSink } from './answer/engine.ts';
import type { ResearchContext } from './answer/research.ts';
import { chatMessages, chatThreads } from './tables.ts';

export interface ChatLimits {
  messagesPerMinutePerUser: number;
  messagesPerMinutePerAddress: number;
  threadsPerUser: number;
}

export interface Asker {
  userId: number | null;
  address: string;
}

export interface Question {
  text: string;
  /** The thread it continues; none starts one. */
  threadId: string | null;
  /** The stock a new thread is about (the chat was opened for it). */
  symbol: string | null;
}

/** What the reader is told as the answer streams. */
export interface AnswerStream {
  thread(thread: { thread_id: string | null; title: string }): void;
  subject(subject: { symbol: string; name: string }): void;
  notice(text: string): void;
  delta(text: string): void;
  reset(): void;
  citations(citations: ChatCitation[]): void;
}

/** Earlier turns the engine sees, so follow-ups ('and over 6 months?') make sense. */
const HISTORY_TURNS = 6;

type ThreadRow = typeof chatThreads.$inferSelect;

/** The asker's thread: a signed-in reader's own, or a guest thread for a guest. Anything else does not exist. */
async function threadOf(db: Db, asker: Asker, threadId: string): Promise<ThreadRow> {
  const owner = asker.userId === null ? isNull(chatThreads.userId) : eq(chatThreads.userId, asker.userId);
  const [thread] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), owner));
  if (!thread) throw notFound(CHAT_TEXT.threadMissing);
  return thread;
}

async function checkLimits(db: Db, asker: Asker, limits: ChatLimits, startsThread: boolean) {
  const checks: Limit[] = [
    { key: `chat:ip:${asker.address}`, max: limits.messagesPerMinutePerAddress, windowSeconds: 60 },
  ];
  if (asker.userId !== null) {
    checks.push({ key: `chat:user:${asker.userId}`, max: limits.messagesPerMinutePerUser, windowSeconds: 60 });
  }
  await enforceAll(db, checks);
  if (startsThread && asker.userId !== null) {
    const [row] = await db.select({ n: count() }).from(chatThreads).where(eq(chatThreads.userId, asker.userId));
    if (Number(row?.n ?? 0) >= limits.threadsPerUser) {
      throw new DomainError('conflict', CHAT_TEXT.threadLimit(limits.threadsPerUser));
    }
  }
}

export interface PreparedAnswer {
  /** Streams the answer and keeps it; resolves with the stored answer's id when it is stored (null when empty). */
  run(stream: AnswerStream, signal: AbortSignal): Promise<number | null>;
}

/**
 * Checks a question and opens its thread. Throws a domain error when it is
 * refused; otherwise the answer is ready to run.
 */
export async function prepareAnswer(
  research: ResearchContext,
  engine: AnswerEngine,
  limits: ChatLimits,
  asker: Asker,
  question: Question,
): Promise<PreparedAnswer> {
  const db = research.db;
  await checkLimits(db, asker, limits, question.threadId === null);
  let thread: ThreadRow;
  let history: { role: 'user' | 'assistant'; content: string }[] = [];
  if (question.threadId) {
    thread = await threadOf(db, asker, question.threadId);
    const turns = await db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.threadId, thread.id))
      .orderBy(desc(chatMessages.id))
      .limit(HISTORY_TURNS);
    history = turns.reverse();
  } else {
    const opened = question.symbol ? research.directory.bySymbol.get(question.symbol.toUpperCase()) : undefined;
    [thread] = (await db
      .insert(chatThreads)
      .values({
        id: randomUUID(),
        userId: asker.userId,
        symbol: opened?.symbol ?? null,
        companyName: opened?.name ?? null,
        title: titleFromQuestion(question.text),
      })
      .returning()) as [ThreadRow];
  }
  await db.insert(chatMessages).values({ threadId: thread.id, role: 'user', content: question.text });

  return {
    async run(stream, signal) {
      // Guests get their thread's id too, to follow up; only signed-in readers have a history of them.
      stream.thread({ thread_id: thread.id, title: thread.title });
      let text = '';
      let citations: ChatCitation[] = [];
      let notice: string | null = null;
      let subject: { symbol: string; name: string } | null = null;
      let messageId: number | null;
      const sink: AnswerSink = {
        text(delta) {
          text += delta;
          stream.delta(delta);
        },
        cite(citation) {
          const known = citations.findIndex((c) => c.href === citation.href);
          if (known >= 0) return known + 1;
          citations.push(citation);
          return citations.length;
        },
        subject(symbol, name) {
          if (subject?.symbol === symbol) return;
          subject = { symbol, name };
          stream.subject(subject);
        },
        notice(sentence) {
          notice = sentence;
          stream.notice(sentence);
        },
        reset() {
          text = '';
          citations = [];
          stream.reset();
        },
        get written() {
          return text.length > 0;
        },
      };
      try {
        await engine.answer(
          {
            question: question.text,
            history,
            subject: thread.symbol,
            research,
            signal,
          },
          sink,
        );
      } finally {
        stream.citations(citations);
        const content = text.trim();
        const [stored] = content
          ? await db
              .insert(chatMessages)
              .values({ threadId: thread.id, role: 'assistant', content, citations, notice })
              .returning({ id: chatMessages.id })
          : [];
        messageId = stored?.id ?? null;
        const about = subject as { symbol: string; name: string } | null;
        await db
          .update(chatThreads)
          .set({
            updatedAt: sql`now()`,
            ...(about ? { symbol: about.symbol, companyName: about.name } : {}),
          })
          .where(eq(chatThreads.id, thread.id));
      }
      return messageId;
    },
  };
}

/** Guest conversations are kept a week after their last question, for follow-ups, then deleted. */
export const GUEST_THREAD_DAYS = 7;
/** How often old guest conversations are looked for. */
export const GUEST_THREAD_SWEEP_MS = 6 * 3600_000;

export async function deleteStaleGuestThreads(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_THREAD_DAYS * 86_400_000);
  const deleted = await db
    .delete(chatThreads)
    .where(and(isNull(chatThreads.userId), lt(chatThreads.updatedAt, before)))
    .returning({ id: chatThreads.id });
  return deleted.length;
}
