import { describe, expect, it } from 'vitest';
import { addMonths, eventWindow, newYorkInstant, type EventRange, type EventTab } from '../../src/lib/event-ranges.ts';

/** Whether an event at `at` shows in the tab and range at `now`. */
function shows(tab: EventTab, range: EventRange, now: string, at: string): boolean {
  const window = eventWindow(tab, range, new Date(now));
  const t = new Date(at).getTime();
  return (window.from === null || t >= window.from.getTime()) && (window.to === null || t < window.to.getTime());
}

describe('New York wall-clock instants', () => {
  it.each([
    ['2026-01-15', 0, '2026-01-15T05:00:00.000Z'], // EST
    ['2026-07-15', 0, '2026-07-15T04:00:00.000Z'], // EDT
    ['2026-03-08', 180, '2026-03-08T07:00:00.000Z'], // 3:00am, just after clocks go forward
    ['2026-11-01', 0, '2026-11-01T04:00:00.000Z'], // the night clocks go back: still EDT at midnight
    ['2026-11-02', 0, '2026-11-02T05:00:00.000Z'],
    ['2028-02-29', 23 * 60 + 59, '2028-03-01T04:59:00.000Z'], // leap day
  ])('%s at minute %i is %s', (date, minutes, iso) => {
    expect(newYorkInstant(date, minutes).toISOString()).toBe(iso);
  });

  it('moves by months keeping the day inside the month', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2026-10-15', 3)).toBe('2027-01-15');
  });
});

describe('which events a tab and range show', () => {
  it.each<[EventTab, EventRange, string, string, boolean]>([
    // An event starting exactly now is upcoming, not history.
    ['upcoming', 'all', '2026-11-23T16:00:00Z', '2026-11-23T16:00:00Z', true],
    ['history', 'all', '2026-11-23T16:00:00Z', '2026-11-23T16:00:00Z', false],
    ['history', 'all', '2026-11-23T16:00:00Z', '2026-11-23T15:59:59Z', true],
    // Week: the next 7 days from this instant.
    ['upcoming', 'week', '2026-11-23T16:00:00Z', '2026-11-30T15:59:59Z', true],
    ['upcoming', 'week', '2026-11-23T16:00:00Z', '2026-11-30T16:00:00Z', false],
    // Month: to the end of the month in New York; 23:59 on the 30th is in, midnight of the 1st is out.
    ['upcoming', 'month', '2026-11-23T16:00:00Z', '2026-12-01T04:59:00Z', true],
    ['upcoming', 'month', '2026-11-23T16:00:00Z', '2026-12-01T05:00:00Z', false],
    // 11pm on Oct 31 in New York is already November in UTC: still this month for a New York reader.
    ['upcoming', 'month', '2026-10-31T12:00:00Z', '2026-11-01T03:00:00Z', true],
    ['upcoming', 'month', '2026-10-31T12:00:00Z', '2026-11-01T04:00:00Z', false],
    // 3 months: through the day three months from today (clamped to February's length).
    ['upcoming', '3months', '2026-11-30T15:00:00Z', '2027-02-28T23:00:00Z', true],
    ['upcoming', '3months', '2026-11-30T15:00:00Z', '2027-03-01T05:00:00Z', false],
    // Across the spring DST change: the bound is New York midnight in EDT.
    ['upcoming', '3months', '2026-12-20T15:00:00Z', '2027-03-21T03:59:00Z', true],
    ['upcoming', '3months', '2026-12-20T15:00:00Z', '2027-03-21T04:00:00Z', false],
    // Year: to December 31, 23:59 New York.
    ['upcoming', 'year', '2026-11-23T16:00:00Z', '2027-01-01T04:59:00Z', true],
    ['upcoming', 'year', '2026-11-23T16:00:00Z', '2027-01-01T05:00:00Z', false],
    // On December 31 itself, the year range still covers the evening.
    ['upcoming', 'year', '2026-12-31T20:00:00Z', '2026-12-31T23:30:00Z', true],
    // History looks back: since the 1st of the month, since January 1.
    ['history', 'month', '2026-11-23T16:00:00Z', '2026-11-01T05:00:00Z', true],
    ['history', 'month', '2026-11-23T16:00:00Z', '2026-11-01T03:59:00Z', false],
    ['history', 'year', '2026-11-23T16:00:00Z', '2026-01-01T05:00:00Z', true],
    ['history', 'year', '2026-11-23T16:00:00Z', '2025-12-31T23:00:00Z', false],
    ['history', 'week', '2026-11-23T16:00:00Z', '2026-11-16T16:00:00Z', true],
    ['history', 'week', '2026-11-23T16:00:00Z', '2026-11-16T15:59:59Z', false],
    // Leap day, three months back from May 29.
    ['history', '3months', '2028-05-29T16:00:00Z', '2028-02-29T05:00:00Z', true],
    ['history', '3months', '2028-05-29T16:00:00Z', '2028-02-29T04:59:00Z', false],
  ])('%s %s at %s: an event at %s shows → %s', (tab, range, now, at, expected) => {
    expect(shows(tab, range, now, at)).toBe(expected);
  });
});
