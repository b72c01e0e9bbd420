import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The IPO calendar: recent and coming listings. The demo's rows are generated; the others come from
 * the registration statements, pricing prospectuses, listing certifications and withdrawals the
 * EDGAR sync finds (features/edgar/ipo-filings.ts), one row per registrant. Staff corrections are kept
 * apart (`corrections`) and laid over what EDGAR says, so a later filing never undoes them.
 */
export const ipos = pgTable(
  'ipos',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    /** The proposed symbol; null until a filing names one. */
    symbol: text('symbol'),
    exchange: text('exchange'),
    sector: text('sector'),
    priceLow: doublePrecision('price_low'),
    priceHigh: doublePrecision('price_high'),
    sharesOffered: bigint('shares_offered', { mode: 'number' }),
    /** The day of the listing: expected (demo, staff) or the day it priced. */
    expectedDate: date('expected_date'),
    status: text('status', { enum: ['Filed', 'Expected', 'Priced', 'Withdrawn'] }).notNull(),
    leadUnderwriter: text('lead_underwriter'),
    source: text('source', { enum: ['demo', 'edgar', 'staff'] })
      .notNull()
      .default('demo'),
    /** The registrant's CIK (rows from EDGAR). */
    cik: integer('cik'),
    /** The first registration statement's day; the pricing prospectus's; the listing certification's. */
    filedOn: date('filed_on'),
    pricedOn: date('priced_on'),
    listedOn: date('listed_on'),
    /** The offering price of a priced IPO. */
    offerPrice: doublePrecision('offer_price'),
    /** The filings that made the row, newest last: form, accession, day and link. */
    filings: jsonb('filings')
      .$type<{ form: string; accession: string; filedOn: string; url: string }[]>()
      .notNull()
      .default([]),
    /** Staff's corrections by field, laid over the filings' figures. */
    corrections: jsonb('corrections').$type<Record<string, string | number | null>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ipos_company_name_idx').on(t.companyName),
    index('ipos_expected_date_idx').on(t.expectedDate),
    uniqueIndex('ipos_cik_idx')
      .on(t.cik)
      .where(sql`${t.cik} is not null`),
  ],
);
