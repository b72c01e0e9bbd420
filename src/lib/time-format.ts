/**
 * Time formats shared by pages, islands and the server (docs/product.md §21.5): relative, New York dates, event times.
 */

const RELATIVE_UNITS: readonly (readonly [string, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', '1 hour ago', 'just now' (months count 30 days). */
export function formatRelativeTime(instant: Date, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - instant.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of RELATIVE_UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

const nyDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A calendar date as New York readers see it, e.g. 'Mar 29, 2024'. */
export function formatNewYorkDate(instant: Date): string {
  return nyDate.format(instant);
}

const nyEventTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * When an event takes place, in Eastern Time (docs/product.md §21.5) with the zone in force
 * that day, e.g. 'Thu, Dec 31, 2026, 1:00 PM EST' or 'Tue, Jul 7, 2026, 11:00 AM EDT'.
 */
export function formatEventTime(instant: Date): string {
  return nyEventTime.format(instant);
}
