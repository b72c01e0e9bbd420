/** Newsletter issues: composed each week in the console, sent to the audience, archived as an article. */
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { NEWSLETTER_STATUSES, type NewsletterSection } from '../../../lib/newsletter.ts';
import { news } from '../news/tables.ts';

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
