import { describe, expect, it } from 'vitest';
import { fromDateTimeValue, fromEasternInputValue, toEasternInputValue } from '../../src/lib/eastern-time-input.ts';
import { formatRelativeTime } from '../../src/lib/time-format.ts';

describe('relative time', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const ago = (seconds: number) => formatRelativeTime(new Date(now.getTime() - seconds * 1000), now);

  it('uses the largest whole unit and says just now under a minute', () => {
    expect(ago(30)).toBe('just now');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(2 * 3600)).toBe('2 hours ago');
    expect(ago(8 * 86400)).toBe('1 week ago');
    expect(ago(31 * 86400)).toBe('1 month ago');
    expect(ago(400 * 86400)).toBe('1 year ago');
  });
});

describe('date-time inputs in Eastern Time', () => {
  it('show an instant as New York wall time, in winter and in summer', () => {
    expect(toEasternInputValue(new Date('2026-12-03T18:00:00Z'))).toBe('2026-12-03T13:00');
    expect(toEasternInputValue(new Date('2026-07-07T15:30:00Z'))).toBe('2026-07-07T11:30');
  });

  it('read what staff typed as New York time, round-tripping every quarter hour of a year', () => {
    expect(fromEasternInputValue('2026-12-03T13:00')?.toISOString()).toBe('2026-12-03T18:00:00.000Z');
    expect(fromEasternInputValue('2026-07-07T11:30')?.toISOString()).toBe('2026-07-07T15:30:00.000Z');
    // The repeated hour of November 1st reads as its first (daylight) occurrence.
    expect(fromEasternInputValue('2026-11-01T01:30')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // The skipped hour of March 8th reads an hour on: 2:30 is 3:30 EDT, after 1:59 EST and before 3:31 EDT.
    expect(fromEasternInputValue('2026-03-08T02:30')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(fromEasternInputValue('2026-03-08T01:59')?.toISOString()).toBe('2026-03-08T06:59:00.000Z');
    expect(fromEasternInputValue('2026-03-08T03:31')?.toISOString()).toBe('2026-03-08T07:31:00.000Z');
    expect(fromEasternInputValue('2027-03-14T02:00')?.toISOString()).toBe('2027-03-14T07:00:00.000Z');
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000) {
      const instant = new Date(t);
      const back = fromEasternInputValue(toEasternInputValue(instant))!;
      // Only the autumn's repeated hour cannot come back as its second occurrence.
      if (back.getTime() !== t) expect(back.getTime()).toBe(t - 3_600_000);
    }
  });

  it('refuse what is not a date and time', () => {
    for (const bad of ['', 'tomorrow', '2026-13-01T10:00', '2026-12-03', '2026-12-03T25:00']) {
      expect(fromEasternInputValue(bad)).toBeNull();
    }
  });

  it('refuse a day the calendar does not have, rather than roll it into the next month', () => {
    for (const bad of ['2027-02-31T10:00', '2027-02-29T10:00', '2026-04-31T09:00', '2026-06-00T09:00'])
      expect(fromEasternInputValue(bad), bad).toBeNull();
    expect(fromEasternInputValue('2028-02-29T10:00')?.toISOString()).toBe('2028-02-29T15:00:00.000Z');
  });

  it('read an instant with its offset as that instant, and refuse an impossible one', () => {
    expect(fromDateTimeValue('2027-02-10T15:00Z')?.toISOString()).toBe('2027-02-10T15:00:00.000Z');
    expect(fromDateTimeValue('2027-02-10T16:00:00+01:00')?.toISOString()).toBe('2027-02-10T15:00:00.000Z');
    expect(fromDateTimeValue('2027-02-10T10:00')?.toISOString()).toBe('2027-02-10T15:00:00.000Z');
    for (const bad of ['2027-02-31T10:00Z', '2027-02-31T10:00', '2027-02-10T24:00Z', '2027-02-10T10:00+25:00x'])
      expect(fromDateTimeValue(bad), bad).toBeNull();
  });
});
