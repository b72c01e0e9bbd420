import { beforeAll, describe, expect, it } from 'vitest';
import { isTradingDay } from '../../../src/lib/market-calendar.ts';
import { SECTOR_CARDS, cardContains } from '../../../src/lib/sectors.ts';
import { BIO_PHASES, generateUniverse, type Universe } from '../../../src/server/demo/universe.ts';

describe('demo universe', () => {
  let universe: Universe;
  beforeAll(() => {
    universe = generateUniverse({ seed: 'unit', asOf: '2026-11-20', count: 4000 });
  });
  const rows = () => universe.companies.map((c) => c.row);

  it('is deterministic for a seed', () => {
    const again = generateUniverse({ seed: 'unit', asOf: '2026-11-20', count: 50 });
    expect(again.companies.map((c) => [c.row.symbol, c.row.lastSale])).toEqual(
      universe.companies.slice(0, 50).map((c) => [c.row.symbol, c.row.lastSale]),
    );
  });

  it('has unique symbols and names', () => {
    expect(new Set(rows().map((r) => r.symbol)).size).toBe(4000);
    expect(new Set(rows().map((r) => r.name)).size).toBe(4000);
  });

  it('lists mostly on NASDAQ and NYSE with a few other markets and a few non-US companies', () => {
    const markets = new Map<string, number>();
    for (const r of rows()) markets.set(r.market, (markets.get(r.market) ?? 0) + 1);
    expect((markets.get('NASDAQ') ?? 0) + (markets.get('NYSE') ?? 0)).toBeGreaterThan(3600);
    expect([...markets.keys()].filter((m) => m !== 'NASDAQ' && m !== 'NYSE').length).toBeGreaterThan(0);
    const foreign = rows().filter((r) => r.country !== 'United States').length;
    expect(foreign).toBeGreaterThan(100);
    expect(foreign).toBeLessThan(600);
  });

  it('spreads companies over all nine sector cards', () => {
    for (const card of SECTOR_CARDS) {
      const n = rows().filter((r) => cardContains(card, r.sicCode)).length;
      expect(n, card.name).toBeGreaterThan(10);
    }
  });

  it('keeps snapshots coherent: change, 52-week range, market cap, float', () => {
    for (const r of rows()) {
      const last = r.lastSale!;
      const pre = r.preClose!;
      expect(r.netChange!).toBeCloseTo(last - pre, 4);
      expect(r.changePercent!).toBeCloseTo(((last - pre) / pre) * 100, 3);
      expect(r.week52Low!).toBeLessThanOrEqual(Math.min(last, r.dayLow!));
      expect(r.week52High!).toBeGreaterThanOrEqual(Math.max(last, r.dayHigh!));
      expect(r.dayLow!).toBeLessThanOrEqual(Math.min(r.open!, last));
      expect(r.dayHigh!).toBeGreaterThanOrEqual(Math.max(r.open!, last));
      expect(Math.abs(r.marketCap! - last * r.sharesOutstanding!)).toBeLessThan(1);
      expect(r.floatShares!).toBeLessThanOrEqual(r.sharesOutstanding!);
      expect(r.latestRsi!).toBeGreaterThanOrEqual(0);
      expect(r.latestRsi!).toBeLessThanOrEqual(100);
    }
  });

  it('sizes most companies between $50M and $2B', () => {
    const core = rows().filter((r) => r.marketCap! >= 5e7 && r.marketCap! <= 2e9).length;
    expect(core / 4000).toBeGreaterThan(0.7);
  });

  it('gives drug pipelines to life-science companies only, with known phases', () => {
    for (const r of rows()) {
      if (r.sectorName === 'Life Sciences') expect(BIO_PHASES).toContain(r.bioPhasePipelines);
      else expect(r.bioPhasePipelines).toBeNull();
    }
  });

  it('has a year of trading-day bars per company ending at the snapshot', () => {
    const first = universe.companies[0]!;
    expect(first.bars.length).toBeGreaterThan(245);
    expect(first.bars.length).toBeLessThan(256);
    expect(first.bars.every((b) => isTradingDay(b.date))).toBe(true);
    for (const c of universe.companies.slice(0, 200)) {
      const last = c.bars[c.bars.length - 1]!;
      expect(last.close).toBe(c.row.lastSale);
      expect(c.bars[c.bars.length - 2]!.close).toBe(c.row.preClose);
      expect(last.volume).toBe(c.row.volume);
      for (const b of c.bars) {
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      }
    }
  });

  it('computes the three small-cap indices over the same days', () => {
    expect(universe.indices.map((i) => i.name)).toEqual(['Russell 2000', 'Nasdaq US Small Cap', 'S&P SmallCap 600']);
    for (const index of universe.indices) {
      expect(index.closes.length).toBe(universe.days.length);
      expect(index.closes.every((p) => p.close > 0)).toBe(true);
    }
  });
});
