/**
 * The market session an answer's day figures are from (docs/product.md §13.2):
 * today's once the market opened in New York, otherwise the last one, over a
 * weekend, on a holiday or before the open. Its day's change, volume and
 * movers are then named by that session ('on Fri, Nov 20 (the last
 * session)'), never called today's.
 */
import { MARKET_OPEN_MINUTES, holidayOn, sessionDateOf, toNewYork, weekday } from '../../../../lib/market-calendar.ts';

export interface Session {
  /** The session's New York date, 'YYYY-MM-DD'. */
  date: string;
  /** Whether it is today's session: the market opened today. */
  today: boolean;
  /** Why today has no session of its own (yet); null when it has one. */
  closed: 'weekend' | 'holiday' | 'before the open' | null;
  /** The holiday the market is closed for today. */
  holiday: string | null;
  /** The session's day as answers name it: 'Fri, Nov 20', with the year when it is not this year. */
  day: string;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const dayWithYearFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A calendar date 'YYYY-MM-DD' as a session is named: 'Fri, Nov 20'. */
function dayName(date: string, thisYear: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return (date.startsWith(thisYear) ? dayFormat : dayWithYearFormat).format(at);
}

/** The market's opening time, as answers say it: '9:30 AM ET'. */
const OPENS_AT = `${Math.floor(MARKET_OPEN_MINUTES / 60)}:${String(MARKET_OPEN_MINUTES % 60).padStart(2, '0')} AM ET`;

export function sessionAt(now: Date): Session {
  const today = toNewYork(now).date;
  const date = sessionDateOf(now);
  const holiday = holidayOn(today)?.name ?? null;
  const dow = weekday(today);
  const closed = date === today ? null : holiday ? 'holiday' : dow === 0 || dow === 6 ? 'weekend' : 'before the open';
  return { date, today: date === today, closed, holiday, day: dayName(date, today.slice(0, 4)) };
}

/** When the day's figures are from: 'today', or 'on Fri, Nov 20 (the last session)'. */
export const onSession = (s: Session) => (s.today ? 'today' : `on ${s.day} (the last session)`);

/** Why the day's figures are the last session's, as a sentence; null when they are today's. */
export function marketClosed(s: Session): string | null {
  if (s.closed === 'holiday') return `The market is closed today for ${s.holiday}; the last session was ${s.day}.`;
  if (s.closed === 'weekend') return `The market is closed for the weekend; the last session was ${s.day}.`;
  if (s.closed === 'before the open') return `The market opens at ${OPENS_AT} today; the last session was ${s.day}.`;
  return null;
}

/** A heading of the session's movers: "Today's top gainers", or 'Top gainers of the session of Fri, Nov 20'. */
export function moversHeading(kind: 'leaders' | 'laggards', s: Session): string {
  const name = kind === 'leaders' ? 'top gainers' : 'biggest losers';
  return s.today ? `Today's ${name}` : `${name[0]!.toUpperCase()}${name.slice(1)} of the session of ${s.day}`;
}

/** A screen's 'up today' or 'down today', said of the session its changes are from. */
export const moveInSession = (described: string, s: Session) =>
  s.today ? described : described.replace(/ today$/, ` ${onSession(s)}`);
