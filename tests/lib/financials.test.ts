import { describe, expect, it } from 'vitest';
import {
  STATEMENT_LINES,
  STATEMENT_LINE_IDS,
  cashRunway,
  dilution,
  freeCashFlow,
  isStatementLineId,
  sharesGrowth,
  statementLineLabel,
  trailingFourQuarters,
} from '../../src/lib/financials.ts';

describe('the standard statement lines', () => {
  it('each have one id and a label for readers', () => {
    expect(new Set(STATEMENT_LINE_IDS).size).toBe(STATEMENT_LINES.length);
    expect(statementLineLabel('netIncome')).toBe('Net income');
    expect(statementLineLabel('cash')).toBe('Cash and equivalents');
    expect(isStatementLineId('freeCashFlow')).toBe(true);
    expect(isStatementLineId('toString')).toBe(false);
  });

  it('give free cash flow as operating cash flow less capital expenditure', () => {
    expect(freeCashFlow(848122000, 35086000)).toBe(813036000);
    expect(freeCashFlow(-100, 20)).toBe(-120);
  });
});

describe('the cash runway', () => {
  it('is the cash and short-term investments over the average quarterly burn of the trailing four quarters', () => {
    expect(cashRunway({ cash: 30, shortTermInvestments: 10, trailingOperatingCashFlow: -80 })).toEqual({
      status: 'burning',
      quarters: 2,
      quarterlyBurn: 20,
      liquidity: 40,
      trailingOperatingCashFlow: -80,
    });
  });

  it('counts no short-term investments where the company reports none', () => {
    expect(cashRunway({ cash: 30, shortTermInvestments: null, trailingOperatingCashFlow: -40 })).toMatchObject({
      quarters: 3,
    });
  });

  it('is none to count for a company cash-flow positive over the trailing four quarters, zero included', () => {
    expect(cashRunway({ cash: 5, shortTermInvestments: null, trailingOperatingCashFlow: 0 })).toEqual({
      status: 'cash-flow-positive',
      trailingOperatingCashFlow: 0,
    });
    expect(cashRunway({ cash: null, shortTermInvestments: null, trailingOperatingCashFlow: 12 })).toMatchObject({
      status: 'cash-flow-positive',
    });
  });

  it('is unknown without the trailing operating cash flow, or without the cash of a company that burns it', () => {
    expect(cashRunway({ cash: 30, shortTermInvestments: 10, trailingOperatingCashFlow: null })).toEqual({
      status: 'unknown',
      reason: 'no operating cash flow',
    });
    expect(cashRunway({ cash: null, shortTermInvestments: 10, trailingOperatingCashFlow: -8 })).toEqual({
      status: 'unknown',
      reason: 'no cash figure',
    });
  });

  it('takes the trailing four quarters as the sum of the last four, none with fewer', () => {
    expect(trailingFourQuarters([-1, -2, -3, -4, -5])).toBe(-14);
    expect(trailingFourQuarters([-1, -2, -3])).toBeNull();
  });
});

describe('the growth of the share count', () => {
  const counts = [
    { date: '2021-03-31', shares: 100 },
    { date: '2023-04-20', shares: 150 },
    { date: '2024-03-31', shares: 200 },
    { date: '2023-12-31', shares: 180 },
  ];

  it('over a year compares the latest count with the one nearest to a year before', () => {
    // Nearest to 2023-03-31: 2023-04-20 (20 days off), not 2023-12-31.
    expect(sharesGrowth(counts, 1)).toBeCloseTo(200 / 150 - 1, 12);
  });

  it('over three years compares it with the count nearest three years before', () => {
    expect(sharesGrowth(counts, 3)).toBe(1);
    expect(dilution(counts)).toEqual({ oneYear: 200 / 150 - 1, threeYears: 1 });
  });

  it('is unknown where no count is within sixty days of that day', () => {
    expect(
      sharesGrowth(
        [
          { date: '2024-03-31', shares: 200 },
          { date: '2023-01-15', shares: 150 },
        ],
        1,
      ),
    ).toBeNull();
    expect(sharesGrowth([], 1)).toBeNull();
  });

  it('is negative when the company bought back more shares than it issued', () => {
    expect(
      sharesGrowth(
        [
          { date: '2024-06-30', shares: 90 },
          { date: '2023-06-30', shares: 100 },
        ],
        1,
      ),
    ).toBeCloseTo(-0.1, 12);
  });
});
