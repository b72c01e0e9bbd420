/**
 * Statements built from company facts: the real documents of tests/fixtures/sec-facts (Snowflake, a
 * us-gaap filer whose year ends in January; Logistic Properties of the Americas, an ifrs-full 20-F
 * filer), and, where a case is in neither, small documents constructed here in the same format (each
 * marked as constructed; their numbers are made up).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATEMENT_LINE_IDS } from '../../../../src/lib/financials.ts';
import { factsOf, readCompanyFacts } from '../../../../src/server/features/financials/company-facts.ts';
import { STATEMENT_SOURCES } from '../../../../src/server/features/financials/statement-lines.ts';
import {
  type StatementPeriod,
  type Statements,
  buildStatements,
} from '../../../../src/server/features/financials/statements.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/sec-facts');
const statementsOf = (name: string) =>
  buildStatements(readCompanyFacts(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), name));
const snowflake = statementsOf('CIK0001640147.json');
const lpa = statementsOf('CIK0001997711.json');
const snowflakeFacts = readCompanyFacts(
  fs.readFileSync(path.join(FIXTURES, 'CIK0001640147.json'), 'utf8'),
  'CIK0001640147.json',
);

const period = (periods: StatementPeriod[], start: string, end: string): StatementPeriod => {
  const found = periods.find((p) => p.start === start && p.end === end);
  if (!found) throw new Error(`no period ${start} to ${end}`);
  return found;
};
const year = (statements: Statements, fiscalYear: number) => {
  const found = statements.annual.find((p) => p.fiscalYear === fiscalYear);
  if (!found) throw new Error(`no fiscal year ${fiscalYear}`);
  return found;
};

// ---- constructed documents, in the SEC's format ------------------------------------------------

interface ConstructedFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number;
  fp?: string;
  form: string;
  filed: string;
}
type ConstructedFacts = Record<string, Record<string, Record<string, ConstructedFact[]>>>;

/** A constructed company-facts document: taxonomy → concept → unit → facts. */
function constructed(facts: ConstructedFacts): Statements {
  const doc = {
    cik: 1234567,
    entityName: 'Constructed Example Inc.',
    facts: Object.fromEntries(
      Object.entries(facts).map(([taxonomy, concepts]) => [
        taxonomy,
        Object.fromEntries(
          Object.entries(concepts).map(([concept, units]) => [concept, { label: concept, description: null, units }]),
        ),
      ]),
    ),
  };
  return buildStatements(readCompanyFacts(JSON.stringify(doc), 'constructed.json'));
}

const tenK = (accn: string, filed: string, fy: number) => ({ accn, filed, fy, fp: 'FY', form: '10-K' });
const tenQ = (accn: string, filed: string, fy: number, fp: string) => ({ accn, filed, fy, fp, form: '10-Q' });

