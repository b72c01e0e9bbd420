import { describe, expect, it } from 'vitest';
import {
  ALERT_KINDS,
  ALERT_KIND_IDS,
  COMPANY_ALERT_KINDS,
  alertKindLabel,
  easternHourLabel,
  inQuietHours,
  isValidQuietHours,
  normaliseAlertKinds,
  parseThreshold,
} from '../../src/lib/alerts.ts';
import { alertSettingsRecord } from '../../src/lib/content-records.ts';

describe('alert kinds', () => {
  it('lists every kind once, in order, with the company kinds all but screen entries', () => {
    expect(ALERT_KINDS.map((k) => k.id)).toEqual([...ALERT_KIND_IDS]);
    expect(COMPANY_ALERT_KINDS).toEqual(ALERT_KIND_IDS.filter((k) => k !== 'screen-entry'));
  });

  it('names the reader’s threshold in the daily move’s label', () => {
    expect(alertKindLabel('price-move', 7)).toBe('Daily move beyond ±7%');
    expect(alertKindLabel('price-move')).toBe('Daily move beyond ±10%');
    expect(alertKindLabel('filing-current')).toBe('Current reports (8-K)');
  });

  it('keeps known kinds once, in the lists’ order (company kinds only when asked)', () => {
    expect(normaliseAlertKinds(['news', 'bogus', 'filing-current', 'news'])).toEqual(['filing-current', 'news']);
    expect(normaliseAlertKinds(['screen-entry', 'news'], { company: true })).toEqual(['news']);
  });
});

describe('alert limits', () => {
  it('takes a whole percentage from 1 to 100', () => {
    expect(parseThreshold(' 15 ')).toBe(15);
    expect(parseThreshold('1')).toBe(1);
    expect(parseThreshold('100')).toBe(100);
    for (const bad of ['0', '101', '2.5', '-3', '', 'ten', '1e2']) expect(parseThreshold(bad)).toBeNull();
  });

  it('quiet hours start and end at different Eastern hours, and may span midnight', () => {
    expect(isValidQuietHours(null)).toBe(true);
    expect(isValidQuietHours({ start: 22, end: 7 })).toBe(true);
    expect(isValidQuietHours({ start: 7, end: 7 })).toBe(false);
    expect(isValidQuietHours({ start: 24, end: 7 })).toBe(false);
    expect(inQuietHours(23, { start: 22, end: 7 })).toBe(true);
    expect(inQuietHours(6, { start: 22, end: 7 })).toBe(true);
    expect(inQuietHours(7, { start: 22, end: 7 })).toBe(false);
    expect(inQuietHours(13, { start: 12, end: 14 })).toBe(true);
    expect(inQuietHours(14, { start: 12, end: 14 })).toBe(false);
    expect(inQuietHours(3, null)).toBe(false);
  });

  it('shows hours as the settings do', () => {
    expect(easternHourLabel(0)).toBe('12:00 AM ET');
    expect(easternHourLabel(7)).toBe('7:00 AM ET');
    expect(easternHourLabel(12)).toBe('12:00 PM ET');
    expect(easternHourLabel(18)).toBe('6:00 PM ET');
  });

  it('the settings record refuses an unknown kind', () => {
    const settings = {
      kinds: ['news'],
      priceThreshold: 10,
      email: 'instant',
      digestHour: 7,
      sms: false,
      smsKinds: [],
      push: true,
      quietHours: null,
      companies: [],
      screens: [],
    };
    expect(alertSettingsRecord.safeParse(settings).success).toBe(true);
    expect(alertSettingsRecord.safeParse({ ...settings, kinds: ['bogus'] }).success).toBe(false);
  });
});
