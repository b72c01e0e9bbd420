import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analystRatings,
  appMeta,
  companies,
  dailyPrices,
  industries,
  news,
  secFilings,
} from '../../../src/server/schema.ts';
import { formatNewYorkDate } from '../../../src/lib/time-format.ts';
import { seedDemoData } from '../../../src/server/demo/seed.ts';
import { INDUSTRIES } from '../../../src/lib/industries.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const rows = async (table: typeof companies | typeof dailyPrices | typeof industries) =>
  Number((await t.database.db.select({ n: count() }).from(table))[0]?.n);

describe('demo seeding', () => {
  it('fills an empty database and reports progress', async () => {
    const messages: string[] = [];
    const outcome = await seedDemoData(t.database, {
      seed: 's',
      asOf: '2026-11-20',
      companies: 60,
      onProgress: (m) => messages.push(m),
    });
    expect(outcome.seeded).toBe(true);
    expect(await rows(companies)).toBe(60);
    expect(await rows(industries)).toBe(INDUSTRIES.length);
    expect(await rows(dailyPrices)).toBeGreaterThan(60 * 245);
    expect(messages.some((m) => m.includes('daily prices 100%'))).toBe(true);
  });

  it('reports in its news only the analyst initiations its stored ratings hold, on their day', async () => {
    const db = t.database.db;
    const initiations = (await db.select().from(news)).filter((n) => n.title.includes('Initiates Coverage'));
    const ratings = await db.select().from(analystRatings);
    expect(initiations.length).toBeGreaterThan(0);
    for (const article of initiations) {
      const day = formatNewYorkDate(article.publishedAt);
      const rating = ratings.find(
        (r) =>
          r.companySymbol === article.companySymbol &&
          formatNewYorkDate(new Date(`${r.recommendationDate}T12:00:00Z`)) === day &&
          article.title.startsWith(`${r.firmName} Initiates Coverage of `) &&
          article.title.endsWith(` with ${r.recommendation} Rating`) &&
          (article.summary ?? '').includes(r.analystName),
      );
      expect(rating, `${article.companySymbol} ${day}: ${article.title}`).toBeDefined();
    }
  });

  it('files its few company releases with 8-Ks the company pages list', async () => {
    const db = t.database.db;
    const releases = await db.select().from(news).where(eq(news.kind, 'company-release'));
    expect(releases.length).toBeGreaterThanOrEqual(3);
    for (const release of releases) {
      const [filing] = await db.select().from(secFilings).where(eq(secFilings.accessionKey, release.accession!));
      expect(filing, release.title).toMatchObject({
        companySymbol: release.companySymbol,
        filingType: '8-K',
        rawTextLink: release.url,
      });
    }
  });

  it('does nothing the second time', async () => {
    const outcome = await seedDemoData(t.database, { seed: 's', asOf: '2026-11-20', companies: 60 });
    expect(outcome).toEqual({ seeded: false, reason: 'demo data already present' });
    expect(await rows(companies)).toBe(60);
  });

  it('derives analyst figures that disagree with the ratings (an older generator’s) again at the next start', async () => {
    const db = t.database.db;
    // What an older generator wrote: a target and range of their own, and a count that is not the ratings'.
    await db.update(companies).set({ priceTarget: 999, highPriceTarget: 1999, lowPriceTarget: 1, totalAnalysts: 12 });
    await db.delete(appMeta).where(eq(appMeta.key, 'demo_analyst_figures_derived'));
    await seedDemoData(t.database, { seed: 's', asOf: '2026-11-20', companies: 60 });
    const ratings = await db.select().from(analystRatings);
    const rowsNow = await db.select().from(companies);
    expect(ratings.length).toBeGreaterThan(0);
    for (const company of rowsNow) {
      const own = ratings.filter((r) => r.companySymbol === company.symbol);
      const targets = own.map((r) => r.priceTarget!);
      expect(company.totalAnalysts, company.symbol).toBe(own.length);
      expect(company.buyRatings + company.holdRatings + company.sellRatings).toBe(own.length);
      if (own.length === 0) {
        expect(company.priceTarget).toBeNull();
        continue;
      }
      expect(company.priceTarget!).toBeCloseTo(targets.reduce((s, p) => s + p, 0) / targets.length, 2);
      expect(company.lowPriceTarget).toBe(Math.min(...targets));
      expect(company.highPriceTarget).toBe(Math.max(...targets));
    }
  });

  it('starts over after a seed that was interrupted half-way', async () => {
    const other = await createTestDatabase();
    try {
      // What a start killed after writing some companies leaves: the start marker and part of the data.
      await other.database.db.insert(appMeta).values({ key: 'demo_seed_started', value: { seed: 's' } });
      await other.database.db.insert(industries).values(
        INDUSTRIES.slice(0, 5).map((i) => ({
          sicCode: i.code,
          sector: i.sector,
          subdivision: i.subdivision,
          description: i.description,
        })),
      );
      await other.database.db.insert(companies).values({
        symbol: 'HALF',
        name: 'Half Written Co',
        sicCode: INDUSTRIES[0]!.code,
        sectorName: INDUSTRIES[0]!.sector,
        industry: INDUSTRIES[0]!.description,
        market: 'NASDAQ',
        country: 'United States',
      });
      const outcome = await seedDemoData(other.database, { seed: 's', asOf: '2026-11-20', companies: 60 });
      expect(outcome.seeded).toBe(true);
      const symbols = await other.database.db.select({ symbol: companies.symbol }).from(companies);
      expect(symbols).toHaveLength(60);
      expect(symbols.map((r) => r.symbol)).not.toContain('HALF');
      const markers = await other.database.db.select({ key: appMeta.key }).from(appMeta);
      expect(markers.map((m) => m.key)).not.toContain('demo_seed_started');
    } finally {
      await other.close();
    }
  });

  it('leaves a database that holds real companies alone', async () => {
    const other = await createTestDatabase();
    try {
      await other.database.db.insert(companies).values({
        symbol: 'REAL',
        name: 'Real Co',
        sicCode: 7372,
        sectorName: 'Technology',
        industry: 'Services - prepackaged software',
        market: 'NASDAQ',
        country: 'United States',
      });
      const outcome = await seedDemoData(other.database, { seed: 's', asOf: '2026-11-20', companies: 60 });
      expect(outcome).toEqual({ seeded: false, reason: 'the database already holds companies' });
    } finally {
      await other.close();
    }
  });
});
