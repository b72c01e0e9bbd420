/**
 * The company pages of the build feed: the companies feature's records with their financials and short
 * interest, a client's with its webinars.
 */
import { inArray } from 'drizzle-orm';
import type { CompanyPageData } from '../../../lib/content-records.ts';
import { shortInterestFigures } from '../../../lib/short-interest.ts';
import type { Db } from '../../platform/db/client.ts';
import { companiesView, companyPageRecords } from '../companies/index.ts';
import { webinarsForBuild } from '../events/index.ts';
import { financialsBySymbol } from '../financials/index.ts';
import { shortInterestHistory } from '../short-interest/index.ts';

/** A company's reports as its page shows them: each one's figures against the shares outstanding of now. */
async function shortInterestOf(db: Db, symbols: string[]): Promise<Map<string, CompanyPageData['short_interest']>> {
  const history = await shortInterestHistory(db, symbols);
  if (!history.size) return new Map();
  const shares = new Map(
    (
      await db
        .select({ symbol: companiesView.symbol, shares: companiesView.sharesOutstanding })
        .from(companiesView)
        .where(inArray(companiesView.symbol, [...history.keys()]))
    ).map((r) => [r.symbol, r.shares]),
  );
  const out = new Map<string, CompanyPageData['short_interest']>();
  for (const [symbol, reports] of history) {
    out.set(symbol, {
      source: reports.some((r) => r.source === 'finra') ? 'finra' : 'demo',
      reports: reports.map((r) => {
        const f = shortInterestFigures(r, shares.get(symbol) ?? null);
        return {
          settlement_date: f.settlementDate,
          short_position: f.shortPosition,
          percent_of_shares: f.percentOfShares,
          days_to_cover: f.daysToCover,
          change: f.change,
          change_percent: f.changePercent,
        };
      }),
    });
  }
  return out;
}

export async function companiesForBuild(
  db: Db,
  page: { ids: number[] } | { after: number; limit: number } | { clients: true },
): Promise<CompanyPageData[]> {
  const records = await companyPageRecords(db, page);
  const financials = await financialsBySymbol(
    db,
    records.map((r) => r.symbol),
  );
  const shorts = await shortInterestOf(
    db,
    records.map((r) => r.symbol),
  );
  const out: CompanyPageData[] = [];
  for (const record of records) {
    const client = record.client && { ...record.client, webinars: await webinarsForBuild(db, record.symbol) };
    out.push({
      ...record,
      financials: financials.get(record.symbol) ?? null,
      short_interest: shorts.get(record.symbol) ?? null,
      client,
    });
  }
  return out;
}
