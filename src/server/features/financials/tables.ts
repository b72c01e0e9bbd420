/**
 * Each company's financials (docs/product.md §9.12): the record the API and the pages show, whole,
 * and beside it the key figures the screener filters and sorts on, as columns of their own.
 */
import { date, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CompanyFinancials } from '../../../lib/financial-records.ts';
import { companies } from '../companies/tables.ts';

export const companyFinancials = pgTable('company_financials', {
  companySymbol: text('company_symbol')
    .primaryKey()
    .references(() => companies.symbol, { onDelete: 'cascade' }),
  /** 'sec-companyfacts' or 'demo' (FINANCIALS_SOURCES). */
  source: text('source').notNull(),
  /** The SHA-256 of the company-facts document they were read from: the same document again changes nothing. */
  factsDigest: text('facts_digest'),
  record: jsonb('record').$type<CompanyFinancials>().notNull(),
  currency: text('currency'),
  /** The end of the latest period (the record's key_figures.as_of). */
  asOf: date('as_of'),
  revenueTtm: doublePrecision('revenue_ttm'),
  revenueGrowth: doublePrecision('revenue_growth'),
  netMargin: doublePrecision('net_margin'),
  cash: doublePrecision('cash'),
  /** Quarters of cash left; null for a company that burns none (or whose burn is unknown). */
  runwayQuarters: doublePrecision('runway_quarters'),
  debtToEquity: doublePrecision('debt_to_equity'),
  equity: doublePrecision('equity'),
  sharesGrowth1y: doublePrecision('shares_growth_1y'),
  sharesGrowth3y: doublePrecision('shares_growth_3y'),
  /** The latest filing the figures come from (its accession number). */
  latestFiling: text('latest_filing'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Kept for the sync's question "what filed since we last read its facts?". */
  cik: integer('cik'),
});
