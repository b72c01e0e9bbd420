/** The small-cap benchmark indices and their daily history. */
import { and, asc, desc, eq, gt, max } from 'drizzle-orm';
import type { IndexSummaryRecord, PricePointRecord } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { indexPrices, marketIndices } from './tables.ts';

export const HISTORY_RANGES = ['1M', '3M', '6M', '1Y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

const RANGE_MONTHS: Record<HistoryRange, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 };

/** The same calendar day `months` earlier, clamped to the month's end (Mar 31 → Feb 29). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export type IndexSummary = IndexSummaryRecord;
export type PricePoint = PricePointRecord;

export async function listIndices(db: Db): Promise<IndexSummary[]> {
  const indices = await db.select().from(marketIndices).orderBy(asc(marketIndices.sortOrder));
  return Promise.all(
    indices.map(async (index) => {
      const [last, previous] = await db
        .select({ date: indexPrices.date, close: indexPrices.close })
        .from(indexPrices)
        .where(eq(indexPrices.indexSymbol, index.symbol))
        .orderBy(desc(indexPrices.date))
        .limit(2);
      const change = last && previous ? last.close - previous.close : null;
      return {
        symbol: index.symbol,
        name: index.name,
        description: index.description,
        last: last?.close ?? null,
        change,
        changePercent: change !== null && previous ? (change / previous.close) * 100 : null,
        asOf: last?.date ?? null,
      };
    }),
  );
}

export async function indexHistory(db: Db, symbol: string, range: HistoryRange): Promise<PricePoint[]> {
  const [index] = await db.select().from(marketIndices).where(eq(marketIndices.symbol, symbol));
  if (!index) throw notFound(`Unknown index: ${symbol}`);
  const [latest] = await db
    .select({ date: max(indexPrices.date) })
    .from(indexPrices)
    .where(eq(indexPrices.indexSymbol, symbol));
  if (!latest?.date) return [];
  const from = monthsBefore(latest.date, RANGE_MONTHS[range]);
  return db
    .select({ date: indexPrices.date, close: indexPrices.close })
    .from(indexPrices)
    .where(and(eq(indexPrices.indexSymbol, symbol), gt(indexPrices.date, from)))
    .orderBy(asc(indexPrices.date));
}
