import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, dailyPrices, industries } from '../../../src/server/schema.ts';
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

  it('does nothing the second time', async () => {
    const outcome = await seedDemoData(t.database, { seed: 's', asOf: '2026-11-20', companies: 60 });
    expect(outcome).toEqual({ seeded: false, reason: 'demo data already present' });
    expect(await rows(companies)).toBe(60);
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