describe('the statements of a us-gaap filer (Snowflake)', () => {
  it('are in us-gaap and US dollars, each figure with its concept and the filing that last reported it', () => {
    expect(snowflake).toMatchObject({
      cik: 1640147,
      entityName: 'SNOWFLAKE INC.',
      taxonomy: 'us-gaap',
      currency: 'USD',
    });
    const fiscal2024 = year(snowflake, 2024);
    expect(fiscal2024.lines.revenue).toEqual({
      value: 2806489000,
      unit: 'USD',
      taxonomy: 'us-gaap',
      concept: 'RevenueFromContractWithCustomerExcludingAssessedTax',
      accn: '0001640147-25-000052',
      form: '10-K',
      filed: '2025-03-21',
      start: '2023-02-01',
      end: '2024-01-31',
      derived: null,
    });
    expect(fiscal2024.lines.netIncome).toMatchObject({ value: -836097000, concept: 'NetIncomeLoss' });
    expect(fiscal2024.lines.cash).toMatchObject({
      value: 1762749000,
      concept: 'CashAndCashEquivalentsAtCarryingValue',
      start: null,
      end: '2024-01-31',
    });
    expect(fiscal2024.lines.shortTermInvestments).toMatchObject({
      value: 2083499000,
      concept: 'AvailableForSaleSecuritiesDebtSecuritiesCurrent',
    });
    expect(fiscal2024.lines.operatingCashFlow).toMatchObject({ value: 848122000 });
    expect(fiscal2024.lines.capitalExpenditure).toMatchObject({ value: 35086000 });
    expect(fiscal2024.lines.epsDiluted).toMatchObject({ value: -2.55, unit: 'USD/shares' });
    expect(fiscal2024.lines.weightedSharesBasic).toMatchObject({ value: 328001000, unit: 'shares' });
  });

  it('name a year ending in January by the fiscal year of its own 10-K, not by the SEC’s calendar frame', () => {
    const fiscal2024 = period(snowflake.annual, '2023-02-01', '2024-01-31');
    expect(fiscal2024).toMatchObject({ kind: 'annual', fiscalYear: 2024, fiscalQuarter: null });
    // The SEC frames the same year as calendar 2023, and its latest report (the next 10-K) as fiscal 2025.
    const reported = factsOf(snowflakeFacts, 'us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax').filter(
      (fact) => fact.start === '2023-02-01' && fact.end === '2024-01-31',
    );
    expect(reported.map((fact) => [fact.accn, fact.fy, fact.frame])).toEqual([
      ['0001640147-24-000101', 2024, null],
      ['0001640147-25-000052', 2025, 'CY2023'],
    ]);
    expect(snowflake.annual.map((p) => [p.fiscalYear, p.end])).toEqual([
      [2019, '2019-01-31'],
      [2020, '2020-01-31'],
      [2021, '2021-01-31'],
      [2022, '2022-01-31'],
      [2023, '2023-01-31'],
      [2024, '2024-01-31'],
      [2025, '2025-01-31'],
    ]);
    expect(period(snowflake.quarterly, '2023-02-01', '2023-04-30')).toMatchObject({
      fiscalYear: 2024,
      fiscalQuarter: 1,
    });
    expect(period(snowflake.quarterly, '2023-11-01', '2024-01-31')).toMatchObject({
      fiscalYear: 2024,
      fiscalQuarter: 4,
    });
    // The year in progress: its first quarter, after the last 10-K.
    expect(snowflake.quarterly.at(-1)).toMatchObject({
      start: '2025-02-01',
      end: '2025-04-30',
      fiscalYear: 2026,
      fiscalQuarter: 1,
    });
  });

  it('work out the fourth quarter no 10-Q gives as the year less nine months', () => {
    const q4 = period(snowflake.quarterly, '2023-11-01', '2024-01-31');
    expect(q4.lines.revenue).toMatchObject({ value: 774699000, start: '2023-11-01', end: '2024-01-31' });
    expect(q4.lines.revenue!.derived!.from).toMatchObject({
      value: 2806489000,
      start: '2023-02-01',
      end: '2024-01-31',
    });
    expect(q4.lines.revenue!.derived!.less).toEqual([
      expect.objectContaining({ value: 2031790000, start: '2023-02-01', end: '2023-10-31' }),
    ]);
    expect(q4.lines.operatingCashFlow).toMatchObject({ value: 848122000 - 503542000 });
  });

  it('work out a quarter of cash flows given only year-to-date as six months less three', () => {
    const q2 = period(snowflake.quarterly, '2023-05-01', '2023-07-31');
    const flow = q2.lines.operatingCashFlow!;
    expect(flow.derived!.from).toMatchObject({ start: '2023-02-01', end: '2023-07-31' });
    expect(flow.derived!.less).toEqual([expect.objectContaining({ start: '2023-02-01', end: '2023-04-30' })]);
    expect(flow.value).toBe(flow.derived!.from.value - flow.derived!.less[0]!.value);
    // The first quarter is reported as it is.
    expect(period(snowflake.quarterly, '2023-02-01', '2023-04-30').lines.operatingCashFlow).toMatchObject({
      value: 299444000,
      derived: null,
    });
  });

  it('never work out balances, per-share figures or average share counts', () => {
    const q4 = period(snowflake.quarterly, '2023-11-01', '2024-01-31');
    expect(q4.lines.epsBasic).toBeUndefined();
    expect(q4.lines.epsDiluted).toBeUndefined();
    expect(q4.lines.weightedSharesBasic).toBeUndefined();
    expect(q4.lines.cash).toMatchObject({ value: 1762749000, derived: null });
    expect(q4.lines.totalAssets).toMatchObject({ derived: null });
  });

  it('count no 6- or 9-month year-to-date figure as a quarter', () => {
    for (const quarter of snowflake.quarterly) {
      const days = (Date.parse(quarter.end) - Date.parse(quarter.start)) / 86_400_000 + 1;
      expect(days, `${quarter.start} to ${quarter.end}`).toBeGreaterThanOrEqual(80);
      expect(days, `${quarter.start} to ${quarter.end}`).toBeLessThanOrEqual(100);
    }
    expect(snowflake.quarterly.find((q) => q.start === '2023-02-01' && q.end === '2023-10-31')).toBeUndefined();
  });

  it('keep a line continuous across a change of concept, taking the later filing’s where both report', () => {
    expect(snowflake.annual.map((p) => [p.fiscalYear, p.lines.epsBasic?.concept, p.lines.epsBasic?.value])).toEqual([
      [2019, 'EarningsPerShareBasicAndDiluted', -4.67],
      [2020, 'EarningsPerShareBasic', -7.77],
      [2021, 'EarningsPerShareBasic', -3.81],
      [2022, 'EarningsPerShareBasic', -2.26],
      [2023, 'EarningsPerShareBasic', -2.5],
      [2024, 'EarningsPerShareBasic', -2.55],
      [2025, 'EarningsPerShareBasic', -3.86],
    ]);
    expect(year(snowflake, 2019).lines.weightedSharesBasic).toMatchObject({
      concept: 'WeightedAverageNumberOfShareOutstandingBasicAndDiluted',
    });
    expect(year(snowflake, 2024).lines.weightedSharesBasic).toMatchObject({
      concept: 'WeightedAverageNumberOfSharesOutstandingBasic',
    });
  });

  it('place a 10-Q by its dates even where the SEC marks it fp “FY”', () => {
    const filing = factsOf(snowflakeFacts, 'us-gaap', 'EarningsPerShareBasic').find(
      (fact) => fact.accn === '0001640147-22-000044' && fact.start === '2021-02-01',
    );
    expect(filing).toMatchObject({ form: '10-Q', fp: 'FY', end: '2021-04-30' });
    expect(period(snowflake.quarterly, '2021-02-01', '2021-04-30')).toMatchObject({
      kind: 'quarter',
      fiscalYear: 2022,
      fiscalQuarter: 1,
      lines: { epsBasic: { value: -0.7, accn: '0001640147-22-000044', concept: 'EarningsPerShareBasic' } },
    });
  });

  it('replace a figure with its restatement in a later filing', () => {
    // 300,273,227 in the 10-K for fiscal 2022, 300,273,000 in the next two.
    expect(year(snowflake, 2022).lines.weightedSharesBasic).toMatchObject({
      value: 300273000,
      accn: '0001640147-24-000101',
      filed: '2024-03-26',
    });
  });

  it('give free cash flow as operating cash flow less capital expenditure', () => {
    const fiscal2024 = year(snowflake, 2024);
    expect(fiscal2024.lines.freeCashFlow).toMatchObject({ value: 848122000 - 35086000, unit: 'USD' });
    expect(fiscal2024.lines.freeCashFlow!.derived).toEqual({
      from: fiscal2024.lines.operatingCashFlow,
      less: [fiscal2024.lines.capitalExpenditure],
    });
  });

  it('give the shares outstanding on the cover of the report of each period, and every count by its day', () => {
    expect(year(snowflake, 2024).lines.sharesOutstanding).toMatchObject({
      value: 334200000,
      taxonomy: 'dei',
      concept: 'EntityCommonStockSharesOutstanding',
      end: '2024-03-15',
      accn: '0001640147-24-000101',
    });
    expect(snowflake.shareCounts.map((count) => count.end)).toEqual(
      [...snowflake.shareCounts.map((c) => c.end)].sort(),
    );
    expect(snowflake.shareCounts.at(-1)).toMatchObject({ end: '2025-05-08', value: 333700000 });
  });
});

