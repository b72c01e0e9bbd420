/** Time formats shared by pages, islands and the server (spec 000 §9, 002 §9): relative, New York dates, event times. */

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
 * When an event takes place, in Eastern Time (002 §9) with the zone in force
 * that day, e.g. 'Thu, Dec 31, 2026, 1:00 PM EST' or 'Tue, Jul 7, 2026, 11:00 AM EDT'.
 */
export function formatEventTime(instant: Date): string {
  return nyEventTime.format(instant);
}

const nyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The New York wall-clock fields of an instant. */
function newYorkFields(instant: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  const parts = Object.fromEntries(nyParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a date-time input's value in Eastern Time ('2026-12-03T13:00'):
 * staff enter event and publication times as New York readers see them (002 §9).
 */
export function toEasternInputValue(instant: Date): string {
  const f = newYorkFields(instant);
  return `${f.year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

/**
 * The instant a date-time input's Eastern Time value names, or null when it
 * is not a date and time. A wall time skipped by the spring change is read
 * an hour later; one repeated in the autumn is read as its first occurrence.
 */
export function fromEasternInputValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // New York is 4 or 5 hours behind UTC: try the larger offset first so a repeated hour reads as its first occurrence.
  for (const offsetHours of [4, 5]) {
    const instant = new Date(wall + offsetHours * 3_600_000);
    const f = newYorkFields(instant);
    if (Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute) === wall) return instant;
  }
  // Skipped by the spring change: the same wall time an hour on.
  return new Date(wall + 4 * 3_600_000);
}
