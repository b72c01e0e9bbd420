import { describe, expect, it } from 'vitest';
import {
  earlyCloses,
  easterSunday,
  isTradingDay,
  lastCompletedTradingDay,
  marketHolidays,
  marketSession,
  previousTradingDay,
  sessionDateOf,
  toNewYork,
} from '../../src/lib/market-calendar.ts';

const dates = (year: number) => marketHolidays(year).map((h) => h.date);

describe('NYSE holidays', () => {
  it('match the published 2024 list exactly', () => {
    expect(dates(2024).map((d) => `${d.slice(5, 7)}/${d.slice(8)}`)).toEqual([
      '01/01',
      '01/15',
      '02/19',
      '03/29',
      '05/27',
      '06/19',
      '07/04',
      '09/02',
      '11/28',
      '12/25',
    ]);
  });

  it('put Good Friday two days before Western Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(dates(2025)).toContain('2025-04-18');
    expect(dates(2026)).toContain('2026-04-03');
  });

  it('observe Saturday holidays on Friday and Sunday holidays on Monday', () => {
    expect(dates(2026)).toContain('2026-07-03'); // July 4th 2026 is a Saturday
    expect(dates(2027)).toContain('2027-06-18'); // Juneteenth 2027 is a Saturday
    expect(dates(2027)).toContain('2027-12-24'); // Christmas 2027 is a Saturday
    expect(dates(2022)).toContain('2022-06-20'); // Juneteenth 2022 is a Sunday
    expect(dates(2023)).toContain('2023-01-02'); // New Year 2023 is a Sunday
  });

  it('skip New Year when it falls on a Saturday instead of closing the Friday before', () => {
    expect(dates(2022)).not.toContain('2021-12-31');
    expect(dates(2022).some((d) => d.endsWith('-01-01'))).toBe(false);
    expect(isTradingDay('2021-12-31')).toBe(true);
  });

  it('have Juneteenth only from 2022 on', () => {
    expect(dates(2021).some((d) => d.slice(5, 7) === '06')).toBe(false);
    expect(dates(2022)).toContain('2022-06-20');
  });

  it('list early closes the day after Thanksgiving, July 3rd and Christmas Eve on weekdays', () => {
    expect(earlyCloses(2024)).toEqual(['2024-07-03', '2024-11-29', '2024-12-24']);
    expect(earlyCloses(2026)).toEqual(['2026-11-27', '2026-12-24']); // July 3rd 2026 is itself a holiday
  });
});

describe('market session', () => {
  const at = (iso: string) => new Date(iso);

  it('is open between 9:30 and 16:00 New York time on trading days, in summer and winter time', () => {
    expect(marketSession(at('2024-07-09T13:29:00Z'))).toBe('pre-market'); // 9:29 EDT
    expect(marketSession(at('2024-07-09T13:30:00Z'))).toBe('open'); // 9:30 EDT
    expect(marketSession(at('2024-07-09T19:59:59Z'))).toBe('open'); // 15:59:59 EDT
    expect(marketSession(at('2024-07-09T20:00:00Z'))).toBe('after-hours');
    expect(marketSession(at('2024-01-09T14:30:00Z'))).toBe('open'); // 9:30 EST
    expect(marketSession(at('2024-01-09T14:29:00Z'))).toBe('pre-market');
  });

  it('closes at 13:00 on early-close days', () => {
    expect(marketSession(at('2024-11-29T17:59:00Z'))).toBe('open');
    expect(marketSession(at('2024-11-29T18:00:00Z'))).toBe('after-hours');
  });

  it('knows holidays and weekends', () => {
    expect(marketSession(at('2024-03-29T15:00:00Z'))).toBe('holiday'); // Good Friday
    expect(marketSession(at('2024-06-19T15:00:00Z'))).toBe('holiday');
    expect(marketSession(at('2024-03-30T15:00:00Z'))).toBe('weekend');
  });

  it('reports the zone abbreviation across daylight-saving changes', () => {
    expect(toNewYork(at('2024-03-10T06:59:00Z')).zone).toBe('EST');
    expect(toNewYork(at('2024-03-10T07:00:00Z')).zone).toBe('EDT');
    expect(toNewYork(at('2024-11-03T05:59:00Z')).zone).toBe('EDT');
    expect(toNewYork(at('2024-11-03T06:00:00Z')).zone).toBe('EST');
  });

  it('steps back to the last finished session on weekends and before the open', () => {
    expect(lastCompletedTradingDay(at('2024-07-13T16:00:00Z'))).toBe('2024-07-12'); // Saturday
    expect(lastCompletedTradingDay(at('2024-07-15T12:00:00Z'))).toBe('2024-07-12'); // Monday 8am
    expect(lastCompletedTradingDay(at('2024-07-15T21:00:00Z'))).toBe('2024-07-15'); // Monday after close
    expect(lastCompletedTradingDay(at('2024-04-01T13:00:00Z'))).toBe('2024-03-28'); // Monday after Good Friday
    expect(previousTradingDay('2024-01-16')).toBe('2024-01-12');
  });

  it('dates the day’s prices by the session they belong to: today’s once it opened, else the last one', () => {
    expect(sessionDateOf(at('2024-07-15T13:30:00Z'))).toBe('2024-07-15'); // Monday 9:30 EDT
    expect(sessionDateOf(at('2024-07-15T21:00:00Z'))).toBe('2024-07-15'); // Monday after the close
    expect(sessionDateOf(at('2024-07-15T13:29:00Z'))).toBe('2024-07-12'); // Monday before the open
    expect(sessionDateOf(at('2024-07-13T16:00:00Z'))).toBe('2024-07-12'); // Saturday
    expect(sessionDateOf(at('2024-03-29T15:00:00Z'))).toBe('2024-03-28'); // Good Friday
  });
});
