/** Webinars and conference sessions, who registered for them, and the ones each user keeps. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { companies } from '../companies/tables.ts';
import { REMINDER_CHOICES } from '../../../lib/event-registration.ts';

/** Webinars and virtual-conference sessions (docs/product.md §19.2). */
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
    /** The card picture (kept per company and month, docs/product.md §18.14). */
    imageUrl: text('image_url'),
    /** What the session covers, shown on the registration page and in the invite. */
    agenda: text('agenda'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every staff edit: an edit based on an older version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('events_date_idx').on(t.upcomingDate), index('events_zoom_id_idx').on(t.zoomId)],
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

/** One registration per event and email address (docs/product.md §12.4). */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    jobTitle: text('job_title'),
    /** How the registrant wants the reminders: by email, by text, both or none. */
    reminders: text('reminders', { enum: REMINDER_CHOICES }).notNull().default('email'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The webinar platform's id for the registrant and their own join link, when the platform gives them. */
    platformRegistrantId: text('platform_registrant_id'),
    joinUrl: text('join_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_registrations_event_email_idx').on(t.eventId, sql`lower(${t.email})`)],
);

/**
 * Reminders already sent: a row per registration, lead time and channel,
 * written in the transaction that queues the message, so a reminder is
 * sent once however often the job runs or restarts.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    registrationId: integer('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    /** '24h' or '1h'. */
    lead: text('lead').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.lead, t.channel] })],
);
