/**
 * The period a performance question is about ('over 3 months', 'this week',
 * 'past 5 days', 'today'), the day its change is measured from, and how a
 * period reads back in an answer. Counted periods end at the latest session
 * (a question asked on Saturday measures to Friday's close); 'this week',
 * 'this month' and 'this year' are the calendar's, so one with no session
 * yet is said to have none (docs/product.md §13.2).
 */
import {
  addDays,
  monthsBefore,
  previousTradingDay,
  sessionDateOf,
  toNewYork,
  weekday,
} from '../../../../lib/market-calendar.ts';
import type { Intent } from './vocabulary.ts';

/**
 * A period to measure performance over: a number of sessions ('day'),
 * weeks, months or years back, the latest session, or the week, month or
 * year so far.
 */
export interface Period {
  unit: 'session' | 'day' | 'week' | 'month' | 'year' | 'wtd' | 'mtd' | 'ytd';
  count: number;
}

/** Spelled numbers a period may be counted in ('three months', 'a year'). */
export const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

export function findPeriod(lower: string, intents: Set<Intent>): Period | null {
  if (/\b(ytd|year to date|year-to-date|this year|since (?:january|jan|the start of the year))\b/.test(lower))
    return { unit: 'ytd', count: 1 };
  if (/\b(mtd|month to date|month-to-date|this month|since the start of the month)\b/.test(lower))
    return { unit: 'mtd', count: 1 };
  if (/\b(wtd|week to date|week-to-date|this week|since monday)\b/.test(lower)) return { unit: 'wtd', count: 1 };
  if (/\b(today|today's|todays|this session|intraday|so far today)\b/.test(lower)) return { unit: 'session', count: 1 };
  // '3m', '3 months', 'three months', 'a year' (a spelled number needs a space and a whole unit: 'any' is not 'an y').
  const counted =
    /\b(\d{1,3})[\s-]*(d|days?|w|wks?|weeks?|m|mos?|months?|y|yrs?|years?)\b/.exec(lower) ??
    /\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]+(days?|weeks?|months?|years?)\b/.exec(
      lower,
    );
  if (counted) {
    const count = NUMBER_WORDS[counted[1]!] ?? Number(counted[1]);
    const unit = counted[2]!;
    const period: Period = unit.startsWith('d')
      ? { unit: 'day', count }
      : unit.startsWith('w')
        ? { unit: 'week', count }
        : unit.startsWith('y')
          ? { unit: 'year', count }
          : { unit: 'month', count };
    // '52-week' names the range, not a period.
    const isRange = period.unit === 'week' && count === 52 && intents.has('range');
    if (count >= 1 && count <= 520 && !isRange) return period;
  }
  const single = /\b(?:last|past|this|previous|over the|in the)\s+(week|month|quarter|year|half[\s-]year)\b/.exec(
    lower,
  );
  const named = single?.[1] ?? /\b(weekly|monthly|quarterly|annual|yearly)\b/.exec(lower)?.[1];
  if (named) {
    if (named.startsWith('week')) return { unit: 'week', count: 1 };
    if (named.startsWith('month')) return { unit: 'month', count: 1 };
    if (named.startsWith('quarter')) return { unit: 'month', count: 3 };
    if (named.startsWith('half')) return { unit: 'month', count: 6 };
    if (named === 'year' || named === 'annual' || named === 'yearly') return { unit: 'year', count: 1 };
  }
  return null;
}

/**
 * The day a period's change is measured from: the change runs from the last
 * close on or before it to the latest price.
 */
export function periodStart(period: Period, now: Date): string {
  const today = toNewYork(now).date;
  const session = sessionDateOf(now);
  switch (period.unit) {
    case 'session':
      return previousTradingDay(session);
    case 'day': {
      let day = session;
      for (let i = 0; i < period.count; i++) day = previousTradingDay(day);
      return day;
    }
    case 'week':
      return addDays(session, -7 * period.count);
    case 'month':
      return monthsBefore(session, period.count);
    case 'year':
      return monthsBefore(session, 12 * period.count);
    // The day before this week's Monday, this month's first day, this year's first day.
    case 'wtd':
      return addDays(today, -((weekday(today) + 6) % 7) - 1);
    case 'mtd':
      return addDays(`${today.slice(0, 8)}01`, -1);
    case 'ytd':
      return `${Number(today.slice(0, 4)) - 1}-12-31`;
  }
}

/** Whether the market has had no session in a period yet ('this week' asked on Monday before the open). */
export const noSessionYet = (period: Period, now: Date) => sessionDateOf(now) <= periodStart(period, now);

/**
 * How a period reads in an answer: 'today' (or the session it is, when the
 * latest session is not today's), 'this week', 'over the past 5 sessions',
 * 'over the past 3 months', 'so far this year'.
 */
export function describePeriod(period: Period, session = 'today'): string {
  switch (period.unit) {
    case 'session':
      return session;
    case 'wtd':
      return 'this week';
    case 'mtd':
      return 'this month';
    case 'ytd':
      return 'so far this year';
    case 'day':
      return period.count === 1 ? 'over the past session' : `over the past ${period.count} sessions`;
    default:
      return `over the past ${period.count === 1 ? period.unit : `${period.count} ${period.unit}s`}`;
  }
}
