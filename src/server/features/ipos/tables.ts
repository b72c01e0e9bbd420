import { bigint, date, doublePrecision, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
/** The IPO calendar. */

/** The IPO calendar: recent and upcoming listings. */
export const ipos = pgTable(
  'ipos',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    symbol: text('symbol').notNull(),
    exchange: text('exchange').notNull(),
    sector: text('sector').notNull(),
    priceLow: doublePrecision('price_low').notNull(),
    priceHigh: doublePrecision('price_high').notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    expectedDate: date('expected_date').notNull(),
    status: text('status', { enum: ['Expected', 'Priced', 'Withdrawn'] }).notNull(),
    leadUnderwriter: text('lead_underwriter').notNull(),
  },
  (t) => [uniqueIndex('ipos_company_name_idx').on(t.companyName), index('ipos_expected_date_idx').on(t.expectedDate)],
);
