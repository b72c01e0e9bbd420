/**
 * The screener's fundamentals (docs/product.md §9.12, §22.4): each company's latest statements give
 * its runway, dilution, margins and price multiples, which filter, sort and export like every other
 * field, and agree with the company's Financials record.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyFinancials } from '../../../../src/lib/financial-records.ts';
import { companyFinancials } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

interface Row {
  symbol: string;
  market_cap: number | null;
  runway_quarters: number | null;
  shares_growth_1y: number | null;
  price_to_sales: number | null;
  revenue_ttm: number | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 160 });
});
afterAll(() => t.close());

const screen = async (filters: Record<string, string>, sortField = 'runway_quarters') => {
  const res = await t.call('POST', '/api/graphql', {
    json: {
      query: `query S($filters: FilterMap, $sortField: String) { filteredCompanies(data: {page: 1, pageSize: 1000},
        filters: $filters, sortField: $sortField, sortDirection: asc) { totalItems companies { symbol market_cap
        runway_quarters shares_growth_1y price_to_sales revenue_ttm } } }`,
      variables: { filters, sortField },
    },
  });
  expect(res.status).toBe(200);
  return (res.body as { data: { filteredCompanies: { totalItems: number; companies: Row[] } } }).data.filteredCompanies;
};

describe('fundamental screens', () => {
  it('keep the companies whose runway and dilution are in range, shortest runway first', async () => {
    const { companies: rows } = await screen({ 'Cash Runway (Quarters)': '0 to 6', 'Shares Growth 1Y': '5 to 1000' });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.runway_quarters).toBeGreaterThanOrEqual(0);
      expect(row.runway_quarters).toBeLessThanOrEqual(6);
      expect(row.shares_growth_1y).toBeGreaterThanOrEqual(5);
    }
    const runways = rows.map((r) => r.runway_quarters!);
    expect(runways).toEqual([...runways].sort((a, b) => a - b));
  });

  it('give the figures of the company’s statements, growth in percent and price to sales at the market cap', async () => {
    const { companies: rows } = await screen({ 'Cash Runway (Quarters)': '0 to 1000' });
    const row = rows[0]!;
    const [{ record }] = (await t.database.db
      .select({ record: companyFinancials.record })
      .from(companyFinancials)
      .where(eq(companyFinancials.companySymbol, row.symbol))) as [{ record: CompanyFinancials }];
    const figures = record.key_figures;
    expect(figures.runway.status).toBe('burning');
    expect(row.runway_quarters).toBeCloseTo((figures.runway as { quarters: number }).quarters, 9);
    expect(row.shares_growth_1y).toBeCloseTo(figures.shares_growth_1y! * 100, 9);
    if (figures.revenue_ttm && figures.revenue_ttm > 0)
      expect(row.price_to_sales).toBeCloseTo(row.market_cap! / figures.revenue_ttm, 9);
  });

  it('leave a company without statements out of a fundamental filter, and its cells empty', async () => {
    const { companies: all } = await screen({ 'Cash Runway (Quarters)': '0 to 1000' });
    const gone = all[0]!.symbol;
    await t.database.db.delete(companyFinancials).where(eq(companyFinancials.companySymbol, gone));
    // A company change reaches the screener as its snapshot being made again (the server's change bus).
    t.snapshots.invalidate();
    const after = await screen({ 'Cash Runway (Quarters)': '0 to 1000' });
    expect(after.companies.map((r) => r.symbol)).not.toContain(gone);
  });

  it('export the fundamental columns a screen shows', async () => {
    const filters = JSON.stringify({ 'Price to Sales': '0 to 1000' });
    const res = await t.call(
      'GET',
      `/api/stock/export?filters=${encodeURIComponent(filters)}&sortField=price_to_sales`,
    );
    expect(res.status).toBe(200);
    const header = res.text.split('\n')[0]!.split(',');
    expect(header).toEqual(
      expect.arrayContaining(['runway_quarters', 'shares_growth_1y', 'price_to_sales', 'price_to_book']),
    );
  });
});
