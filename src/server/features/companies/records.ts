/**
 * A listed company's record: the one lookup by symbol (every company read
 * answers not-found with the same sentence for a symbol that is not listed),
 * its description, insider transactions, and the market record of the
 * company header (docs/product.md §19.5).
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { InsiderRecordData } from '../../../lib/content-records.ts';
import { filingIndexUrl } from '../../../lib/edgar-links.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { companies, companyProfiles, insiderTransactions } from './tables.ts';

export type CompanyRow = typeof companies.$inferSelect;

export const normalizeSymbol = (symbol: string) => symbol.trim().toUpperCase();

/** The sentence for a symbol that is not listed. */
export const unknownCompany = (symbol: string) => `No company with the symbol ${normalizeSymbol(symbol)}.`;

/** The listed company with this symbol (any case), or not-found naming the symbol. */
export async function requireCompany(db: Db, symbol: string): Promise<CompanyRow> {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.symbol, normalizeSymbol(symbol)))
    .limit(1);
  if (!row) throw notFound(unknownCompany(symbol));
  return row;
}

/**
 * The id of the listed company with this symbol: the entity whose pages a
 * staff edit of its leaders, landing page or client record rebuilds.
 */
export async function companyIdOf(db: Db, symbol: string): Promise<{ companyId: number }> {
  const [row] = await db.select({ companyId: companies.id }).from(companies).where(eq(companies.symbol, symbol));
  return row!;
}

/** Newest first: the order every list of insider transactions uses. */
export const insiderOrder = [desc(insiderTransactions.dateOfPurchase), desc(insiderTransactions.id)];

export const insiderOut = (r: typeof insiderTransactions.$inferSelect): InsiderRecordData => ({
  amount_purchased: r.amountPurchased,
  purchaser: r.purchaser,
  date_of_purchase: r.dateOfPurchase,
  company_symbol: r.companySymbol,
  is_buy: r.isBuy,
  owner_cik: r.ownerCik,
  relationship: r.relationship,
  code: r.code,
  price: r.price,
  acquired_disposed: r.acquiredDisposed,
  shares_after: r.sharesAfter,
  ownership: r.ownership,
  nature_of_ownership: r.natureOfOwnership,
  trading_plan: r.tradingPlan,
  security: r.security,
  derivative: r.derivative,
  filed_on: r.filedOn,
  filing_url: r.accession && r.ownerCik ? filingIndexUrl(r.ownerCik, r.accession) : null,
});

/** The descriptions of several companies in one query (the screener's GraphQL asks for a page of them). */
export async function descriptionsOf(db: Db, symbols: string[]): Promise<Map<string, string | null>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .select({ symbol: companyProfiles.symbol, description: companyProfiles.description })
    .from(companyProfiles)
    .where(inArray(companyProfiles.symbol, symbols));
  return new Map(rows.map((r) => [r.symbol, r.description]));
}

/** The insider transactions of several companies in one query, each list newest first. */
export async function insiderRecordsOf(db: Db, symbols: string[]): Promise<Map<string, InsiderRecordData[]>> {
  const bySymbol = new Map<string, InsiderRecordData[]>();
  if (symbols.length === 0) return bySymbol;
  const rows = await db
    .select()
    .from(insiderTransactions)
    .where(inArray(insiderTransactions.companySymbol, symbols))
    .orderBy(...insiderOrder);
  for (const row of rows) {
    const list = bySymbol.get(row.companySymbol) ?? [];
    list.push(insiderOut(row));
    bySymbol.set(row.companySymbol, list);
  }
  return bySymbol;
}

/** What the company says of itself: description, web site, headquarters and head count (null when it has no profile). */
export async function companyProfile(db: Db, symbol: string) {
  const [row] = await db
    .select({
      description: companyProfiles.description,
      websiteUrl: companyProfiles.websiteUrl,
      headquarters: companyProfiles.headquarters,
      employees: companyProfiles.employees,
    })
    .from(companyProfiles)
    .where(eq(companyProfiles.symbol, symbol));
  return row ?? null;
}

export const companyDescription = async (db: Db, symbol: string): Promise<string | null> =>
  (await descriptionsOf(db, [symbol])).get(symbol) ?? null;

const insiderRecords = async (db: Db, symbol: string): Promise<InsiderRecordData[]> =>
  (await insiderRecordsOf(db, [symbol])).get(symbol) ?? [];

/** The company market record (docs/product.md §19.5), with the last sale and the quote's time for the header. */
export async function companyMarketRecord(db: Db, symbol: string) {
  const c = await requireCompany(db, symbol);
  const [description, insider] = await Promise.all([companyDescription(db, c.symbol), insiderRecords(db, c.symbol)]);
  return {
    name: c.name,
    symbol: c.symbol,
    last_sale: c.lastSale,
    open: c.open,
    pre_close: c.preClose,
    volume: c.volume,
    volume_avg: c.volumeAvg,
    market_cap: c.marketCap,
    daylow: c.dayLow,
    dayhigh: c.dayHigh,
    week52low: c.week52Low,
    week52high: c.week52High,
    shares_outstanding: c.sharesOutstanding,
    net_change: c.netChange,
    change_pre: c.changePercent,
    market: c.market,
    sector_name: c.sectorName,
    industry: c.industry,
    ipo_year: c.ipoYear,
    country: c.country,
    is_client: c.isClient,
    description,
    quote_updated_at: c.quoteUpdatedAt?.toISOString() ?? null,
    data_source: c.dataSource,
    prices_as_of: c.pricesAsOf,
    active: c.active,
    insiderOwnershipRecords: insider,
  };
}
