/**
 * The events page's tabs and ranges (docs/product.md §12.1, §21.7), as windows of
 * instants. Calendar bounds (end of month, December 31) are New York
 * midnights, whatever the reader's or the server's time zone, and DST is
 * taken from the zone itself.
 *
 * Upcoming looks forward from now: week is the next 7 days, month runs to
 * the end of the current month, 3months to the end of the day three months
 * from today, year to the end of December 31. History looks back the same
 * way: the past 7 days, since the 1st of the month, since the same day three
 * months ago, since January 1.
 */
import { addDays, isoDate, toNewYork } from './market-calendar.ts';

export const EVENT_TABS = ['upcoming', 'history'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

export const EVENT_RANGES = ['all', 'week', 'month', '3months', 'year'] as const;
export type EventRange = (typeof EVENT_RANGES)[number];

/** Labels of the range buttons (the 'all' range has none: it is the state with no button pressed). */
export const EVENT_RANGE_LABELS: Record<Exclude<EventRange, 'all'>, string> = {
  week: 'This Week',
  month: 'This Month',
  '3months': 'In 3 Months',
  year: 'This Year',
};

/** Event search pages hold 10 (docs/product.md §12.1, §21.1). */
export const EVENT_PAGE_SIZE = 10;

/** From (inclusive) and to (exclusive); null is unbounded. */
export interface EventWindow {
  from: Date | null;
  to: Date | null;
}

const DAY_MS = 86_400_000;

/** The instant a New York wall-clock time happens (the earlier one when a DST change repeats it). */
export function newYorkInstant(date: string, minutes = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, 0, minutes);
  // New York is 4 or 5 hours behind UTC; two corrections settle on the zone in force.
  let guess = wanted + 5 * 3_600_000;
  for (let i = 0; i < 2; i++) {
    const ny = toNewYork(new Date(guess));
    const [gy, gm, gd] = ny.date.split('-').map(Number) as [number, number, number];
    const seen = Date.UTC(gy, gm - 1, gd, 0, ny.minutes, ny.seconds);
    guess += wanted - seen;
  }
  return new Date(guess);
}

function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/** A calendar date moved by whole months, the day clamped to the month's length (Nov 30 + 3 months = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDate(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(d, length));
}

/** The window of events a tab and range show at `now`. */
export function eventWindow(tab: EventTab, range: EventRange, now: Date): EventWindow {
  const today = toNewYork(now).date;
  const [y, m] = parts(today);
  if (tab === 'upcoming') {
    const to =
      range === 'week'
        ? new Date(now.getTime() + 7 * DAY_MS)
        : range === 'month'
          ? newYorkInstant(addMonths(isoDate(y, m, 1), 1))
          : range === '3months'
            ? newYorkInstant(addDays(addMonths(today, 3), 1))
            : range === 'year'
              ? newYorkInstant(isoDate(y + 1, 1, 1))
              : null;
    return { from: now, to };
  }
  const from =
    range === 'week'
      ? new Date(now.getTime() - 7 * DAY_MS)
      : range === 'month'
        ? newYorkInstant(isoDate(y, m, 1))
        : range === '3months'
          ? newYorkInstant(addMonths(today, -3))
          : range === 'year'
            ? newYorkInstant(isoDate(y, 1, 1))
            : null;
  return { from, to: now };
}
