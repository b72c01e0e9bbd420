/**
 * Short interest (docs/product.md §9.14): each company's shares sold short at each settlement date, as
 * FINRA reports it twice a month (or the demo generates it), and the reports read, so the scheduled
 * fetch asks for each file once.
 */
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.ts';

export const shortInterest = pgTable(
  'short_interest',
  {
    symbol: text('symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade', onUpdate: 'cascade' }),
    settlementDate: date('settlement_date').notNull(),
    shortPosition: bigint('short_position', { mode: 'number' }).notNull(),
    /** The report before as this report gives it (FINRA's, revised when `revised`; not split-adjusted). */
    previousPosition: bigint('previous_position', { mode: 'number' }),
    averageDailyVolume: bigint('average_daily_volume', { mode: 'number' }),
    daysToCover: doublePrecision('days_to_cover'),
    split: boolean('split').notNull().default(false),
    revised: boolean('revised').notNull().default(false),
    source: text('source', { enum: ['finra', 'demo'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.settlementDate] }),
    index('short_interest_settlement_idx').on(t.settlementDate),
  ],
);

/** The FINRA files read: one row per settlement date. */
export const shortInterestReports = pgTable('short_interest_reports', {
  settlementDate: date('settlement_date').primaryKey(),
  /** The file's name or address. */
  file: text('file').notNull(),
  rows: integer('rows').notNull(),
  /** Rows of the universe's companies. */
  matched: integer('matched').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});
