/**
 * The period a question names and the day its change is measured from:
 * counted periods end at the latest session, 'this week', 'this month' and
 * 'this year' are the calendar's, and a period with no session yet is known.
 */
import { describe, expect, it } from 'vitest';
import {
  describePeriod,
  findPeriod,
  noSessionYet,
  periodStart,
  type Period,
} from '../../../../../src/server/features/chat/answer/period.ts';

const read = (q: string) => findPeriod(` ${q.toLowerCase()} `, new Set());

/** Saturday, Nov 21, 2026, 10:00 AM in New York. */
const SATURDAY = new Date('2026-11-21T15:00:00Z');
/** Wednesday, Nov 18, 2026, noon in New York. */
const WEDNESDAY = new Date('2026-11-18T17:00:00Z');
/** Monday, Nov 23, 2026, 8:00 AM in New York, before the open. */
const MONDAY_BEFORE_OPEN = new Date('2026-11-23T13:00:00Z');

describe('reading the period a question names', () => {
  it('tells the week, month and year so far from the past week, month and year', () => {
    expect(read('how did it do this week')).toEqual({ unit: 'wtd', count: 1 });
    expect(read('week to date')).toEqual({ unit: 'wtd', count: 1 });
    expect(read('performance this month')).toEqual({ unit: 'mtd', count: 1 });
    expect(read('year to date')).toEqual({ unit: 'ytd', count: 1 });
    expect(read('over the past week')).toEqual({ unit: 'week', count: 1 });
    expect(read('over the last year')).toEqual({ unit: 'year', count: 1 });
  });

  it('counts days as sessions', () => {
    expect(read('past 5 days')).toEqual({ unit: 'day', count: 5 });
    expect(describePeriod({ unit: 'day', count: 5 })).toBe('over the past 5 sessions');
  });
});

describe('the day a period is measured from', () => {
  const start = (period: Period, now: Date) => periodStart(period, now);

  it('counts back from the latest session: Friday’s, asked on a Saturday', () => {
    expect(start({ unit: 'day', count: 5 }, SATURDAY)).toBe('2026-11-13');
    expect(start({ unit: 'week', count: 1 }, SATURDAY)).toBe('2026-11-13');
    expect(start({ unit: 'month', count: 3 }, SATURDAY)).toBe('2026-08-20');
    expect(start({ unit: 'year', count: 1 }, SATURDAY)).toBe('2025-11-20');
    expect(start({ unit: 'session', count: 1 }, SATURDAY)).toBe('2026-11-19');
  });

  it('skips holidays when counting sessions', () => {
    // Thanksgiving (Nov 26) is no session: five sessions before Tuesday, Dec 1 end on Monday, Nov 23.
    expect(start({ unit: 'day', count: 5 }, new Date('2026-12-01T17:00:00Z'))).toBe('2026-11-23');
  });

  it('measures the week, month and year so far from the last close before them', () => {
    expect(start({ unit: 'wtd', count: 1 }, WEDNESDAY)).toBe('2026-11-15');
    expect(start({ unit: 'wtd', count: 1 }, SATURDAY)).toBe('2026-11-15');
    expect(start({ unit: 'mtd', count: 1 }, SATURDAY)).toBe('2026-10-31');
    expect(start({ unit: 'ytd', count: 1 }, SATURDAY)).toBe('2025-12-31');
  });

  it('knows a week with no session yet', () => {
    expect(noSessionYet({ unit: 'wtd', count: 1 }, MONDAY_BEFORE_OPEN)).toBe(true);
    expect(noSessionYet({ unit: 'wtd', count: 1 }, SATURDAY)).toBe(false);
    expect(noSessionYet({ unit: 'week', count: 1 }, MONDAY_BEFORE_OPEN)).toBe(false);
  });
});
