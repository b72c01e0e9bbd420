import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../src/server/platform/db/client.ts';
import { companies, dailyPrices } from '../../../../src/server/schema.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import { createMarketDataJob, type MarketDataJob } from '../../../../src/server/features/market/market-data.ts';
import { createDemoQuoteProvider } from '../../../../src/server/demo/quotes.ts';
import { createSnapshotStore, type SnapshotStore } from '../../../../src/server/features/screener/snapshot.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

// The test universe is seeded as of Friday 2026-11-20; New York is on EST (UTC-5) then.
let t: TestApp;
let job: MarketDataJob;
let snapshots: SnapshotStore;
let changes = 0;
beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
  snapshots = createSnapshotStore(t.database.db);
  job = createMarketDataJob({
    db: t.database.db,
    provider: createDemoQuoteProvider('test'),
    logger: createLogger('silent'),
    onChange: () => {
      changes++;
      snapshots.invalidate();
    },
  });
});
afterAll(() => t.close());

const all = () => t.database.db.select().from(companies).orderBy(companies.symbol);

describe('market data job', () => {
  let friday: Awaited<ReturnType<typeof all>>;

  it('does nothing before 3:30am on a trading day', async () => {
    friday = await all();
    expect(await job.tick(new Date('2026-11-23T08:00:00Z'))).toBe('idle'); // 3:00am ET Monday
    expect(await all()).toEqual(friday);
  });

  it('clears the day’s snapshot at 3:30am ET, turning the last price into the previous close', async () => {
    expect(await job.tick(new Date('2026-11-23T08:31:00Z'))).toBe('reset'); // 3:31am ET
    const rows = await all();
    for (const [i, row] of rows.entries()) {
      expect(row.preClose).toBe(friday[i]!.lastSale);
      expect(row.changePercent).toBeNull();
      expect(row.netChange).toBeNull();
      expect(row.volume).toBeNull();
      expect(row.open).toBeNull();
    }
    const snapshot = await snapshots.get();
    expect(snapshot.rows.every((r) => r.change_pre === null)).toBe(true);
    expect(await job.tick(new Date('2026-11-23T09:00:00Z'))).toBe('idle'); // once a day
  });

  it('moves prices during the session, keeping change, range and market cap coherent', async () => {
    const before = changes;
    expect(await job.tick(new Date('2026-11-23T16:00:00Z'))).toBe('quotes'); // 11:00am ET
    expect(changes).toBe(before + 1);
    const rows = await all();
    expect(rows.filter((r, i) => r.lastSale !== friday[i]!.lastSale).length).toBeGreaterThan(50);
    for (const row of rows) {
      expect(row.netChange!).toBeCloseTo(row.lastSale! - row.preClose!, 3);
      expect(row.changePercent!).toBeCloseTo(((row.lastSale! - row.preClose!) / row.preClose!) * 100, 2);
      expect(row.dayLow!).toBeLessThanOrEqual(row.lastSale!);
      expect(row.dayHigh!).toBeGreaterThanOrEqual(row.lastSale!);
      expect(row.week52Low!).toBeLessThanOrEqual(row.lastSale!);
      expect(row.week52High!).toBeGreaterThanOrEqual(row.lastSale!);
      expect(Math.abs(row.marketCap! - row.lastSale! * row.sharesOutstanding!)).toBeLessThan(1);
    }
    const snapshot = await snapshots.get();
    expect(snapshot.rows.find((r) => r.symbol === rows[0]!.symbol)!.last_sale).toBe(rows[0]!.lastSale);
  });

  it('gives every instance the same quote for the same minute', async () => {
    const provider = createDemoQuoteProvider('test');
    const list = [{ symbol: 'ABC', preClose: 10, volumeAvg: 100_000 }];
    const at = new Date('2026-11-23T17:05:00Z');
    expect(await provider.quotes(list, at)).toEqual(await provider.quotes(list, at));
  });

  it('records the finished session as a daily bar once, after the close', async () => {
    expect(await job.tick(new Date('2026-11-23T21:30:00Z'))).toBe('close'); // 4:30pm ET
    const bars = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from ${dailyPrices} where date = '2026-11-23'`),
    );
    expect(bars[0]!.n).toBe(60);
    const [row] = await all();
    const [bar] = await t.database.db
      .select()
      .from(dailyPrices)
      .where(and(eq(dailyPrices.symbol, row!.symbol), eq(dailyPrices.date, '2026-11-23')));
    expect(bar!.close).toBe(row!.lastSale);
    expect(await job.tick(new Date('2026-11-23T22:00:00Z'))).toBe('idle');
  });

  it('stays still on weekends and market holidays', async () => {
    const now = await all();
    expect(await job.tick(new Date('2026-11-26T16:00:00Z'))).toBe('idle'); // Thanksgiving
    expect(await job.tick(new Date('2026-11-28T16:00:00Z'))).toBe('idle'); // Saturday
    expect(await all()).toEqual(now);
  });
});
