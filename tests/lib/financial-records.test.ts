/**
 * A company's financials record: its periods packed as kept and sent to the build, read back
 * whole, and the key figures the page, the screener and RedChat show reckoned from them.
 */
import { describe, expect, it } from 'vitest';
import {
  financialsCsv,
  financialsRecord,
  keyFiguresOf,
  periodsOf,
  type FinancialPeriod,
} from '../../src/lib/financial-records.ts';
import { STATEMENT_LINES, type StatementLineId } from '../../src/lib/financials.ts';

const figure = (value: number, filing = '0000000001-26-000001', derived = false) => ({
  value,
  unit: 'USD',
  concept: 'us-gaap:Revenues',
  filing,
  derived,
});

const quarter = (end: string, start: string, lines: Partial<Record<StatementLineId, number>>): FinancialPeriod => ({
  kind: 'quarter',
  start,
  end,
  fiscal_year: Number(end.slice(0, 4)),
  fiscal_quarter: 1,
  lines: Object.fromEntries(Object.entries(lines).map(([id, v]) => [id, figure(v)])),
});

/** Eight calendar quarters of 2025 and 2026, revenue 100 a quarter in 2025 and 150 in 2026. */
const QUARTERS = [
  ['2025-01-01', '2025-03-31'],
  ['2025-04-01', '2025-06-30'],
  ['2025-07-01', '2025-09-30'],
  ['2025-10-01', '2025-12-31'],
  ['2026-01-01', '2026-03-31'],
  ['2026-04-01', '2026-06-30'],
  ['2026-07-01', '2026-09-30'],
  ['2026-10-01', '2026-12-31'],
].map(([start, end], i) =>
  quarter(end!, start!, { revenue: i < 4 ? 100 : 150, netIncome: -30, operatingCashFlow: -50, cash: 1000 - i * 50 }),
);

describe('a financials record', () => {
  it('reads back every figure it was made from, with its concept, filing and whether it was worked out', () => {
    const annual: FinancialPeriod = {
      kind: 'annual',
      start: '2025-01-01',
      end: '2025-12-31',
      fiscal_year: 2025,
      fiscal_quarter: null,
      lines: { revenue: figure(400, '0000000001-26-000002'), freeCashFlow: { ...figure(-200), derived: true } },
    };
    const record = financialsRecord({
      source: 'sec-companyfacts',
      cik: 1,
      taxonomy: 'us-gaap',
      currency: 'USD',
      updatedAt: '2026-12-06T00:00:00.000Z',
      filings: [
        { accession: '0000000001-26-000001', form: '10-Q', filed: '2026-02-10', url: null },
        { accession: '0000000001-26-000002', form: '10-K', filed: '2026-03-01', url: null },
      ],
      annual: [annual],
      quarterly: QUARTERS,
      shareCounts: [],
    });
    expect(periodsOf(record, 'annual')).toEqual([annual]);
    expect(periodsOf(record, 'quarterly')).toEqual(QUARTERS);
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });

  it('makes a CSV of the periods, newest first, naming each period’s filings', () => {
    const record = financialsRecord({
      source: 'demo',
      cik: null,
      taxonomy: 'us-gaap',
      currency: 'USD',
      updatedAt: '2026-12-06T00:00:00.000Z',
      filings: [{ accession: '0000000001-26-000001', form: '10-Q', filed: '2026-02-10', url: null }],
      annual: [],
      quarterly: QUARTERS.slice(0, 2),
      shareCounts: [],
    });
    expect(financialsCsv(record, 'quarterly', STATEMENT_LINES).split('\r\n').slice(0, 4)).toEqual([
      'Line,Unit,Q1 2025,Q1 2025',
      'Period start,,2025-04-01,2025-01-01',
      'Period end,,2025-06-30,2025-03-31',
      'Revenue,USD,100,100',
    ]);
  });
});

describe('the key figures', () => {
  it('take the trailing year as the last four quarters, and its growth on the four before', () => {
    const figures = keyFiguresOf([], QUARTERS, []);
    expect(figures.revenue_ttm).toBe(600);
    expect(figures.revenue_growth).toBeCloseTo(0.5, 12);
    expect(figures.net_margin).toBeCloseTo(-120 / 600, 12);
    expect(figures.as_of).toBe('2026-12-31');
  });

  it('count the runway of the latest cash at the trailing year’s burn', () => {
    const figures = keyFiguresOf([], QUARTERS, []);
    // Cash 650 at the end; operating cash flow -200 over the last four quarters: 50 a quarter.
    expect(figures.runway).toMatchObject({ status: 'burning', quarters: 13, quarterlyBurn: 50, liquidity: 650 });
    expect(figures.cash).toBe(650);
  });

  it('fall back on the last year when the quarters leave a gap', () => {
    const gap = QUARTERS.filter((_, i) => i !== 6);
    const year: FinancialPeriod = {
      kind: 'annual',
      start: '2026-01-01',
      end: '2026-12-31',
      fiscal_year: 2026,
      fiscal_quarter: null,
      lines: { revenue: figure(640) },
    };
    expect(keyFiguresOf([year], gap, []).revenue_ttm).toBe(640);
  });

  it('say nothing of ratios whose base is nothing or a loss', () => {
    const figures = keyFiguresOf([], [quarter('2026-03-31', '2026-01-01', { debt: 10, stockholdersEquity: -5 })], []);
    expect(figures.debt_to_equity).toBeNull();
    expect(figures.revenue_ttm).toBeNull();
    expect(figures.net_margin).toBeNull();
  });
});
