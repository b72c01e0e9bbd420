/**
 * Research on a company beyond its filings: drug-trial milestones (bio
 * phases) and analyst ratings. The ratings are the record; every analyst
 * figure (counts, average target, range) is derived from them, or, for a
 * company no rating is held of, from a provider's consensus.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  analystSummary,
  consensusSourceLine,
  type AnalystSummary,
  type ConsensusFigures,
} from '../../../lib/analysts.ts';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { requireCompany, type CompanyRow } from './records.ts';
import { analystConsensus, analystRatings, bioPhases, companies } from './tables.ts';

/** Newest first, undated last. */
export const bioPhaseOrder = [sql`${bioPhases.date} desc nulls last`, asc(bioPhases.id)];

/** Newest first: the order of every list of ratings. */
const ratingOrder = [desc(analystRatings.recommendationDate), asc(analystRatings.id)];

export const bioPhaseOut = (r: typeof bioPhases.$inferSelect) => ({
  id: r.id,
  company_symbol: r.companySymbol,
  stage: r.stage,
  drug_name: r.drugName,
  date: r.date,
  raw_text_link: r.rawTextLink,
  source: r.source,
  nct_id: r.nctId,
  title: r.title,
  status: r.status,
  why_stopped: r.whyStopped,
  conditions: r.conditions,
  start_date: r.startDate,
  completion_date: r.completionDate,
  sponsor_role: r.sponsorRole,
  registry_updated_on: r.registryUpdatedOn,
});

export async function listBioPhases(db: Db, symbol: string) {
  const c = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(bioPhases)
    .where(eq(bioPhases.companySymbol, c.symbol))
    .orderBy(...bioPhaseOrder);
  return rows.map(bioPhaseOut);
}

const consensusFigures = (r: typeof analystConsensus.$inferSelect): ConsensusFigures => ({
  provider: r.provider,
  period: r.period,
  strongBuy: r.strongBuy,
  buy: r.buy,
  hold: r.hold,
  sell: r.sell,
  strongSell: r.strongSell,
  targetMean: r.targetMean,
  targetHigh: r.targetHigh,
  targetLow: r.targetLow,
});

/** A provider's consensus of a company, as stored (null when none covers it). */
export async function consensusOf(db: Db, symbol: string): Promise<ConsensusFigures | null> {
  const [row] = await db.select().from(analystConsensus).where(eq(analystConsensus.companySymbol, symbol));
  return row ? consensusFigures(row) : null;
}

/** Where a company's analyst figures come from when it is a provider's consensus, in words and figures. */
export interface ConsensusSource {
  provider: string;
  period: string;
  analysts: number;
  line: string;
}

const consensusSource = (consensus: ConsensusFigures, summary: AnalystSummary): ConsensusSource => ({
  provider: consensus.provider,
  period: consensus.period,
  analysts: summary.totalAnalysts,
  line: consensusSourceLine(consensus, summary.totalAnalysts),
});

export async function listAnalystRatings(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const where = eq(analystRatings.companySymbol, c.symbol);
  const { rows, total } = await paged(
    db
      .select()
      .from(analystRatings)
      .where(where)
      .orderBy(...ratingOrder),
    rowCount(db).from(analystRatings).where(where),
    { page, pageSize },
  );
  return {
    data: rows.map((r) => ({
      companySymbol: r.companySymbol,
      analystName: r.analystName,
      firmName: r.firmName,
      recommendation: r.recommendation,
      recommendationDate: r.recommendationDate,
      priceTarget: r.priceTarget,
      analystRank: r.analystRank,
      successRate: r.successRate,
    })),
    total,
    // No rating of its own: the figures are a provider's consensus, and the page says whose.
    consensus: total === 0 ? await consensusSourceOf(db, c) : null,
  };
}

async function consensusSourceOf(db: Db, company: Pick<CompanyRow, 'symbol' | 'lastSale'>) {
  const consensus = await consensusOf(db, company.symbol);
  return consensus ? consensusSource(consensus, analystSummary([], consensus, company.lastSale)) : null;
}

