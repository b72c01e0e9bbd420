/**
 * The platform's own tables: facts about the database, messages waiting to
 * be sent, rate-limit counters and the record of content changes.
 */
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTENT_KINDS } from '../../lib/content-records.ts';

/** Small key/value facts about the database itself (demo seed, versions). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages waiting to be delivered. Written in the same transaction as what
 * caused them (a code, a confirmation), delivered by the outbox job.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** An iCalendar invite sent with an email (a webinar registration's confirmation). */
    calendar: text('calendar'),
    status: text('status', { enum: ['pending', 'sent', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/** Fixed-window counters for rate limits, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Every change to published content, in order: the feed incremental site
 * builds read (what was created, updated or deleted since a cursor). Written
 * in the same transaction as the change itself.
 */
export const contentChanges = pgTable(
  'content_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    entityId: integer('entity_id').notNull(),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_changes_entity_idx').on(t.kind, t.entityId)],
);
