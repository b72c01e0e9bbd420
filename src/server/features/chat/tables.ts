/** RedChat conversations: threads, their messages, and the links that share a thread read-only. */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChatCitation } from '../../../lib/content-records.ts';
import { users } from '../accounts/tables.ts';

/** A conversation. Signed-in users keep theirs (the history); a guest's has no user. */
export const chatThreads = pgTable(
  'chat_threads',
  {
    /** Random and unguessable (a UUID): it appears in addresses. */
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The stock the thread is about, when it was started for one. */
    symbol: text('symbol'),
    companyName: text('company_name'),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_threads_user_idx').on(t.userId, t.updatedAt)],
);

/** One turn of a conversation, with the sources its figures came from. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** The links of the facts an answer states: `{ label, href }`. */
    citations: jsonb('citations').$type<ChatCitation[]>().notNull().default([]),
    /** Said to the reader above an answer (the model fell back to the built-in engine). */
    notice: text('notice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_thread_idx').on(t.threadId, t.id)],
);

/** A read-only link to a thread: the token is stored hashed, and revoking ends it. */
export const chatShares = pgTable('chat_shares', {
  tokenHash: text('token_hash').primaryKey(),
  threadId: text('thread_id')
    .notNull()
    .references(() => chatThreads.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
