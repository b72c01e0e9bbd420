/**
 * The figures a company page and the screener show beside the statements, reckoned by the shared
 * rules of src/lib/financials.ts from a company's statements (statements.ts): how long its cash lasts
 * and how fast its share count grows.
 */
import {
  type CashRunway,
  type ShareCount,
  cashRunway,
  dilution,
  trailingFourQuarters,
} from '../../../lib/financials.ts';
import { addDays } from './periods.ts';
import type { StatementPeriod, Statements } from './statements.ts';

const latestBy = (periods: readonly StatementPeriod[], has: (period: StatementPeriod) => boolean) =>
  periods.filter(has).reduce<StatementPeriod | null>((a, b) => (!a || b.end >= a.end ? b : a), null);

/**
 * The operating cash flow of the trailing four quarters: the last four quarters, if they follow one
 * another without a gap and are at least as recent as the last year; else the last year's (a 20-F
 * filer reports no quarters). Null when neither is known.
 */
export function trailingOperatingCashFlow(statements: Statements): number | null {
  const quarters = statements.quarterly.filter((period) => period.lines.operatingCashFlow);
  const year = latestBy(statements.annual, (period) => period.lines.operatingCashFlow !== undefined);
  const lastFour = quarters.slice(-4);
  const consecutive =
    lastFour.length === 4 && lastFour.every((q, i) => i === 0 || q.start === addDays(lastFour[i - 1]!.end, 1));
  if (consecutive && (!year || lastFour[3]!.end >= year.end)) {
    return trailingFourQuarters(lastFour.map((q) => q.lines.operatingCashFlow!.value));
  }
  return year ? year.lines.operatingCashFlow!.value : null;
}

/** The cash runway at the latest balance sheet that gives cash, at the trailing year's burn. */
export function cashRunwayOf(statements: Statements): CashRunway {
  const latest = latestBy([...statements.annual, ...statements.quarterly], (period) => period.lines.cash !== undefined);
  return cashRunway({
    cash: latest?.lines.cash?.value ?? null,
    shortTermInvestments: latest?.lines.shortTermInvestments?.value ?? null,
    trailingOperatingCashFlow: trailingOperatingCashFlow(statements),
  });
}

/** The counts of shares outstanding as the dilution rules take them. */
export const shareCountSeries = (statements: Statements): ShareCount[] =>
  statements.shareCounts.map((figure) => ({ date: figure.end, shares: figure.value }));

/** Growth of the share count over one and three years. */
export const dilutionOf = (statements: Statements): { oneYear: number | null; threeYears: number | null } =>
  dilution(shareCountSeries(statements));
