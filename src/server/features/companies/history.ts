/** A company's daily price history, for the page's chart and the generated documents. */
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { CHART_RANGE_DAYS, type ChartRange } from '../../../lib/company.ts';
import { addDays } from '../../../lib/market-calendar.ts';
import type { Db } from '../../platform/db/client.ts';
import { requireCompany } from './records.ts';
import { dailyPrices } from './tables.ts';

/** Daily bars over a range, oldest first, ending at the latest bar. */
export async function priceHistory(db: Db, symbol: string, range: ChartRange) {
  const c = await requireCompany(db, symbol);
  const [last] = await db
    .select({ date: dailyPrices.date })
    .from(dailyPrices)
    .where(eq(dailyPrices.symbol, c.symbol))
    .orderBy(desc(dailyPrices.date))
    .limit(1);
  if (!last) return { symbol: c.symbol, range, data: [] };
  const rows = await db
    .select()
    .from(dailyPrices)
    .where(and(eq(dailyPrices.symbol, c.symbol), gte(dailyPrices.date, addDays(last.date, -CHART_RANGE_DAYS[range]))))
    .orderBy(asc(dailyPrices.date));
  return {
    symbol: c.symbol,
    range,
    data: rows.map((r) => ({ date: r.date, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume })),
  };
}

/** The latest `count` daily closes, oldest first. */
export async function recentCloses(db: Db, symbol: string, count: number) {
  const bars = await db
    .select({ date: dailyPrices.date, close: dailyPrices.close })
    .from(dailyPrices)
    .where(eq(dailyPrices.symbol, symbol))
    .orderBy(desc(dailyPrices.date))
    .limit(count);
  return bars.reverse();
}
