/** Eastern Time as alerts reckon it: the hour for quiet hours and digests, the date a digest is for. */
import type { QuietHours } from '../../../../lib/alerts.ts';
import { fromEasternInputValue } from '../../../../lib/eastern-time-input.ts';
import { MARKET_TIME_ZONE, addDays, toNewYork } from '../../../../lib/market-calendar.ts';

export const easternHour = (instant: Date): number => Math.floor(toNewYork(instant).minutes / 60);

/** The Eastern date, `yyyy-mm-dd`. */
export const easternDate = (instant: Date): string => toNewYork(instant).date;

const pad = (n: number) => String(n).padStart(2, '0');

/** When quiet hours that hold at `instant` end: their end hour today, or tomorrow once today's has passed. */
export function quietHoursEnd(instant: Date, quiet: QuietHours): Date {
  const date = easternDate(instant);
  const day = easternHour(instant) < quiet.end ? date : addDays(date, 1);
  return fromEasternInputValue(`${day}T${pad(quiet.end)}:00`)!;
}

const dayLabel = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** `Tuesday, March 10`. */
export const easternDayLabel = (instant: Date): string => dayLabel.format(instant);
