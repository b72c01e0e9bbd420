/**
 * Each company's financials kept (tables.ts): written whole with the key figures the screener reads,
 * a change recorded so its pages are built again, and read back for the API and the build.
 */
import { eq, inArray } from 'drizzle-orm';
import type { CompanyFinancials } from '../../../lib/financial-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { recordChanges } from '../../platform/changes.ts';
import { companiesView } from '../companies/index.ts';
import { companyFinancials } from './tables.ts';

/** The columns of a record's key figures, as the screener reads them. */
export function keyFigureColumns(record: CompanyFinancials) {
  const figures = record.key_figures;
  const latest = record.filings.at(-1);
  return {
    currency: record.currency,
    asOf: figures.as_of,
    revenueTtm: figures.revenue_ttm,
    revenueGrowth: figures.revenue_growth,
    netMargin: figures.net_margin,
    cash: figures.cash,
    runwayQuarters: figures.runway.status === 'burning' ? figures.runway.quarters : null,
    debtToEquity: figures.debt_to_equity,
    equity: figures.equity,
    sharesGrowth1y: figures.shares_growth_1y,
    sharesGrowth3y: figures.shares_growth_3y,
    latestFiling: latest?.accession ?? null,
    cik: record.cik,
  };
}

/**
 * Keeps the financials of the companies listed under one CIK (share classes share their filer's
 * statements), and records a change of each, in the caller's transaction.
 */
export async function storeFinancials(
  tx: Db,
  symbols: readonly string[],
  record: CompanyFinancials,
  factsDigest: string | null,
): Promise<void> {
  if (!symbols.length) return;
  const columns = { source: record.source, factsDigest, record, ...keyFigureColumns(record), updatedAt: new Date() };
  await tx
    .insert(companyFinancials)
    .values(symbols.map((companySymbol) => ({ companySymbol, ...columns })))
    .onConflictDoUpdate({ target: companyFinancials.companySymbol, set: columns });
  const ids = await tx
    .select({ id: companiesView.id })
    .from(companiesView)
    .where(inArray(companiesView.symbol, [...symbols]));
  await recordChanges(
    tx,
    'company',
    ids.map((row) => row.id),
  );
}

/** The digest of the facts document each company's financials were last read from. */
export async function factsDigests(db: Db): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ symbol: companyFinancials.companySymbol, digest: companyFinancials.factsDigest })
    .from(companyFinancials);
  return new Map(rows.map((row) => [row.symbol, row.digest]));
}

/** A company's financials; null when it has none. */
export async function financialsOf(db: Db, symbol: string): Promise<CompanyFinancials | null> {
  const [row] = await db
    .select({ record: companyFinancials.record })
    .from(companyFinancials)
    .where(eq(companyFinancials.companySymbol, symbol));
  return row?.record ?? null;
}

/** The financials of many companies, for the build's company records. */
export async function financialsBySymbol(db: Db, symbols: readonly string[]): Promise<Map<string, CompanyFinancials>> {
  if (!symbols.length) return new Map();
  const rows = await db
    .select({ symbol: companyFinancials.companySymbol, record: companyFinancials.record })
    .from(companyFinancials)
    .where(inArray(companyFinancials.companySymbol, [...symbols]));
  return new Map(rows.map((row) => [row.symbol, row.record]));
}