describe('the statements of an ifrs-full filer (Logistic Properties of the Americas)', () => {
  it('are in ifrs-full and its currency, year by year, with no quarters', () => {
    expect(lpa).toMatchObject({ cik: 1997711, taxonomy: 'ifrs-full', currency: 'USD', quarterly: [] });
    expect(lpa.annual.map((p) => [p.fiscalYear, p.start, p.end])).toEqual([
      [2021, '2021-01-01', '2021-12-31'],
      [2022, '2022-01-01', '2022-12-31'],
      [2023, '2023-01-01', '2023-12-31'],
      [2024, '2024-01-01', '2024-12-31'],
    ]);
    const lines = year(lpa, 2024).lines;
    expect(lines.revenue).toMatchObject({ value: 43862372, unit: 'USD', taxonomy: 'ifrs-full', concept: 'Revenue' });
    expect(lines.netIncome).toMatchObject({ value: -29285428, concept: 'ProfitLossAttributableToOwnersOfParent' });
    expect(lines.cash).toMatchObject({ value: 28827347, concept: 'CashAndCashEquivalents' });
    expect(lines.totalAssets).toMatchObject({ value: 607019578 });
    expect(lines.totalLiabilities).toMatchObject({ value: 336218160 });
    expect(lines.debt).toMatchObject({ value: 267216692, concept: 'Borrowings' });
    expect(lines.stockholdersEquity).toMatchObject({ value: 228964876, concept: 'EquityAttributableToOwnersOfParent' });
    expect(lines.operatingIncome).toMatchObject({ value: 36606814, concept: 'ProfitLossFromOperatingActivities' });
    expect(lines.epsBasic).toMatchObject({ value: -0.94, unit: 'USD/shares' });
  });

  it('take stand-in concepts only where no proper one reports', () => {
    // Its operating cash total is tagged as cash flows from operations.
    expect(year(lpa, 2024).lines.operatingCashFlow).toMatchObject({
      value: 19391563,
      concept: 'CashFlowsFromUsedInOperations',
    });
    // Revenue from contracts with customers is a part of its revenue, never the line.
    expect(lpa.annual.every((p) => p.lines.revenue?.concept === 'Revenue')).toBe(true);
    // Equity including minority interests stands in for 2021, when the owners' part was not given.
    expect(year(lpa, 2021).lines.stockholdersEquity).toMatchObject({ value: 237526772, concept: 'Equity' });
  });

  it('replace the figures its 20-F for 2024 restated after its recapitalisation', () => {
    for (const fiscalYear of [2022, 2023]) {
      const lines = year(lpa, fiscalYear).lines;
      expect(lines.weightedSharesBasic).toMatchObject({ value: 28600000, accn: '0001997711-25-000030' });
    }
    expect(year(lpa, 2022).lines.epsBasic).toMatchObject({ value: 0.28, accn: '0001997711-25-000030' });
    expect(year(lpa, 2023).lines.epsDiluted).toMatchObject({ value: 0.11, accn: '0001997711-25-000030' });
    // 2021 was reported once, before it.
    expect(year(lpa, 2021).lines.epsBasic).toMatchObject({ value: 0.025, accn: '0001493152-24-016772' });
  });
});

