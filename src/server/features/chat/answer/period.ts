/**
 * The period a performance question is about ('over 3 months', 'this year',
 * 'today'), and how a period reads back in an answer.
 */
import type { Intent } from './vocabulary.ts';

/** A period to measure performance over: a number of days, weeks, months or years back, the session, or the year so far. */
export interface Period {
  unit: 'session' | 'day' | 'week' | 'month' | 'year' | 'ytd';
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

/** How a period reads in an answer: 'today', 'over the past 3 months', 'so far this year'. */
export function describePeriod(period: Period): string {
  if (period.unit === 'session') return 'today';
  if (period.unit === 'ytd') return 'so far this year';
  const unit = period.count === 1 ? period.unit : `${period.count} ${period.unit}s`;
  return `over the past ${unit}`;
}
