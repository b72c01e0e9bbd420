import { describe, expect, it } from 'vitest';
import { marketHolidays } from '../../src/lib/market-calendar.ts';
import { HOLIDAY_TEXT, marketStatusLine } from '../../src/lib/market-status.ts';

describe('market status line', () => {
  it('knows exactly the 2024 holidays docs/product.md lists', () => {
    expect(marketHolidays(2024).map((h) => h.date.slice(5).replace('-', '/'))).toEqual([
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
    for (const h of marketHolidays(2024)) {
      expect(marketStatusLine(new Date(`${h.date}T11:00:00-05:00`)), h.name).toBe(HOLIDAY_TEXT);
    }
  });

  it.each([
    ['Good Friday 2025', '2025-04-18T12:00:00-04:00', HOLIDAY_TEXT],
    ['Juneteenth on a Saturday is observed on the Friday (2027)', '2027-06-18T12:00:00-04:00', HOLIDAY_TEXT],
    ['Juneteenth on a Sunday is observed on the Monday (2022)', '2022-06-20T12:00:00-04:00', HOLIDAY_TEXT],
    ['Christmas on a Saturday is observed on the Friday (2027)', '2027-12-24T12:00:00-05:00', HOLIDAY_TEXT],
    [
      "New Year's Day on a Saturday leaves the Friday before open",
      '2021-12-31T11:00:00-05:00',
      'As of 11:00:00 AM EST',
    ],
    ['a session in summer time', '2024-06-12T10:15:30-04:00', 'As of 10:15:30 AM EDT'],
    ['the opening bell', '2024-06-12T09:30:00-04:00', 'As of 9:30:00 AM EDT'],
    ['the closing bell', '2024-06-12T16:00:00-04:00', 'At close: Jun 12 4:00 PM EDT'],
    ['the evening after a session', '2024-06-12T20:00:00-04:00', 'At close: Jun 12 4:00 PM EDT'],
    ['a weekday before the open', '2024-06-12T08:00:00-04:00', 'At close: Jun 11 4:00 PM EDT'],
    ['a Saturday steps back to Friday', '2024-06-15T12:00:00-04:00', 'At close: Jun 14 4:00 PM EDT'],
    ['a Sunday steps back to Friday', '2024-06-16T23:00:00-04:00', 'At close: Jun 14 4:00 PM EDT'],
    ['Monday before the open steps back to Friday', '2024-06-17T09:29:59-04:00', 'At close: Jun 14 4:00 PM EDT'],
    ['the day after a Monday holiday, before the open', '2024-01-16T08:00:00-05:00', 'At close: Jan 12 4:00 PM EST'],
    ['an early close, during the session', '2024-11-29T12:59:00-05:00', 'As of 12:59:00 PM EST'],
    ['an early close, after 1 PM', '2024-11-29T13:30:00-05:00', 'At close: Nov 29 1:00 PM EST'],
    ['July 3rd closes early', '2024-07-03T14:00:00-04:00', 'At close: Jul 3 1:00 PM EDT'],
    [
      'Monday after summer time begins shows Friday’s winter close',
      '2024-03-11T08:00:00-04:00',
      'At close: Mar 8 4:00 PM EST',
    ],
    ['the first session in summer time', '2024-03-11T10:00:00-04:00', 'As of 10:00:00 AM EDT'],
    [
      'Monday after summer time ends shows Friday’s summer close',
      '2024-11-04T09:00:00-05:00',
      'At close: Nov 1 4:00 PM EDT',
    ],
    ['a session in winter time', '2024-11-04T15:59:59-05:00', 'As of 3:59:59 PM EST'],
  ])('%s', (_name, iso, expected) => {
    expect(marketStatusLine(new Date(iso))).toBe(expected);
  });

  it('ticks with the clock every second while the market is open', () => {
    const a = marketStatusLine(new Date('2024-06-12T10:15:01-04:00'));
    const b = marketStatusLine(new Date('2024-06-12T10:15:02-04:00'));
    expect(a).not.toBe(b);
  });
});