describe('statements of constructed documents', () => {
  it('keep every figure in the currency of the company’s statements, per share in that currency', () => {
    // Constructed: a 20-F filer presenting in euros, with a convenience translation of its revenue in dollars.
    const filing = { accn: '0009999999-24-000001', fy: 2023, fp: 'FY', form: '20-F', filed: '2024-04-01' };
    const statements = constructed({
      'ifrs-full': {
        Revenue: {
          EUR: [{ start: '2023-01-01', end: '2023-12-31', val: 1200, ...filing }],
          USD: [{ start: '2023-01-01', end: '2023-12-31', val: 1300, ...filing }],
        },
        ProfitLossAttributableToOwnersOfParent: {
          EUR: [{ start: '2023-01-01', end: '2023-12-31', val: -50, ...filing }],
        },
        BasicEarningsLossPerShare: { 'EUR/shares': [{ start: '2023-01-01', end: '2023-12-31', val: -0.5, ...filing }] },
        CashAndCashEquivalents: { EUR: [{ end: '2023-12-31', val: 400, ...filing }] },
      },
    });
    expect(statements.currency).toBe('EUR');
    expect(statements.annual[0]!.lines).toMatchObject({
      revenue: { value: 1200, unit: 'EUR' },
      netIncome: { value: -50, unit: 'EUR' },
      epsBasic: { value: -0.5, unit: 'EUR/shares' },
      cash: { value: 400, unit: 'EUR' },
    });
  });

  it('work out a missing quarter as the year less its three quarters where no nine-month figure is given', () => {
    // Constructed: three quarters reported alone, then the year.
    const q = (start: string, end: string, val: number, n: number) => ({
      start,
      end,
      val,
      ...tenQ(`0001234567-23-00000${n}`, `2023-0${n * 2 + 2}-10`, 2023, `Q${n}`),
    });
    const statements = constructed({
      'us-gaap': {
        Revenues: {
          USD: [
            q('2023-01-01', '2023-03-31', 100, 1),
            q('2023-04-01', '2023-06-30', 110, 2),
            q('2023-07-01', '2023-09-30', 120, 3),
            { start: '2023-01-01', end: '2023-12-31', val: 460, ...tenK('0001234567-24-000001', '2024-02-20', 2023) },
          ],
        },
      },
    });
    const q4 = period(statements.quarterly, '2023-10-01', '2023-12-31');
    expect(q4).toMatchObject({ fiscalYear: 2023, fiscalQuarter: 4, lines: { revenue: { value: 130 } } });
    expect(q4.lines.revenue!.derived!.less.map((f) => f.value)).toEqual([100, 110, 120]);
  });

  it('take the later accession number where two filings of one day report a period', () => {
    // Constructed: a 10-K and its amendment filed the same day.
    const statements = constructed({
      'us-gaap': {
        NetIncomeLoss: {
          USD: [
            { start: '2023-01-01', end: '2023-12-31', val: -10, ...tenK('0001234567-24-000002', '2024-03-01', 2023) },
            {
              start: '2023-01-01',
              end: '2023-12-31',
              val: -12,
              ...tenK('0001234567-24-000003', '2024-03-01', 2023),
              form: '10-K/A',
            },
          ],
        },
      },
    });
    expect(statements.annual[0]!.lines.netIncome).toMatchObject({ value: -12, form: '10-K/A' });
  });

  it('name a 52/53-week year by the fiscal year its 10-K gives, though it ends in the next calendar year', () => {
    // Constructed: a retailer whose 10-K calls the 53 weeks ending 3 February 2024 fiscal 2023.
    const statements = constructed({
      'us-gaap': {
        Revenues: {
          USD: [
            { start: '2023-01-29', end: '2024-02-03', val: 500, ...tenK('0001234567-24-000004', '2024-03-20', 2023) },
          ],
        },
      },
    });
    expect(statements.annual[0]).toMatchObject({ start: '2023-01-29', end: '2024-02-03', fiscalYear: 2023 });
  });

  it('count a year only ever given as a comparative on from the year its 10-K names', () => {
    // Constructed: the retailer's earlier year, known only as the comparative column of that 10-K.
    const later = tenK('0001234567-24-000005', '2024-03-20', 2023);
    const statements = constructed({
      'us-gaap': {
        Revenues: {
          USD: [
            { start: '2022-01-30', end: '2023-01-28', val: 450, ...later },
            { start: '2023-01-29', end: '2024-02-03', val: 500, ...later },
          ],
        },
      },
    });
    expect(statements.annual.map((p) => [p.end, p.fiscalYear])).toEqual([
      ['2023-01-28', 2022],
      ['2024-02-03', 2023],
    ]);
  });

  it('name a year by the calendar year it ends in when no report gives a fiscal year', () => {
    // Constructed: facts whose filings carry no fy.
    const filing = { accn: '0001234567-24-000007', fy: null, fp: null, form: '10-K', filed: '2024-03-20' };
    const statements = buildStatements(
      readCompanyFacts(
        JSON.stringify({
          cik: 1234567,
          entityName: 'Constructed Example Inc.',
          facts: {
            'us-gaap': {
              Revenues: {
                label: 'Revenues',
                description: null,
                units: {
                  USD: [
                    { start: '2022-02-01', end: '2023-01-31', val: 450, ...filing },
                    { start: '2023-02-01', end: '2024-01-31', val: 500, ...filing },
                  ],
                },
              },
            },
          },
        }),
        'constructed.json',
      ),
    );
    expect(statements.annual.map((p) => [p.end, p.fiscalYear])).toEqual([
      ['2023-01-31', 2023],
      ['2024-01-31', 2024],
    ]);
  });

  it('are empty for a filer of neither us-gaap nor ifrs-full', () => {
    const statements = constructed({
      dei: {
        EntityCommonStockSharesOutstanding: {
          shares: [{ end: '2024-03-01', val: 10, ...tenK('0001234567-24-000006', '2024-03-20', 2023) }],
        },
      },
    });
    expect(statements).toMatchObject({ taxonomy: null, currency: null, annual: [], quarterly: [], shareCounts: [] });
  });
});

describe('the standard lines', () => {
  it('are each read from the facts, but free cash flow, which is worked out from two of them', () => {
    expect(STATEMENT_SOURCES.map((line) => line.id)).toEqual(STATEMENT_LINE_IDS.filter((id) => id !== 'freeCashFlow'));
    for (const line of STATEMENT_SOURCES) {
      expect(line.concepts['us-gaap'].flat().length, line.id).toBeGreaterThan(0);
      expect(line.concepts['ifrs-full'].flat().length, line.id).toBeGreaterThan(0);
      if (line.additive) expect(line.period, line.id).toBe('duration');
    }
  });
});
