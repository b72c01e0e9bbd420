/**
 * Date-time inputs in Eastern Time (docs/product.md §21.5): staff enter event and
 * publication times as New York readers see them. Kept apart from
 * time-format.ts, which every page loads, because only the staff console
 * needs it.
 */
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
 * staff enter event and publication times as New York readers see them (docs/product.md §21.5).
 */
export function toEasternInputValue(instant: Date): string {
  const f = newYorkFields(instant);
  return `${f.year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

/** Whether the year, month and day name a day of the calendar (no February 31st). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const WALL_TIME = String.raw`^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?`;
const EASTERN_VALUE = new RegExp(`${WALL_TIME}$`);
const INSTANT_VALUE = new RegExp(String.raw`${WALL_TIME}(?:Z|[+-]\d\d:\d\d)$`, 'i');

/** The fields of a date and time as written, or null when they name no moment of the calendar. */
function wallFields(match: RegExpExecArray): [number, number, number, number, number] | null {
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((group) => Number(match[group] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59 || !isCalendarDay(year, month, day)) return null;
  return [year, month, day, hour, minute];
}

/**
 * The instant a date-time input's Eastern Time value names, or null when it
 * is not a date and time of the calendar (February 31st included). A wall
 * time skipped by the spring change (2:30 on the second Sunday of March) is
 * read as the same time an hour on (3:30 EDT); one repeated in the autumn is
 * read as its first occurrence (EDT). See docs/product.md §21.5.
 */
export function fromEasternInputValue(value: string): Date | null {
  const m = EASTERN_VALUE.exec(value.trim());
  const fields = m && wallFields(m);
  if (!fields) return null;
  const [year, month, day, hour, minute] = fields;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // New York is 4 or 5 hours behind UTC: try the smaller offset first so a repeated hour reads as its first occurrence.
  for (const offsetHours of [4, 5]) {
    const instant = new Date(wall + offsetHours * 3_600_000);
    const f = newYorkFields(instant);
    if (Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute) === wall) return instant;
  }
  // Skipped by the spring change: the wall time read on standard time, which the clock shows an hour on.
  return new Date(wall + 5 * 3_600_000);
}

/**
 * A date and time as staff or an API client write it: Eastern Time as the console's fields do
 * ('2027-02-10T10:00'), or an instant with its offset ('2027-02-10T15:00Z', '…+01:00'). Null when it
 * names no moment of the calendar.
 */
export function fromDateTimeValue(value: string): Date | null {
  const trimmed = value.trim();
  const withOffset = INSTANT_VALUE.exec(trimmed);
  if (!withOffset) return fromEasternInputValue(trimmed);
  if (!wallFields(withOffset)) return null;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
