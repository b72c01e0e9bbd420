/**
 * Every analyst figure a reader sees of a company comes from its ratings:
 * the report in the company page's frame, the rankings table beside it and
 * the screener's columns state the same count, average target and range.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars } from '../../../../src/lib/format.ts';
import { companies } from '../../../../src/server/schema.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

interface Rating {
  recommendation: 'Buy' | 'Hold' | 'Sell';
  priceTarget: number | null;
}

let t: TestApp;
let reader: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 200 });
  reader = bearer(await verifiedUser(t, 'analyst-figures@example.com'));
});
afterAll(() => t.close());

/** Every rating of a company, through the rankings table's own calls. */
async function ratingsOf(symbol: string): Promise<Rating[]> {
  const all: Rating[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call('GET', `/api/stock/analysts/${symbol}?page=${page}&pageSize=50`, { headers: reader });
    expect(res.status).toBe(200);
    const body = res.body as { data: Rating[]; total: number };
    all.push(...body.data);
    if (all.length >= body.total || body.data.length === 0) {
      expect(all.length).toBe(body.total);
      return all;
    }
  }
}

/** What the report in the frame states, as text. */
function reportFigures(html: string) {
  const consensus = /<small>(\d+) Buy · (\d+) Hold · (\d+) Sell<\/small>/.exec(html);
  const average = /Average price target<b>([^<]*)<\/b>/.exec(html);
  const range = /Target range<b>([^<]*)<\/b><small>(\d+) analysts?</.exec(html);
  expect(consensus && average && range, html).toBeTruthy();
  return {
    buy: Number(consensus![1]),
    hold: Number(consensus![2]),
    sell: Number(consensus![3]),
    average: average![1],
    range: range![1],
    count: Number(range![2]),
    rows: (html.match(/<tr><td>/g) ?? []).length,
  };
}

/** Summed smallest first: floating-point sums depend on their order, a mean should not. */
const mean = (values: number[]) => [...values].sort((a, b) => a - b).reduce((s, v) => s + v, 0) / values.length;

describe('analyst figures', () => {
  it('agree on every demo company: count = ratings, average = mean of the targets, range = lowest to highest', async () => {
    const rows = await t.database.db.select().from(companies).orderBy(asc(companies.symbol));
    let covered = 0;
    for (const company of rows) {
      const ratings = await ratingsOf(company.symbol);
      const url = await t.call('GET', `/api/stock/analyst-report-url/${company.symbol}`, { headers: reader });
      // The screener's columns are the same figures.
      expect(company.totalAnalysts, company.symbol).toBe(ratings.length);
      if (ratings.length === 0) {
        expect((url.body as { url: string | null }).url, company.symbol).toBeNull();
        expect(company.priceTarget, company.symbol).toBeNull();
        continue;
      }
      covered++;
      const targets = ratings.map((r) => r.priceTarget).filter((p): p is number => p !== null);
      const count = (rec: Rating['recommendation']) => ratings.filter((r) => r.recommendation === rec).length;
      const expected = {
        buy: count('Buy'),
        hold: count('Hold'),
        sell: count('Sell'),
        average: formatDollars(mean(targets)),
        range: `${formatDollars(Math.min(...targets))} – ${formatDollars(Math.max(...targets))}`,
        count: ratings.length,
        rows: ratings.length,
      };
      const report = await t.call('GET', `/api/stock/analyst-report/${company.symbol}`, { headers: reader });
      expect(report.status).toBe(200);
      expect(reportFigures(report.text), company.symbol).toEqual(expected);
      expect(
        {
          buy: company.buyRatings,
          hold: company.holdRatings,
          sell: company.sellRatings,
          average: formatDollars(company.priceTarget),
          range: `${formatDollars(company.lowPriceTarget)} – ${formatDollars(company.highPriceTarget)}`,
        },
        company.symbol,
      ).toEqual({
        buy: expected.buy,
        hold: expected.hold,
        sell: expected.sell,
        average: expected.average,
        range: expected.range,
      });
    }
    expect(covered).toBeGreaterThan(50);
  });
});
