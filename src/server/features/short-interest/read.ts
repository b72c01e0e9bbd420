/**
 * A company's short interest as pages, the screener and RedChat read it (docs/product.md §9.14): its
 * reports newest first, and the latest of every company at once.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ShortInterestReport } from '../../../lib/short-interest.ts';
import { arrayColumn } from '../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { shortInterest } from './tables.ts';

/** Reports a company page shows: a year of them. */
export const HISTORY_SHOWN = 24;

const toReport = (r: typeof shortInterest.$inferSelect): ShortInterestReport & { source: string } => ({
  settlementDate: r.settlementDate,
  shortPosition: r.shortPosition,
  previousPosition: r.previousPosition,
  averageDailyVolume: r.averageDailyVolume,
  daysToCover: r.daysToCover,
  source: r.source,
});

/** Each company's reports, newest first, the last HISTORY_SHOWN. */
export async function shortInterestHistory(
  db: Db,
  symbols: readonly string[],
): Promise<Map<string, (ShortInterestReport & { source: string })[]>> {
  const bySymbol = new Map<string, (ShortInterestReport & { source: string })[]>();
  if (!symbols.length) return bySymbol;
  const rows = await db
    .select()
    .from(shortInterest)
    .where(inArray(shortInterest.symbol, [...symbols]))
    .orderBy(shortInterest.symbol, desc(shortInterest.settlementDate));
  for (const row of rows) {
    const list = bySymbol.get(row.symbol) ?? [];
    if (list.length < HISTORY_SHOWN) list.push(toReport(row));
    bySymbol.set(row.symbol, list);
  }
  return bySymbol;
}

/**
 * The latest report of each of these companies (the screener's snapshot reads a page of companies at a
 * time: one short statement per page, along the table's key).
 */
export async function latestShortInterest(
  db: Db,
  symbols: readonly string[],
): Promise<Map<string, ShortInterestReport>> {
  if (!symbols.length) return new Map();
  const rows = rowsOf<{
    symbol: string;
    settlement_date: string;
    short_position: string | number;
    previous_position: string | number | null;
    average_daily_volume: string | number | null;
    days_to_cover: number | null;
  }>(
    await db.execute(sql`
      select distinct on (symbol) symbol, settlement_date::text as settlement_date, short_position, previous_position,
        average_daily_volume, days_to_cover
      from ${shortInterest} where symbol = any(${arrayColumn(symbols, (s) => s, 'text')})
      order by symbol, settlement_date desc`),
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return new Map(
    rows.map((r) => [
      r.symbol,
      {
        settlementDate: r.settlement_date,
        shortPosition: Number(r.short_position),
        previousPosition: num(r.previous_position),
        averageDailyVolume: num(r.average_daily_volume),
        daysToCover: r.days_to_cover,
      },
    ]),
  );
}

/** One company's latest report, or null. */
export async function latestOf(db: Db, symbol: string): Promise<ShortInterestReport | null> {
  const [row] = await db
    .select()
    .from(shortInterest)
    .where(eq(shortInterest.symbol, symbol))
    .orderBy(desc(shortInterest.settlementDate))
    .limit(1);
  return row ? toReport(row) : null;
}
