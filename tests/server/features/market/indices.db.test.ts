import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 120 });
});
afterAll(() => t.close());

interface Point {
  date: string;
  close: number;
}

describe('small-cap index data', () => {
  it('lists the three indices with their latest close and daily change', async () => {
    const res = await t.call('GET', '/api/market/indices');
    expect(res.status).toBe(200);
    const data = (res.body as { data: { symbol: string; name: string; last: number; asOf: string }[] }).data;
    expect(data.map((i) => i.name)).toEqual(['Russell 2000', 'Nasdaq US Small Cap', 'S&P SmallCap 600']);
    for (const index of data) {
      expect(index.last).toBeGreaterThan(0);
      expect(index.asOf).toBe('2026-11-20');
    }
  });

  it('returns the last calendar month of daily closes by default, in date order', async () => {
    const res = await t.call('GET', '/api/market/indices/RUT/history');
    const points = (res.body as { data: Point[] }).data;
    expect(points[0]!.date > '2026-10-20').toBe(true);
    expect(points.length).toBeGreaterThanOrEqual(19);
    expect(points.length).toBeLessThanOrEqual(23);
    expect(points.map((p) => p.date)).toEqual([...points.map((p) => p.date)].sort());
    expect(points.at(-1)?.date).toBe('2026-11-20');
  });

  it('returns longer ranges on request and accepts lower-case symbols', async () => {
    const year = await t.call('GET', '/api/market/indices/sml/history?range=1Y');
    expect((year.body as { data: Point[] }).data.length).toBeGreaterThan(240);
  });

  it('answers 404 for an unknown index and 400 for an unknown range', async () => {
    const unknown = await t.call('GET', '/api/market/indices/NOPE/history');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Unknown index: NOPE' });
    const badRange = await t.call('GET', '/api/market/indices/RUT/history?range=10Y');
    expect(badRange.status).toBe(400);
    expect((badRange.body as { message: string }).message).toMatch(/^range: /);
  });

  it('says the data is demo data', async () => {
    const res = await t.call('GET', '/api/site/info');
    expect(res.body).toMatchObject({ data: { demo: true, companies: 120, demoSeed: { asOf: '2026-11-20' } } });
  });
});
