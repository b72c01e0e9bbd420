/**
 * The figures a company page and the screener show beside the statements, reckoned by the shared
 * rules of src/lib/financials.ts from a company's statements (statements.ts): how long its cash lasts
 * and how fast its share count grows.
 */
import {
  type CashRunway,
  type ShareCount,
  cashRunwayOfPeriods,
  dilution,
  trailingOperatingCashFlowOf,
} from '../../../lib/financials.ts';
import type { Statements } from './statements.ts';

/** The operating cash flow of the trailing four quarters, or of the last year (trailingOperatingCashFlowOf). */
export const trailingOperatingCashFlow = (statements: Statements): number | null =>
  trailingOperatingCashFlowOf(statements.annual, statements.quarterly);

/** The cash runway at the latest balance sheet that gives cash, at the trailing year's burn. */
export const cashRunwayOf = (statements: Statements): CashRunway =>
  cashRunwayOfPeriods(statements.annual, statements.quarterly);

/** The counts of shares outstanding as the dilution rules take them. */
export const shareCountSeries = (statements: Statements): ShareCount[] =>
  statements.shareCounts.map((figure) => ({ date: figure.end, shares: figure.value }));

/** Growth of the share count over one and three years. */
export const dilutionOf = (statements: Statements): { oneYear: number | null; threeYears: number | null } =>
  dilution(shareCountSeries(statements));
