/**
 * Email's records: the lists' sign-ups (the newsletter's, news alerts for
 * client companies), the newsletter's issues, who left which list (and from
 * which issue's link), and the addresses no bulk mail goes to.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EMAIL_LISTS } from '../../../lib/email-lists.ts';
import { NEWSLETTER_STATUSES, type NewsletterSection } from '../../../lib/newsletter.ts';
import { companies } from '../companies/tables.ts';
import { news } from '../news/tables.ts';

/** The record of unsubscribes: who left which list, and from which newsletter issue's link. */
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    list: text('list', { enum: EMAIL_LISTS }).notNull(),
    /** The newsletter issue whose link was used, for its progress figures. */
    issueId: integer('issue_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_unsubscribes_issue_idx').on(t.issueId)],
);

/**
 * Addresses no bulk mail goes to: they bounced for good, bounced again and
 * again, or their reader reported our mail as spam. Staff can lift one.
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  /** Lower-cased. */
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['hard-bounce', 'soft-bounces', 'complaint'] }).notNull(),
  detail: text('detail').notNull().default(''),
  source: text('source', { enum: ['sns', 'smtp'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Temporary failures per address: a run of them within a month suppresses it. */
export const mailSoftBounces = pgTable('mail_soft_bounces', {
  email: text('email').primaryKey(),
  count: integer('count').notNull().default(0),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Newsletter sign-ups: the footer and home page form (email only), and the
 * newsletter page's form, which is confirmed by a link sent to the address.
 */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    source: text('source').notNull().default('site'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /** SHA-256 of the confirmation link's token, until it is used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set when the reader turned the newsletter off (an unsubscribe link, the preference centre, settings). */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_subscriptions_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** News alerts for one company, confirmed by a link emailed to the address (docs/product.md §10.5). */
export const newsAlertSubscriptions = pgTable(
  'news_alert_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set when the reader turned company news alerts off; turning them on again restores the same companies. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('news_alert_email_symbol_idx').on(sql`lower(${t.email})`, t.companySymbol)],
);

/** Newsletter issues: composed each week in the console, sent to the audience, archived as an article. */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: serial('id').primaryKey(),
    /** The Monday (Eastern Time) of the week the issue covers. */
    weekOf: date('week_of').notNull(),
    subject: text('subject').notNull(),
    /** The editor's opening words, sanitized HTML. */
    intro: text('intro').notNull().default(''),
    sections: jsonb('sections').$type<NewsletterSection[]>().notNull().default([]),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The archive's article for the issue: its web version. */
    articleId: integer('article_id').references(() => news.id, { onDelete: 'set null' }),
    /** Queueing goes through the audience in address order; the last address queued. */
    queuedThrough: text('queued_through'),
    /** True once every reader of the audience has a message. */
    audienceQueued: boolean('audience_queued').notNull().default(false),
    createdBy: integer('created_by'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_issues_week_idx').on(t.weekOf), index('newsletter_issues_status_idx').on(t.status)],
);
