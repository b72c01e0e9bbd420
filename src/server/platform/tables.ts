/**
 * The platform's own tables: facts about the database, messages waiting to
 * be sent, rate-limit counters and the record of content changes.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { CONTENT_KINDS } from '../../lib/content-records.ts';
import { EMAIL_LISTS } from '../../lib/email-lists.ts';

/** Small key/value facts about the database itself (demo seed, versions). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a message stands: waiting (`pending`), held back by a paused
 * newsletter (`held`), accepted by the mail server (`sent`), given up after
 * repeated failures (`dead`), not sent because the address is suppressed
 * (`suppressed`), reported back as undeliverable (`bounced`), or withdrawn
 * before it went (`cancelled`: its newsletter was cancelled, its reader unsubscribed).
 */
/** How a message goes: email, text message, or a web push to one subscribed device. */
export const OUTBOX_CHANNELS = ['email', 'sms', 'push'] as const;
export const OUTBOX_STATUSES = ['pending', 'held', 'sent', 'dead', 'suppressed', 'bounced', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Messages waiting to be delivered. Written in the same transaction as what
 * caused them (a code, a confirmation), delivered by the outbox job.
 * Transactional messages are sent by every instance at once; bulk ones
 * (`list` set) by the leader, paced, to addresses not suppressed, with an
 * unsubscribe link. A message made from a template (a newsletter issue) is
 * written when it is sent, so a queue of 100,000 stores no copies of it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    /** A push's recipient is the push subscription's id, its text the notification's JSON. */
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** An iCalendar invite sent with an email (a webinar registration's confirmation). */
    calendar: text('calendar'),
    /** The bulk list the message belongs to; none for transactional mail. */
    list: text('list', { enum: EMAIL_LISTS }),
    /** One message per cause and recipient: a second queueing of the same key is dropped. */
    dedupeKey: text('dedupe_key'),
    /** The template the message is written from when sent, and what it renders (a newsletter issue's id). */
    template: text('template', { enum: ['newsletter-issue'] }),
    templateRef: integer('template_ref'),
    /**
     * Where the email's one-click unsubscribe goes (RFC 8058) when it is not a
     * bulk list's: an alert's own stop link.
     */
    unsubscribeUrl: text('unsubscribe_url'),
    /** How the message greets its reader. */
    recipientName: text('recipient_name'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // What is due, oldest first, for each worker (lease.ts): with 100,000 newsletter messages
    // waiting, the transactional worker still finds its few at once, and a bulk lease reads
    // only the rows it takes.
    index('outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.list} is null`),
    index('outbox_due_bulk_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.list} is not null`),
    uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey),
    index('outbox_template_idx').on(t.template, t.templateRef, t.status),
    index('outbox_recipient_idx').on(t.recipient, t.status),
  ],
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
