/** The small-cap benchmark indices and their daily history. */
import { and, asc, desc, eq, gt, lte, max } from 'drizzle-orm';
import type { IndexSummaryRecord, PricePointRecord } from '../../../lib/content-records.ts';
import { monthsBefore } from '../../../lib/market-calendar.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { indexPrices, marketIndices } from './tables.ts';

export const HISTORY_RANGES = ['1M', '3M', '6M', '1Y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

const RANGE_MONTHS: Record<HistoryRange, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 };

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

/**
 * An index's close on a day or the last one before it; when its history
 * begins after that day, its oldest close, marked as later.
 */
export async function indexCloseAsOf(
  db: Db,
  symbol: string,
  date: string,
): Promise<{ date: string; close: number; later: boolean } | null> {
  const [onOrBefore] = await db
    .select({ date: indexPrices.date, close: indexPrices.close })
    .from(indexPrices)
    .where(and(eq(indexPrices.indexSymbol, symbol), lte(indexPrices.date, date)))
    .orderBy(desc(indexPrices.date))
    .limit(1);
  if (onOrBefore) return { ...onOrBefore, later: false };
  const [oldest] = await db
    .select({ date: indexPrices.date, close: indexPrices.close })
    .from(indexPrices)
    .where(eq(indexPrices.indexSymbol, symbol))
    .orderBy(asc(indexPrices.date))
    .limit(1);
  return oldest ? { ...oldest, later: true } : null;
}
