/**
 * Reader alerts (docs/product.md §15.7, §19.16): what each reader asked to
 * hear about the companies they follow and the screens they keep, the
 * alerts raised for them, and the devices their pushes go to.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { companies } from '../companies/tables.ts';

/**
 * A reader's alert choices. No row means the defaults of lib/alerts.ts, so
 * the hundred thousand readers who never opened the page cost no rows.
 */
export const alertSettings = pgTable('alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The kinds raised for every followed company without a rule of its own. */
  kinds: text('kinds').array().notNull(),
  /** Percent; a daily move at or beyond it either way is an alert. */
  priceThreshold: smallint('price_threshold').notNull(),
  email: text('email', { enum: ['instant', 'digest', 'off'] }).notNull(),
  /** Eastern Time hour the daily digest goes at. */
  digestHour: smallint('digest_hour').notNull(),
  sms: boolean('sms').notNull(),
  smsKinds: text('sms_kinds').array().notNull(),
  push: boolean('push').notNull(),
  /** Eastern Time hours; both null when the reader keeps none. */
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  /** The last digest built for the reader (its Eastern date), so a restart never sends a day twice. */
  lastDigestOn: text('last_digest_on'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A followed company with kinds or a threshold of its own. */
export const alertCompanyRules = pgTable(
  'alert_company_rules',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    kinds: text('kinds').array().notNull(),
    priceThreshold: smallint('price_threshold').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

/**
 * What a raised alert still owes its channels: `pending` until the delivery
 * job has looked at it, `held` while the reader's quiet hours last,
 * `digest` waiting for the reader's daily email, `done` once queued
 * everywhere it goes.
 */
export const ALERT_DELIVERY_STATES = ['pending', 'held', 'digest', 'done'] as const;

/**
 * One alert for one reader. The unique key (reader, kind, cause) is the
 * promise that a cause alerts a reader once, whichever instance saw it and
 * however often it was seen again after a restart.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    causeKey: text('cause_key').notNull(),
    symbol: text('symbol'),
    /** For screen-entry alerts: the screen (its alert can be stopped from the email). */
    screenId: integer('screen_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    delivery: text('delivery', { enum: ALERT_DELIVERY_STATES }).notNull().default('pending'),
    /** When a held alert may go (the end of the reader's quiet hours). */
    deliverAfter: timestamp('deliver_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_once_idx').on(t.userId, t.kind, t.causeKey),
    index('alerts_user_idx').on(t.userId, t.id),
    index('alerts_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('alerts_delivery_idx')
      .on(t.delivery, t.id)
      .where(sql`${t.delivery} <> 'done'`),
    // A reader's alerts kept for the digest: readers with none cost one look.
    index('alerts_digest_idx')
      .on(t.userId, t.id)
      .where(sql`${t.delivery} = 'digest'`),
  ],
);

/**
 * The companies in a saved screen's query when the alerts' evaluation last
 * stored them: one row per query, however many screens share it, so a
 * restart knows which companies are new since (docs/product.md §15.7).
 */
export const alertScreenMembers = pgTable('alert_screen_members', {
  /** The screener's canonical link query (saved_screens.query). */
  query: text('query').primaryKey(),
  members: text('members').array().notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A device that receives the reader's pushes (a browser's PushSubscription). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
