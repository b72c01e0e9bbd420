/**
 * The demo universe's short interest (docs/product.md §9.14): a year of reports at the real settlement
 * dates (twice a month) before the demo's day, for every company with a price. Each starts from a
 * share of the shares outstanding typical of small caps (most under 10%, some crowded shorts above
 * 20%), moves from report to report as short sellers come and go, and carries the report before and
 * the days to cover as FINRA computes them (at least 1, 999.99 without volume).
 */
import { addDays } from '../../lib/market-calendar.ts';
import { publicationDay, settlementDates } from '../features/short-interest/index.ts';
import type { shortInterest } from '../schema.ts';
import type { Random } from './random.ts';

/** A year of reports. */
const REPORTS = 24;

export function generateShortInterest(
  company: { symbol: string; sharesOutstanding: number | null; lastSale: number | null },
  r: Random,
  asOf: string,
): (typeof shortInterest.$inferInsert)[] {
  if (!company.sharesOutstanding || !company.lastSale) return [];
  const shares = company.sharesOutstanding;
  // The reports published by the demo's day.
  const dates = settlementDates(addDays(asOf, -400), asOf)
    .filter((d) => publicationDay(d) <= asOf)
    .slice(-REPORTS);
  let share = r.chance(0.12) ? 0.15 + r.next() * 0.2 : 0.004 + r.next() * 0.09;
  const turnover = 0.002 + r.next() * 0.02;
  let previous: number | null = null;
  const rows: (typeof shortInterest.$inferInsert)[] = [];
  for (const settlementDate of dates) {
    share = Math.min(0.6, Math.max(0.001, share * (1 + r.normal() * 0.12)));
    const position = Math.round(shares * share);
    const volume = Math.round(shares * turnover * (0.6 + r.next() * 0.8));
    const days =
      position === 0
        ? 0
        : volume === 0
          ? 999.99
          : Math.min(999.99, Math.max(1, Math.round((position / volume) * 100) / 100));
    rows.push({
      symbol: company.symbol,
      settlementDate,
      shortPosition: position,
      previousPosition: previous,
      averageDailyVolume: volume,
      daysToCover: days,
      source: 'demo',
    });
    previous = position;
  }
  return rows;
}
