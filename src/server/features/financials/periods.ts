/**
 * Periods as XBRL facts give them: a duration from its first to its last day, both included. A
 * fiscal year is not always 365 days (52/53-week years run 364 or 371) nor a quarter 91 (13 or 14
 * weeks), so a duration is a year or a quarter by its length within a band, the bands wide enough
 * for those calendars and narrow enough to tell a year from a 9-month or 15-month span and a quarter
 * from a month or a half-year. A 6- or 9-month duration starting a fiscal year is a year-to-date
 * figure, not a quarter: it is only used to work a quarter out (statements.ts).
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD day. */
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export const addDays = (day: string, days: number): string =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** A duration's length in days, both ends included (2023-02-01 to 2024-01-31 is 365). */
export const lengthInDays = (start: string, end: string): number => dayNumber(end) - dayNumber(start) + 1;

export const ANNUAL_DAYS = { min: 350, max: 380 } as const;
export const QUARTER_DAYS = { min: 80, max: 100 } as const;

export type DurationKind = 'annual' | 'quarter' | 'other';

export function durationKind(start: string, end: string): DurationKind {
  const days = lengthInDays(start, end);
  if (days >= ANNUAL_DAYS.min && days <= ANNUAL_DAYS.max) return 'annual';
  if (days >= QUARTER_DAYS.min && days <= QUARTER_DAYS.max) return 'quarter';
  return 'other';
}

/**
 * Which quarter of its fiscal year a period ending on `end` is, the year starting on `yearStart`:
 * the number of quarter-lengths from the year's start to the period's end, rounded (1 to 4).
 */
export function fiscalQuarterOf(yearStart: string, end: string): 1 | 2 | 3 | 4 {
  const quarters = Math.round(lengthInDays(yearStart, end) / (365.25 / 4));
  return Math.min(4, Math.max(1, quarters)) as 1 | 2 | 3 | 4;
}

/** The last day of the year that starts on `start` when no filing gives it: a calendar year on. */
export function yearEndFrom(start: string): string {
  const next = `${String(Number(start.slice(0, 4)) + 1).padStart(4, '0')}${start.slice(4)}`;
  // 29 February a year on does not exist: the year then ends on 28 February.
  return start.slice(5) === '02-29' ? `${next.slice(0, 4)}-02-28` : addDays(next, -1);
}
