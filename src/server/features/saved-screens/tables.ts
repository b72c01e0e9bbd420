/** Saved screens (docs/product.md §7.8): each reader's named screens of the screener. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';

export const savedScreens = pgTable(
  'saved_screens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The screener's link query for the screen, canonical (see lib/saved-screens.ts). */
    query: text('query').notNull(),
    columns: text('columns').array().notNull(),
    /** Alert the reader when a company newly enters the screen (docs/product.md §15.7). */
    alert: boolean('alert').notNull().default(false),
    /**
     * When the alerts' first check took note of the companies already in the
     * screen; null until then (turning alerts on, or another query, never
     * reports what was already there). The members themselves are kept once
     * per query, in alert_screen_members.
     */
    alertNotedAt: timestamp('alert_noted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name once per reader, whatever its case.
    uniqueIndex('saved_screens_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    index('saved_screens_user_idx').on(t.userId, t.id),
    index('saved_screens_alert_idx')
      .on(t.id)
      .where(sql`${t.alert}`),
    // The alerts' evaluation looks only at screens changed since its last look.
    index('saved_screens_updated_idx').on(t.updatedAt),
  ],
);
