/** News articles and newsletters, and the ones each user keeps. */
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
import { NEWS_KINDS } from '../../../lib/content-records.ts';
import { searchVector, tsvector } from '../../platform/db/full-text.ts';
import { users } from '../accounts/tables.ts';
import { companies } from '../companies/tables.ts';

/**
 * News articles and newsletters (docs/product.md §19.3). `description` is the
 * article body as sanitized HTML; newsletters carry `rc_newsletter` and the
 * address of the newsletter itself. A company release (docs/product.md §10.8)
 * is a press release a company filed with an 8-K: it keeps the filing's
 * accession number (one item per filing), form and items, and `url` is the
 * filing on EDGAR.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary'),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    companySymbol: text('company_symbol').references(() => companies.symbol, { onDelete: 'set null' }),
    source: text('source'),
    url: text('url'),
    rcNewsletter: boolean('rc_newsletter').notNull().default(false),
    newsletterUrl: text('newsletter_url'),
    /** Who wrote it: the site's editors, or the company (a press release filed with the SEC). */
    kind: text('kind', { enum: NEWS_KINDS }).notNull().default('editorial'),
    /** A company release's filing: its accession number, form ('8-K', '8-K/A') and 8-K items ('2.02'). */
    accession: text('accession'),
    filingForm: text('filing_form'),
    filingItems: text('filing_items').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every staff edit: an edit based on an older version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    /** Kept by the database for RedChat's full-text search: headline first, then summary, then the body. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        searchVector([
          { text: sql`title`, weight: 'A' },
          { text: sql`summary`, weight: 'B' },
          { text: sql`description`, weight: 'C' },
        ]),
      ),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt, t.id),
    index('news_search_idx').using('gin', t.search),
    index('news_company_idx').on(t.companySymbol, t.publishedAt),
    index('news_newsletter_idx').on(t.rcNewsletter, t.publishedAt),
    // A filing makes one news item, whatever reads it again.
    uniqueIndex('news_accession_idx').on(t.accession),
  ],
);

export const favoriteNews = pgTable(
  'favorite_news',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] })],
);
