/**
 * The company header's market-status line (docs/product.md §9.9), for any instant, in New
 * York time with the zone in force (EST or EDT):
 * - on a market holiday: 'Market is closed due to the holiday.'
 * - during the session: 'As of {time} EDT'
 * - otherwise: 'At close: {the last session's close} EDT', which steps back to
 *   Friday over weekends and on Monday before the open.
 */
import {
  closeMinutes,
  holidayOn,
  lastCompletedTradingDay,
  MARKET_OPEN_MINUTES,
  MARKET_TIME_ZONE,
  toNewYork,
  weekday,
} from './market-calendar.ts';

export const HOLIDAY_TEXT = 'Market is closed due to the holiday.';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

const closeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
});

/** '4:00 PM' from minutes after midnight. */
function clockText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The zone (EST/EDT) in force at a New York wall-clock time on a date. */
function zoneAt(date: string, minutes: number): string {
  // Noon UTC on the date is morning in New York; offset it to the wall time and ask.
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  for (const offset of [4, 5]) {
    const instant = new Date(Date.UTC(y, mo - 1, d, Math.floor(minutes / 60) + offset, minutes % 60));
    const ny = toNewYork(instant);
    if (ny.date === date && ny.minutes === minutes) return ny.zone;
  }
  return toNewYork(new Date(Date.UTC(y, mo - 1, d, 17))).zone;
}

export function marketStatusLine(instant: Date): string {
  const ny = toNewYork(instant);
  if (holidayOn(ny.date)) return HOLIDAY_TEXT;
  const dow = weekday(ny.date);
  const isWeekday = dow >= 1 && dow <= 5;
  if (isWeekday && ny.minutes >= MARKET_OPEN_MINUTES && ny.minutes < closeMinutes(ny.date)) {
    return `As of ${timeFormat.format(instant)} ${ny.zone}`;
  }
  const day = lastCompletedTradingDay(instant);
  const close = closeMinutes(day);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `At close: ${closeFormat.format(new Date(Date.UTC(y, m - 1, d)))} ${clockText(close)} ${zoneAt(day, close)}`;
}
