/**
 * The NYSE trading calendar, computed for any year rather than listed, and
 * the New York wall clock it runs on. Dates are ISO strings (YYYY-MM-DD) in
 * New York; instants are Date objects.
 */

export const MARKET_TIME_ZONE = 'America/New_York';
export const MARKET_OPEN_MINUTES = 9 * 60 + 30;
export const MARKET_CLOSE_MINUTES = 16 * 60;
export const EARLY_CLOSE_MINUTES = 13 * 60;

export interface Holiday {
  date: string;
  name: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
export const isoDate = (y: number, m: number, d: number): string => `${y}-${pad(m)}-${pad(d)}`;

/** Day of week (0 = Sunday) of a calendar date, independent of time zones. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Adds whole days to a calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return isoDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The same calendar day `months` earlier, clamped to the month's end (Mar 31 → Feb 29). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

function nthWeekday(year: number, month: number, dow: number, n: number): string {
  const first = weekday(isoDate(year, month, 1));
  const day = 1 + ((dow - first + 7) % 7) + (n - 1) * 7;
  return isoDate(year, month, day);
}

function lastWeekday(year: number, month: number, dow: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(isoDate(year, month, lastDay));
  return isoDate(year, month, lastDay - ((last - dow + 7) % 7));
}

/** Western (Gregorian) Easter Sunday: the anonymous Gregorian algorithm. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** A fixed-date holiday moves to Friday when it falls on Saturday and to Monday on Sunday. */
function observed(date: string): string {
  const dow = weekday(date);
  if (dow === 6) return addDays(date, -1);
  if (dow === 0) return addDays(date, 1);
  return date;
}

const holidayCache = new Map<number, Holiday[]>();

/** Full-day NYSE closures of a year, in date order. */
export function marketHolidays(year: number): Holiday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const list: Holiday[] = [];
  // New Year's Day on a Saturday is not observed on the Friday before: that
  // Friday closes the previous year's books (NYSE Rule 7.2).
  const newYear = isoDate(year, 1, 1);
  if (weekday(newYear) !== 6) list.push({ date: observed(newYear), name: "New Year's Day" });
  list.push({ date: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King Jr. Day' });
  list.push({ date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" });
  list.push({ date: addDays(easterSunday(year), -2), name: 'Good Friday' });
  list.push({ date: lastWeekday(year, 5, 1), name: 'Memorial Day' });
  if (year >= 2022) list.push({ date: observed(isoDate(year, 6, 19)), name: 'Juneteenth' });
  list.push({ date: observed(isoDate(year, 7, 4)), name: 'Independence Day' });
  list.push({ date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' });
  list.push({ date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' });
  list.push({ date: observed(isoDate(year, 12, 25)), name: 'Christmas Day' });
  list.sort((x, y) => x.date.localeCompare(y.date));
  holidayCache.set(year, list);
  return list;
}

export function holidayOn(date: string): Holiday | undefined {
  const year = Number(date.slice(0, 4));
  return marketHolidays(year).find((h) => h.date === date);
}

/** Days the market closes at 1:00 p.m. New York time. */
export function earlyCloses(year: number): string[] {
  const days: string[] = [];
  // July 3rd, when it is a Monday to Thursday (July 4th on a weekday after it).
  const july3 = isoDate(year, 7, 3);
  if (weekday(july3) >= 1 && weekday(july3) <= 4) days.push(july3);
  // The day after Thanksgiving.
  days.push(addDays(nthWeekday(year, 11, 4, 4), 1));
  // Christmas Eve, when it is a Monday to Thursday.
  const eve = isoDate(year, 12, 24);
  if (weekday(eve) >= 1 && weekday(eve) <= 4) days.push(eve);
  return days;
}

export function isTradingDay(date: string): boolean {
  const dow = weekday(date);
  return dow !== 0 && dow !== 6 && !holidayOn(date);
}

/** Minutes after midnight at which the market closes on a trading day. */
export function closeMinutes(date: string): number {
  return earlyCloses(Number(date.slice(0, 4))).includes(date) ? EARLY_CLOSE_MINUTES : MARKET_CLOSE_MINUTES;
}

export function previousTradingDay(date: string): string {
  let d = addDays(date, -1);
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

export function nextTradingDay(date: string): string {
  let d = addDays(date, 1);
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

/** The trading days in [from, to], both inclusive. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isTradingDay(d)) days.push(d);
  return days;
}

export interface NewYorkTime {
  date: string;
  /** Minutes after midnight, New York wall clock. */
  minutes: number;
  seconds: number;
  /** 'EDT' or 'EST'. */
  zone: string;
}

const nyFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

export function toNewYork(instant: Date): NewYorkTime {
  const parts: Record<string, string> = {};
  for (const p of nyFormatter.formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
    zone: parts.timeZoneName === 'EST' ? 'EST' : 'EDT',
  };
}

export type MarketSession = 'holiday' | 'weekend' | 'pre-market' | 'open' | 'after-hours';

/** Where the regular session stands at an instant. */
export function marketSession(instant: Date): MarketSession {
  const ny = toNewYork(instant);
  if (holidayOn(ny.date)) return 'holiday';
  const dow = weekday(ny.date);
  if (dow === 0 || dow === 6) return 'weekend';
  if (ny.minutes < MARKET_OPEN_MINUTES) return 'pre-market';
  if (ny.minutes < closeMinutes(ny.date)) return 'open';
  return 'after-hours';
}

export const isMarketOpen = (instant: Date): boolean => marketSession(instant) === 'open';

/**
 * The session the day's prices belong to at an instant: today's once the
 * market opened, else the last trading day's (over weekends, on holidays and
 * before the open).
 */
export function sessionDateOf(instant: Date): string {
  const ny = toNewYork(instant);
  if (isTradingDay(ny.date) && ny.minutes >= MARKET_OPEN_MINUTES) return ny.date;
  return previousTradingDay(ny.date);
}

/** The most recent trading day whose session has finished by this instant. */
export function lastCompletedTradingDay(instant: Date): string {
  const ny = toNewYork(instant);
  if (isTradingDay(ny.date) && ny.minutes >= closeMinutes(ny.date)) return ny.date;
  return previousTradingDay(ny.date);
}
