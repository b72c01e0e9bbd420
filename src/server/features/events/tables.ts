/** Webinars and conference sessions, and the ones each user keeps. */
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/index.ts';
import { companies } from '../companies/index.ts';

/** Webinars and virtual-conference sessions (spec 000 §3). */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    companySymbol: text('company_symbol').references(() => companies.symbol, { onDelete: 'set null' }),
    upcomingDate: timestamp('upcoming_date', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    archiveUrl: text('archive_url'),
    zoomUrl: text('zoom_url'),
    formUrl: text('form_url'),
    zoomId: text('zoom_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_date_idx').on(t.upcomingDate)],
);

/** Webinars a user keeps (the webinar cards' heart). */
export const favoriteEvents = pgTable(
  'favorite_events',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);
