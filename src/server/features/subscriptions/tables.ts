/** Newsletter sign-ups and news alerts for client companies. */
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from '../companies/tables.ts';

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