/**
 * A company's ratings, newest first, with the summary derived from them; for a company without a
 * rating, the summary of a provider's consensus and where it comes from (`consensus`, else null).
 */
export async function analystCoverage(
  db: Db,
  company: Pick<CompanyRow, 'symbol' | 'lastSale'>,
): Promise<{
  ratings: (typeof analystRatings.$inferSelect)[];
  summary: AnalystSummary;
  consensus: ConsensusSource | null;
}> {
  const ratings = await db
    .select()
    .from(analystRatings)
    .where(eq(analystRatings.companySymbol, company.symbol))
    .orderBy(...ratingOrder);
  const consensus = ratings.length ? null : await consensusOf(db, company.symbol);
  const summary = analystSummary(ratings, consensus, company.lastSale);
  return { ratings, summary, consensus: consensus ? consensusSource(consensus, summary) : null };
}

const SUMMARY_FIELDS = [
  'buyRatings',
  'holdRatings',
  'sellRatings',
  'totalAnalysts',
  'priceTarget',
  'highPriceTarget',
  'lowPriceTarget',
  'priceTargetUpside',
] as const satisfies readonly (keyof AnalystSummary)[];

const UPDATE_CHUNK = 500;

/**
 * Writes each company's analyst columns (the screener filters and sorts on
 * them) from its ratings, or its provider's consensus when it has none, where
 * they differ; the one writer of those columns. Answers how many companies changed.
 */
export async function refreshAnalystSummaries(db: Db): Promise<number> {
  const ratings = await db
    .select({
      symbol: analystRatings.companySymbol,
      recommendation: analystRatings.recommendation,
      priceTarget: analystRatings.priceTarget,
    })
    .from(analystRatings);
  const bySymbol = new Map<string, typeof ratings>();
  for (const r of ratings) {
    const list = bySymbol.get(r.symbol) ?? [];
    list.push(r);
    bySymbol.set(r.symbol, list);
  }
  const consensusBySymbol = new Map(
    (await db.select().from(analystConsensus)).map((r) => [r.companySymbol, consensusFigures(r)]),
  );
  const rows = await db
    .select({
      symbol: companies.symbol,
      lastSale: companies.lastSale,
      buyRatings: companies.buyRatings,
      holdRatings: companies.holdRatings,
      sellRatings: companies.sellRatings,
      totalAnalysts: companies.totalAnalysts,
      priceTarget: companies.priceTarget,
      highPriceTarget: companies.highPriceTarget,
      lowPriceTarget: companies.lowPriceTarget,
      priceTargetUpside: companies.priceTargetUpside,
    })
    .from(companies);
  const changed: (AnalystSummary & { symbol: string })[] = [];
  for (const row of rows) {
    const summary = analystSummary(
      bySymbol.get(row.symbol) ?? [],
      consensusBySymbol.get(row.symbol) ?? null,
      row.lastSale,
    );
    if (SUMMARY_FIELDS.some((field) => summary[field] !== row[field])) changed.push({ symbol: row.symbol, ...summary });
  }
  for (let i = 0; i < changed.length; i += UPDATE_CHUNK) {
    const values = sql.join(
      changed
        .slice(i, i + UPDATE_CHUNK)
        .map(
          (s) =>
            sql`(${s.symbol}, ${s.buyRatings}::smallint, ${s.holdRatings}::smallint, ${s.sellRatings}::smallint, ${s.totalAnalysts}::smallint, ${s.priceTarget}::float8, ${s.highPriceTarget}::float8, ${s.lowPriceTarget}::float8, ${s.priceTargetUpside}::float8)`,
        ),
      sql`, `,
    );
    await db.execute(sql`
      update ${companies} c set
        buy_ratings = v.buy, hold_ratings = v.hold, sell_ratings = v.sell, total_analysts = v.total,
        price_target = v.target, high_price_target = v.high, low_price_target = v.low, price_target_upside = v.upside
      from (values ${values}) as v(symbol, buy, hold, sell, total, target, high, low, upside)
      where c.symbol = v.symbol`);
  }
  return changed.length;
}
