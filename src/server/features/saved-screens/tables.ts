/** Saved screens (docs/product.md §7.8): each reader's named screens of the screener. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/index.ts';

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
     * The symbols in the screen when it was last checked for alerts; null
     * until the first check, which only takes note (turning alerts on never
     * reports what was already there).
     */
    alertMembers: text('alert_members').array(),
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
  ],
);
