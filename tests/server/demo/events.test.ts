import { describe, expect, it } from 'vitest';
import { generateEvents } from '../../../src/server/demo/events.ts';
import { toNewYork } from '../../../src/lib/market-calendar.ts';

const AS_OF = '2026-11-20';
const clients = Array.from({ length: 24 }, (_, i) => ({
  symbol: `CL${String.fromCharCode(65 + i)}`,
  name: `Client ${i}`,
}));
const rows = generateEvents('seed-1', AS_OF, clients);
const asOf = Date.parse(`${AS_OF}T12:00:00Z`);
const DAY = 86_400_000;
const ny = (d: Date | undefined) => toNewYork(d!);

describe('demo webinars', () => {
  it('cover the last twelve months as archived replays and the next six as open registrations', () => {
    const past = rows.filter((r) => r.archived);
    const ahead = rows.filter((r) => !r.archived);
    expect(past.length).toBeGreaterThan(clients.length * 2 - 1);
    expect(ahead.length).toBeGreaterThanOrEqual(clients.length);
    for (const r of past) {
      expect(r.archiveUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      expect(r.upcomingDate!.getTime()).toBeGreaterThan(asOf - 367 * DAY);
    }
    for (const r of ahead) {
      expect(r.archiveUrl).toBeNull();
      expect(r.upcomingDate!.getTime()).toBeLessThan(asOf + 184 * DAY);
    }
  });

  it('run on weekdays, mostly between 11:00 and 16:00 New York time', () => {
    const usual = rows.filter((r) => ny(r.upcomingDate).minutes >= 11 * 60 && ny(r.upcomingDate).minutes <= 16 * 60);
    expect(usual.length / rows.length).toBeGreaterThan(0.7);
    for (const r of rows) expect([0, 6]).not.toContain(new Date(`${ny(r.upcomingDate).date}T12:00:00Z`).getUTCDay());
  });

  it('put several clients on one conference day, half an hour apart', () => {
    const byDay = new Map<string, number>();
    for (const r of rows.filter((r) => r.title!.startsWith('Small-Cap Virtual Investor Conference')))
      byDay.set(ny(r.upcomingDate).date, (byDay.get(ny(r.upcomingDate).date) ?? 0) + 1);
    expect(byDay.size).toBe(3);
    for (const count of byDay.values()) expect(count).toBeGreaterThanOrEqual(4);
  });

  it('include sessions next to the DST changes and evening sessions already in the next month in UTC', () => {
    const dates = new Set(rows.map((r) => ny(r.upcomingDate).date));
    // DST ended on Sunday 2025-11-02 and 2026-11-01, and starts on Sunday 2026-03-08.
    for (const monday of ['2026-03-09', '2026-11-02']) expect(dates).toContain(monday);
    const evenings = rows.filter((r) => r.title!.endsWith('Evening Fireside Chat'));
    expect(evenings.length).toBeGreaterThan(2);
    for (const r of evenings) {
      expect(ny(r.upcomingDate).minutes).toBe(20 * 60 + 30);
      expect(r.upcomingDate!.toISOString().slice(0, 10)).not.toBe(ny(r.upcomingDate).date);
    }
  });

  it('give every webinar its own zoom id, a form id and a picture of its company and month', () => {
    expect(new Set(rows.map((r) => r.zoomId)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.zoomId).toMatch(/^\d{11}$/);
      expect(r.formUrl).toMatch(/^[a-z0-9]{10}$/);
      expect(r.imageUrl).toBe(`/api/covers/webinar/${r.companySymbol}.svg?m=${ny(r.upcomingDate).date.slice(0, 7)}`);
    }
  });

  it('are the same for the same seed', () => {
    expect(generateEvents('seed-1', AS_OF, clients)).toEqual(rows);
  });
});
