/**
 * RedChat's analyst answer states the figures the company page shows: the
 * number of ratings, their split, the mean of their targets and the lowest
 * and highest target, for every covered demo company.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars } from '../../../../src/lib/format.ts';
import { analystRatings, companies } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { ask } from '../../../helpers/chat.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 200 });
});
afterAll(() => t.close());

/** Summed smallest first: floating-point sums depend on their order, a mean should not. */
const mean = (values: number[]) => [...values].sort((a, b) => a - b).reduce((s, v) => s + v, 0) / values.length;

describe('RedChat on analysts', () => {
  it('states the count, split, average target and range of the ratings the company page lists', async () => {
    const db = t.database.db;
    const rows = await db.select().from(companies).orderBy(asc(companies.symbol));
    let asked = 0;
    for (const company of rows) {
      const ratings = await db
        .select()
        .from(analystRatings)
        .where(eq(analystRatings.companySymbol, company.symbol))
        .orderBy(desc(analystRatings.recommendationDate));
      if (ratings.length === 0) continue;
      asked++;
      const answer = await ask(t, `what do analysts think of ${company.symbol}`, { symbol: company.symbol });
      expect(answer.status).toBe(200);
      const count = (rec: string) => ratings.filter((r) => r.recommendation === rec).length;
      const targets = ratings.map((r) => r.priceTarget).filter((p): p is number => p !== null);
      const n = ratings.length;
      expect(answer.text, company.symbol).toContain(
        `${n} analyst${n === 1 ? '' : 's'} rate **${company.name} (${company.symbol})**: **${count('Buy')} Buy, ${count('Hold')} Hold, ${count('Sell')} Sell**`,
      );
      expect(answer.text, company.symbol).toContain(
        `average price target is **${formatDollars(mean(targets))}** (high ${formatDollars(Math.max(...targets))}, low ${formatDollars(Math.min(...targets))})`,
      );
    }
    expect(asked).toBeGreaterThan(50);
  });
});
