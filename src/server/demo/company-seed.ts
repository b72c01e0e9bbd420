/**
 * Writes the demo company-page data (see company-data.ts) when the
 * company_profiles table is empty, so a database seeded by an older
 * generator gains it at the next start. All or nothing.
 */
import { count, eq, sql } from 'drizzle-orm';
import { transaction, type Database, type Db } from '../platform/db/client.ts';
import { refreshAnalystSummaries } from '../features/companies/index.ts';
import {
  analystRatings,
  appMeta,
  bioPhases,
  clients,
  companies,
  companyFinancials,
  companyLandingPages,
  companyLeaders,
  companyProfiles,
  insiderTransactions,
  institutionalHoldings,
  secFilings,
  shortInterest,
  specialists,
} from '../schema.ts';
import type { DemoSeedInfo } from '../features/site-build/index.ts';
import { keyFigureColumns } from '../features/financials/index.ts';
import { generateCompanyData } from './company-data.ts';

const CHUNK = 500;

/** Marks a database whose analyst columns have been derived from its ratings. */
const ANALYST_FIGURES_KEY = 'demo_analyst_figures_derived';

/** The screener's analyst columns, from the ratings; answers how many companies changed. */
async function deriveAnalystFigures(db: Db): Promise<number> {
  const changed = await refreshAnalystSummaries(db);
  await db
    .insert(appMeta)
    .values({ key: ANALYST_FIGURES_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  return changed;
}

export async function seedCompanyPages(
  database: Database,
  info: DemoSeedInfo,
  progress: (m: string) => void,
): Promise<void> {
  const { db } = database;
  const [existing] = await db.select({ n: count() }).from(companyProfiles);
  if (Number(existing?.n ?? 0) > 0) {
    // An older generator stated analyst figures of its own beside the ratings: derive them from the ratings, once.
    const [derived] = await db.select().from(appMeta).where(eq(appMeta.key, ANALYST_FIGURES_KEY));
    if (!derived) {
      const changed = await deriveAnalystFigures(db);
      if (changed > 0)
        progress(
          `Demo data: analyst figures of ${changed.toLocaleString('en-US')} companies derived from their ratings`,
        );
    }
    return;
  }
  const t0 = performance.now();
  const source = await db
    .select({
      symbol: companies.symbol,
      name: companies.name,
      sectorName: companies.sectorName,
      industry: companies.industry,
      country: companies.country,
      ipoYear: companies.ipoYear,
      isClient: companies.isClient,
      lastSale: companies.lastSale,
      sharesOutstanding: companies.sharesOutstanding,
      marketCap: companies.marketCap,
      bioPhasePipelines: companies.bioPhasePipelines,
      insiderTransactions: companies.insiderTransactions,
      institutionalOwnership: companies.institutionalOwnership,
    })
    .from(companies)
    .orderBy(companies.symbol);
  const data = generateCompanyData(info.seed, info.asOf, source);
  progress(
    `Demo data: company pages (${data.filings.length.toLocaleString('en-US')} filings, ` +
      `${data.holdings.length.toLocaleString('en-US')} holdings, ${data.insider.length.toLocaleString('en-US')} insider transactions)`,
  );
  // A start interrupted half-way left some of these tables filled: begin again.
  await db.execute(
    sql`truncate ${insiderTransactions}, ${secFilings}, ${institutionalHoldings}, ${analystRatings}, ${bioPhases}, ${companyLeaders}, ${companyLandingPages}, ${clients}, ${specialists}, ${companyFinancials}, ${shortInterest} restart identity cascade`,
  );
  // The large tables go in by COPY; the profiles, written last in one transaction, mark the step done.
  await database.copyRows(
    'insider_transactions',
    [
      'company_symbol',
      'purchaser',
      'amount_purchased',
      'date_of_purchase',
      'is_buy',
      'code',
      'relationship',
      'price',
      'acquired_disposed',
      'shares_after',
      'ownership',
      'trading_plan',
      'security',
      'derivative',
      'filed_on',
    ],
    data.insider.map((t) => [
      t.companySymbol,
      t.purchaser,
      t.amountPurchased,
      t.dateOfPurchase,
      t.isBuy,
      t.code ?? null,
      t.relationship ?? null,
      t.price ?? null,
      t.acquiredDisposed ?? null,
      t.sharesAfter ?? null,
      t.ownership ?? null,
      t.tradingPlan ?? null,
      t.security ?? null,
      t.derivative ?? false,
      t.filedOn ?? null,
    ]),
  );
  await database.copyRows(
    'sec_filings',
    [
      'accession_key',
      'company_symbol',
      'filing_type',
      'description',
      'raw_text_link',
      'document_count',
      'date_as_of_change',
    ],
    data.filings.map((f) => [
      f.accessionKey,
      f.companySymbol,
      f.filingType,
      f.description,
      f.rawTextLink,
      f.documentCount,
      f.dateAsOfChange,
    ]),
  );
  await database.copyRows(
    'institutional_holdings',
    ['company_symbol', 'institution_name', 'shares_held_percentage', 'shares_held', 'market_value', 'filing_date'],
    data.holdings.map((h) => [
      h.companySymbol,
      h.institutionName,
      h.sharesHeldPercentage,
      h.sharesHeld,
      h.marketValue,
      h.filingDate,
    ]),
  );
  await database.copyRows(
    'analyst_ratings',
    [
      'company_symbol',
      'analyst_name',
      'firm_name',
      'recommendation',
      'recommendation_date',
      'price_target',
      'analyst_rank',
      'success_rate',
      'source',
    ],
    data.analysts.map((a) => [
      a.companySymbol,
      a.analystName,
      a.firmName,
      a.recommendation,
      a.recommendationDate,
      a.priceTarget,
      a.analystRank,
      a.successRate,
      'demo',
    ]),
  );
  await transaction(db, async (tx) => {
    for (let i = 0; i < data.bioPhases.length; i += CHUNK)
      await tx.insert(bioPhases).values(data.bioPhases.slice(i, i + CHUNK));
    await tx.insert(specialists).values(data.specialists);
    if (data.clients.length) {
      await tx.insert(clients).values(data.clients);
      await tx.insert(companyLandingPages).values(data.landingPages);
      await tx.insert(companyLeaders).values(data.leaders);
    }
    // Keep the specialists' id sequence past the ids written explicitly.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('specialists', 'id'), (select max(id) from specialists))`,
    );
    for (let i = 0; i < data.financials.length; i += CHUNK) {
      const rows = data.financials.slice(i, i + CHUNK).map(({ symbol, record }) => ({
        companySymbol: symbol,
        source: record.source,
        record,
        ...keyFigureColumns(record),
      }));
      await tx.insert(companyFinancials).values(rows);
    }
    for (let i = 0; i < data.shortInterest.length; i += CHUNK)
      await tx.insert(shortInterest).values(data.shortInterest.slice(i, i + CHUNK));
    for (let i = 0; i < data.profiles.length; i += CHUNK)
      await tx.insert(companyProfiles).values(data.profiles.slice(i, i + CHUNK));
    await deriveAnalystFigures(tx);
  });
  progress(`Demo data: company pages written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
