/**
 * The numbers behind a company: the standard lines of its financial statements that investors compare
 * (read from the SEC's XBRL company facts), worded for readers, and the rules the site and the server
 * both apply to them: how long the cash lasts at the present burn, whether the business pays for
 * itself, and how fast the share count grows.
 *
 * Pure code: the server builds the statements, the site shows them, and both reckon runway and
 * dilution here so a figure reads the same on a page and in an answer.
 */

/** Which statement a line belongs to, for grouping on a page. */
export type StatementKind = 'income' | 'balance' | 'cash-flow' | 'shares';

/**
 * What a line's figures measure: an amount of money (in the statements' currency), money per share,
 * or a number of shares. The unit of each figure is kept with it (USD, EUR, USD/shares, shares).
 */
export type LineMeasure = 'money' | 'per-share' | 'shares';

export interface StatementLineInfo {
  id: StatementLineId;
  label: string;
  statement: StatementKind;
  measure: LineMeasure;
}

/** The standard lines, in the order a page shows them. */
export const STATEMENT_LINES = [
  { id: 'revenue', label: 'Revenue', statement: 'income', measure: 'money' },
  { id: 'grossProfit', label: 'Gross profit', statement: 'income', measure: 'money' },
  { id: 'operatingIncome', label: 'Operating income', statement: 'income', measure: 'money' },
  { id: 'netIncome', label: 'Net income', statement: 'income', measure: 'money' },
  { id: 'epsBasic', label: 'EPS (basic)', statement: 'income', measure: 'per-share' },
  { id: 'epsDiluted', label: 'EPS (diluted)', statement: 'income', measure: 'per-share' },
  { id: 'cash', label: 'Cash and equivalents', statement: 'balance', measure: 'money' },
  { id: 'shortTermInvestments', label: 'Short-term investments', statement: 'balance', measure: 'money' },
  { id: 'totalAssets', label: 'Total assets', statement: 'balance', measure: 'money' },
  { id: 'totalLiabilities', label: 'Total liabilities', statement: 'balance', measure: 'money' },
  { id: 'debt', label: 'Debt', statement: 'balance', measure: 'money' },
  { id: 'stockholdersEquity', label: 'Stockholders’ equity', statement: 'balance', measure: 'money' },
  { id: 'operatingCashFlow', label: 'Operating cash flow', statement: 'cash-flow', measure: 'money' },
  { id: 'investingCashFlow', label: 'Investing cash flow', statement: 'cash-flow', measure: 'money' },
  { id: 'financingCashFlow', label: 'Financing cash flow', statement: 'cash-flow', measure: 'money' },
  { id: 'capitalExpenditure', label: 'Capital expenditure', statement: 'cash-flow', measure: 'money' },
  { id: 'freeCashFlow', label: 'Free cash flow', statement: 'cash-flow', measure: 'money' },
  { id: 'sharesOutstanding', label: 'Shares outstanding', statement: 'shares', measure: 'shares' },
  { id: 'weightedSharesBasic', label: 'Weighted average shares (basic)', statement: 'shares', measure: 'shares' },
  { id: 'weightedSharesDiluted', label: 'Weighted average shares (diluted)', statement: 'shares', measure: 'shares' },
] as const satisfies readonly { id: string; label: string; statement: StatementKind; measure: LineMeasure }[];

export type StatementLineId = (typeof STATEMENT_LINES)[number]['id'];

export const STATEMENT_LINE_IDS: readonly StatementLineId[] = STATEMENT_LINES.map((line) => line.id);

const BY_ID = new Map<string, StatementLineInfo>(STATEMENT_LINES.map((line) => [line.id, line]));

/** A line's label for readers ('Net income'). */
export const statementLineLabel = (id: StatementLineId): string => BY_ID.get(id)!.label;

/** Whether a string names a standard line (a query parameter, a stored key). */
export const isStatementLineId = (id: string): id is StatementLineId => BY_ID.has(id);

/** Free cash flow: what operations brought in, less what was spent on property and equipment. */
export const freeCashFlow = (operatingCashFlow: number, capitalExpenditure: number): number =>
  operatingCashFlow - capitalExpenditure;

