/**
 * Runway and dilution reckoned by the shared rules from the statements of the real documents of
 * tests/fixtures/sec-facts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCompanyFacts } from '../../../../src/server/features/financials/company-facts.ts';
import { cashRunwayOfPeriods, dilution, trailingOperatingCashFlowOf } from '../../../../src/lib/financials.ts';
import { type Statements, buildStatements } from '../../../../src/server/features/financials/statements.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/sec-facts');
const statementsOf = (name: string) =>
  buildStatements(readCompanyFacts(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), name));
const snowflake = statementsOf('CIK0001640147.json');
const lpa = statementsOf('CIK0001997711.json');
// The shared rules (src/lib/financials.ts) as the statements give them their periods and share counts.
const trailingOperatingCashFlow = (s: Statements) => trailingOperatingCashFlowOf(s.annual, s.quarterly);
const cashRunwayOf = (s: Statements) => cashRunwayOfPeriods(s.annual, s.quarterly);
const dilutionOf = (s: Statements) => dilution(s.shareCounts.map((f) => ({ date: f.end, shares: f.value })));

describe('the trailing operating cash flow', () => {
  it('of a 10-Q filer is its last four quarters’, the fourth quarter worked out from the year', () => {
    // Quarters to 2024-07-31, 2024-10-31, 2025-01-31 (the year less nine months) and 2025-04-30: the
    // year to 2025-01-31 less its first quarter, plus the first quarter of the next.
    expect(trailingOperatingCashFlow(snowflake)).toBe(959764000 - 355468000 + 228373000);
  });

  it('of a 20-F filer, who reports no quarters, is its last year’s', () => {
    expect(trailingOperatingCashFlow(lpa)).toBe(19391563);
  });

  it('is the last year’s when the last four quarters leave a gap', () => {
    const gap: Statements = { ...snowflake, quarterly: snowflake.quarterly.filter((q) => q.end !== '2024-10-31') };
    expect(trailingOperatingCashFlow(gap)).toBe(959764000);
  });
});

describe('the cash runway of a real company', () => {
  it('is none to count for a company whose operations brought cash in over the trailing year', () => {
    expect(cashRunwayOf(snowflake)).toEqual({
      status: 'cash-flow-positive',
      trailingOperatingCashFlow: 959764000 - 355468000 + 228373000,
    });
    expect(cashRunwayOf(lpa)).toMatchObject({ status: 'cash-flow-positive' });
  });

  it('counts the latest cash and short-term investments against the trailing burn', () => {
    // Snowflake in fiscal 2020, when it still burned cash: its statements cut at 2020-01-31.
    const early: Statements = {
      ...snowflake,
      annual: snowflake.annual.filter((p) => p.end <= '2020-01-31'),
      quarterly: snowflake.quarterly.filter((p) => p.end <= '2020-01-31'),
    };
    const runway = cashRunwayOf(early);
    // Fiscal 2020: cash 127,206,000 and short-term investments 306,844,000 at its end; the year's
    // operating cash flow -176,558,000 (its quarters leave a gap, so the year's is used).
    expect(runway).toEqual({
      status: 'burning',
      liquidity: 127206000 + 306844000,
      trailingOperatingCashFlow: -176558000,
      quarterlyBurn: 176558000 / 4,
      quarters: (127206000 + 306844000) / (176558000 / 4),
    });
  });
});

describe('the dilution of a real company', () => {
  it('compares the latest share count with the counts a year and three years before', () => {
    // Cover counts: 333,700,000 on 2025-05-08, 334,800,000 on 2024-05-07, 318,100,000 on 2022-05-13.
    const { oneYear, threeYears } = dilutionOf(snowflake);
    expect(oneYear).toBeCloseTo(333700000 / 334800000 - 1, 12);
    expect(threeYears).toBeCloseTo(333700000 / 318100000 - 1, 12);
  });

  it('says nothing of three years where no count is near enough to that day', () => {
    // LPA's counts: 2022-12-31, 2023-12-31 (before its recapitalisation), 2024-03-28, 2025-04-02.
    expect(dilutionOf(lpa)).toEqual({ oneYear: 31668601 / 31709747 - 1, threeYears: null });
  });
});
