/**
 * The demo statements agree with themselves and with the rest of the demo company, as a reader
 * checking the Financials tab against the stock page and the SEC filings would find.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { periodsOf, type CompanyFinancials } from '../../../src/lib/financial-records.ts';
import {
  generateCompanyData,
  type DemoCompanyData,
  type DemoCompanySource,
} from '../../../src/server/demo/company-data.ts';
import { generateUniverse } from '../../../src/server/demo/universe.ts';
import { demoCompanySources } from '../../helpers/demo-companies.ts';

const ASOF = '2026-11-20';
let data: DemoCompanyData;
let rows: DemoCompanySource[];
let records: { symbol: string; record: CompanyFinancials; row: DemoCompanySource }[];

beforeAll(() => {
  const universe = generateUniverse({ seed: 'statements', asOf: ASOF, count: 600, clients: 10 });
  rows = demoCompanySources(universe);
  data = generateCompanyData('statements', ASOF, rows);
  const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
  records = data.financials.map((f) => ({ ...f, row: bySymbol.get(f.symbol)! }));
});

describe('demo statements', () => {
  it('are given to every company with a price, and are the same for the same seed', () => {
    expect(records.length).toBe(rows.filter((r) => r.lastSale && r.sharesOutstanding).length);
    expect(generateCompanyData('statements', ASOF, rows.slice(0, 50)).financials).toEqual(
      data.financials.slice(
        0,
        data.financials.findIndex((f) => f.symbol === rows[50]!.symbol),
      ),
    );
  });

  it('move the cash by the quarter’s cash flows', () => {
    for (const { record } of records.slice(0, 200)) {
      const quarters = periodsOf(record, 'quarterly');
      for (let i = 1; i < quarters.length; i++) {
        const { lines } = quarters[i]!;
        const flows = lines.operatingCashFlow!.value + lines.investingCashFlow!.value + lines.financingCashFlow!.value;
        expect(Math.abs(quarters[i - 1]!.lines.cash!.value + flows - lines.cash!.value)).toBeLessThanOrEqual(3);
      }
    }
  });

  it('sum a year’s flows from its quarters, and give EPS as net income over the weighted shares', () => {
    for (const { record } of records.slice(0, 200)) {
      const quarters = periodsOf(record, 'quarterly');
      for (const year of periodsOf(record, 'annual')) {
        expect(year.lines.epsBasic!.value).toBeCloseTo(
          year.lines.netIncome!.value / year.lines.weightedSharesBasic!.value,
          2,
        );
        const inside = quarters.filter((q) => q.start >= year.start && q.end <= year.end);
        if (inside.length !== 4) continue;
        const sum = inside.reduce((s, q) => s + q.lines.netIncome!.value, 0);
        expect(Math.abs(sum - year.lines.netIncome!.value)).toBeLessThanOrEqual(4);
      }
    }
  });

  it('end on the company’s shares outstanding, and cite the 10-Qs and 10-Ks in its SEC filings', () => {
    const filings = new Map(data.filings.map((f) => [f.accessionKey, f]));
    for (const { symbol, record, row } of records) {
      expect(record.share_counts.at(-1)!.shares).toBe(row.sharesOutstanding);
      for (const filing of record.filings) {
        const listed = filings.get(filing.accession)!;
        expect(listed).toMatchObject({ companySymbol: symbol, filingType: filing.form, dateAsOfChange: filing.filed });
        expect(filing.filed <= ASOF).toBe(true);
      }
    }
  });

  it('show companies burning cash with short runways, companies diluting fast, and companies paying their way', () => {
    const figures = records.map((r) => r.record.key_figures);
    const short = figures.filter((f) => f.runway.status === 'burning' && f.runway.quarters < 4);
    const positive = figures.filter((f) => f.runway.status === 'cash-flow-positive');
    const diluting = figures.filter((f) => (f.shares_growth_1y ?? 0) > 0.2);
    expect(short.length).toBeGreaterThan(records.length * 0.02);
    expect(positive.length).toBeGreaterThan(records.length * 0.3);
    expect(diluting.length).toBeGreaterThan(records.length * 0.05);
  });

  it('give foreign private issuers years only, filed on 20-F', () => {
    const foreign = records.filter((r) => r.row.country !== 'United States');
    expect(foreign.length).toBeGreaterThan(0);
    for (const { record } of foreign) {
      expect(record.quarterly.periods).toEqual([]);
      expect(new Set(record.filings.map((f) => f.form))).toEqual(new Set(['20-F']));
    }
  });
});
