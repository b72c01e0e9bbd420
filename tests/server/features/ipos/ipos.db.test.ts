import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipos } from '../../../../src/server/schema.ts';
import { seedDemoData } from '../../../../src/server/demo/seed.ts';
import { TEST_AS_OF, createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 50 });
});
afterAll(() => t.close());

interface IpoPage {
  data: { company_name: string; expected_date: string; status: string; price_range: string; deal_size: number }[];
  total: number;
}

describe('IPO calendar', () => {
  it('pages the calendar newest first with a total, one row per company name', async () => {
    const first = (await t.call('GET', '/api/stock/ipo?page=1&pageSize=25')).body as IpoPage;
    const rest = (await t.call('GET', '/api/stock/ipo?page=2&pageSize=50')).body as IpoPage;
    expect(first.total).toBe(60);
    expect(first.data).toHaveLength(25);
    expect(rest.data).toHaveLength(10);
    const dates = first.data.map((r) => r.expected_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const all = ((await t.call('GET', '/api/stock/ipo?page=1&pageSize=50')).body as IpoPage).data;
    expect(new Set(all.map((r) => r.company_name)).size).toBe(all.length);
  });

  it('marks listings before the as-of day priced or withdrawn and later ones expected', async () => {
    const { data } = (await t.call('GET', '/api/stock/ipo?pageSize=50')).body as IpoPage;
    for (const row of data) {
      if (row.expected_date > TEST_AS_OF) expect(row.status).toBe('Expected');
      else expect(['Priced', 'Withdrawn']).toContain(row.status);
      expect(row.price_range).toMatch(/^\$\d+\.\d{2} - \$\d+\.\d{2}$/);
      expect(row.deal_size).toBeGreaterThan(0);
    }
  });

  it('refuses page sizes above 50 and pages below 1', async () => {
    expect((await t.call('GET', '/api/stock/ipo?pageSize=1000')).status).toBe(400);
    expect((await t.call('GET', '/api/stock/ipo?page=0')).status).toBe(400);
  });

  it('is added to a demo database seeded before the calendar existed', async () => {
    await t.database.db.delete(ipos);
    await seedDemoData(t.database, { seed: 'test-seed', asOf: TEST_AS_OF, companies: 50 });
    expect(((await t.call('GET', '/api/stock/ipo')).body as IpoPage).total).toBe(60);
  });
});