/**
 * How long the cash lasts. `quarters` is (cash + short-term investments) over the average quarterly
 * operating cash burn of the trailing four quarters (their operating cash flow, negated, over four);
 * a business whose operating cash flow over those four quarters is zero or more burns nothing and is
 * cash-flow positive, with no runway to count. Without the trailing year's operating cash flow, or
 * without the cash figure where it burns, nothing is said.
 */
export type CashRunway =
  | { status: 'cash-flow-positive'; trailingOperatingCashFlow: number }
  | {
      status: 'burning';
      /** Quarters the cash and short-term investments last at the average burn. */
      quarters: number;
      /** The average quarterly operating cash burn, a positive amount. */
      quarterlyBurn: number;
      liquidity: number;
      trailingOperatingCashFlow: number;
    }
  | { status: 'unknown'; reason: 'no operating cash flow' | 'no cash figure' };

export interface CashRunwayInput {
  cash: number | null;
  /** Counted as none when the company reports none. */
  shortTermInvestments: number | null;
  /**
   * Operating cash flow over the trailing four quarters (trailingFourQuarters), or over the last
   * fiscal year for a company that reports no quarters (a 20-F filer); null when unknown.
   */
  trailingOperatingCashFlow: number | null;
}

/** The sum of the last four quarterly figures (most recent last); null with fewer than four. */
export const trailingFourQuarters = (quarterly: readonly number[]): number | null =>
  quarterly.length < 4 ? null : quarterly.slice(-4).reduce((sum, value) => sum + value, 0);

export function cashRunway({ cash, shortTermInvestments, trailingOperatingCashFlow }: CashRunwayInput): CashRunway {
  if (trailingOperatingCashFlow === null) return { status: 'unknown', reason: 'no operating cash flow' };
  if (trailingOperatingCashFlow >= 0) return { status: 'cash-flow-positive', trailingOperatingCashFlow };
  if (cash === null) return { status: 'unknown', reason: 'no cash figure' };
  const liquidity = cash + (shortTermInvestments ?? 0);
  const quarterlyBurn = -trailingOperatingCashFlow / 4;
  return {
    status: 'burning',
    quarters: Math.max(0, liquidity) / quarterlyBurn,
    quarterlyBurn,
    liquidity,
    trailingOperatingCashFlow,
  };
}

/** A count of shares outstanding on a day (YYYY-MM-DD). */
export interface ShareCount {
  date: string;
  shares: number;
}

/**
 * How far from exactly N years back a count may be and still stand for it: share counts are given at
 * balance-sheet dates and on report covers a few weeks later, never on the same day each year.
 */
export const SHARE_COUNT_TOLERANCE_DAYS = 60;

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const yearsBefore = (day: string, years: number): string =>
  `${String(Number(day.slice(0, 4)) - years).padStart(4, '0')}${day.slice(4) === '-02-29' ? '-02-28' : day.slice(4)}`;

/**
 * The growth of the share count over `years` (1 or 3): the latest count over the count nearest to the
 * same day `years` earlier (within SHARE_COUNT_TOLERANCE_DAYS), less one, as a fraction (0.25 = a
 * quarter more shares: holders own 20% less of the company each). Not annualised. Null without a
 * count near enough to that day.
 */
export function sharesGrowth(counts: readonly ShareCount[], years: number): number | null {
  if (counts.length === 0) return null;
  const latest = counts.reduce((a, b) => (b.date > a.date ? b : a));
  const target = dayNumber(yearsBefore(latest.date, years));
  let best: ShareCount | null = null;
  for (const count of counts) {
    const distance = Math.abs(dayNumber(count.date) - target);
    if (distance > SHARE_COUNT_TOLERANCE_DAYS) continue;
    if (!best || distance < Math.abs(dayNumber(best.date) - target)) best = count;
  }
  if (!best || best.shares <= 0) return null;
  return latest.shares / best.shares - 1;
}

/** Dilution over one and three years, as the company page and the screener show it. */
export const dilution = (counts: readonly ShareCount[]): { oneYear: number | null; threeYears: number | null } => ({
  oneYear: sharesGrowth(counts, 1),
  threeYears: sharesGrowth(counts, 3),
});
