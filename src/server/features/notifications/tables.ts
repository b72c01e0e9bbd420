/**
 * Global notifications (docs/product.md §19.14): what staff broadcast, how far delivery has
 * gone, and which ones each user has read. A broadcast is one row whatever
 * the audience: the in-app centre reads it against the user's read marks.
 */
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_OBJECT_TYPES } from '../../../lib/console.ts';
import { users } from '../accounts/tables.ts';

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    objectType: text('object_type', { enum: NOTIFICATION_OBJECT_TYPES }).notNull(),
    /** A record id, or a ticker for a company. */
    objectId: text('object_id').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Delivery by email or SMS runs in batches of users by id: the last id reached. */
    deliveredThrough: integer('delivered_through').notNull().default(0),
    /** Set once every user has been reached. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Messages queued so far. */
    queued: integer('queued').notNull().default(0),
  },
  (t) => [index('broadcasts_pending_idx').on(t.deliveredAt, t.id)],
);

/** One row per broadcast a user has read. */
export const broadcastReads = pgTable(
  'broadcast_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.broadcastId] })],
);

/** "Mark all read": every broadcast up to this id counts as read for the user. */
export const broadcastReadMarks = pgTable('broadcast_read_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readThrough: integer('read_through').notNull(),
});
