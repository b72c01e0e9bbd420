/** The record of unsubscribes: who left which list, and from which newsletter issue's link. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { EMAIL_LISTS } from '../../../lib/email-lists.ts';

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
