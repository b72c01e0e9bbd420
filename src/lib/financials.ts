/**
 * The numbers behind a company: the standard lines of its financial statements that investors compare
 * (read from the SEC's XBRL company facts), worded for readers, and the rules the site and the server
 * both apply to them: how long the cash lasts at the present burn, whether the business pays for
 * itself, and how fast the share count grows.
 *
 * Pure code: the server builds the statements, the site shows them, and both reckon runway and
 * dilution here so a figure reads the same on a page and in an answer.
 */
import { formatCompact, formatMoney, formatShares } from './format.ts';
import { addDays } from './market-calendar.ts';

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

/** A period's figures as the rules below read them: the statements' periods and the stored records' alike. */
export interface PeriodFigures {
  start: string;
  end: string;
  lines: Partial<Record<StatementLineId, { value: number }>>;
}

/** The latest period that gives a line (periods in any order); null when none does. */
export const latestWith = <P extends PeriodFigures>(periods: readonly P[], line: StatementLineId): P | null =>
  periods.filter((p) => p.lines[line] !== undefined).reduce<P | null>((a, b) => (!a || b.end >= a.end ? b : a), null);

/**
 * A flow line over a trailing year, `yearsBack` years before the latest: the sum of its four quarters,
 * if they follow one another without a gap and are at least as recent as the year of the same place;
 * else that year's figure (a 20-F filer reports no quarters). Null when neither is known. Periods
 * oldest first.
 */
export function trailingYearOf(
  annual: readonly PeriodFigures[],
  quarterly: readonly PeriodFigures[],
  line: StatementLineId,
  yearsBack = 0,
): number | null {
  const quarters = quarterly.filter((q) => q.lines[line] !== undefined);
  const from = quarters.length - 4 * (yearsBack + 1);
  const four = from < 0 ? [] : quarters.slice(from, from + 4);
  const year = annual.filter((y) => y.lines[line] !== undefined).at(-1 - yearsBack);
  const consecutive = four.length === 4 && four.every((q, i) => i === 0 || q.start === addDays(four[i - 1]!.end, 1));
  if (consecutive && (!year || four[3]!.end >= year.end)) {
    return trailingFourQuarters(four.map((q) => q.lines[line]!.value));
  }
  return year ? year.lines[line]!.value : null;
}

/** The operating cash flow of the trailing four quarters, or of the last year (trailingYearOf). */
export const trailingOperatingCashFlowOf = (
  annual: readonly PeriodFigures[],
  quarterly: readonly PeriodFigures[],
): number | null => trailingYearOf(annual, quarterly, 'operatingCashFlow');

/** The cash runway at the latest balance sheet that gives cash, at the trailing year's burn. */
export function cashRunwayOfPeriods(annual: readonly PeriodFigures[], quarterly: readonly PeriodFigures[]): CashRunway {
  const latest = latestWith([...annual, ...quarterly], 'cash');
  return cashRunway({
    cash: latest?.lines.cash?.value ?? null,
    shortTermInvestments: latest?.lines.shortTermInvestments?.value ?? null,
    trailingOperatingCashFlow: trailingOperatingCashFlowOf(annual, quarterly),
  });
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

const CURRENCY_SIGNS: Record<string, string> = { USD: '$' };

/**
 * A figure as the statements show it, by its unit: money with its scale ('$12.40M', '-$3.10M', or
 * '12.40M EUR' in another currency), money per share with two decimals ('-$0.45'), shares whole
 * ('12.40M'), anything else as a number with its unit.
 */
export function formatFigure(value: number, unit: string): string {
  const [measure, per] = unit.split('/');
  const sign = CURRENCY_SIGNS[measure ?? ''];
  if (per === 'shares') {
    const amount = Math.abs(value).toFixed(2);
    return sign ? `${value < 0 ? '-' : ''}${sign}${amount}` : `${value < 0 ? '-' : ''}${amount} ${measure}/share`;
  }
  if (unit === 'shares') return formatShares(value);
  if (sign) return formatMoney(value);
  return `${formatCompact(value)} ${unit}`;
}

/** A fraction as a signed percent with one decimal: '+12.5%', '-3.0%'. */
export const formatGrowth = (fraction: number): string =>
  `${fraction > 0 ? '+' : fraction < 0 ? '-' : ''}${Math.abs(fraction * 100).toFixed(1)}%`;

/** The runway as a reader reads it: '4.6 quarters', 'Cash-flow positive', or why it is unknown. */
export function runwayLabel(runway: CashRunway): string {
  if (runway.status === 'cash-flow-positive') return 'Cash-flow positive';
  if (runway.status === 'unknown') return 'Not known';
  return `${runway.quarters.toFixed(1)} quarters`;
}

/** The runway's one-line explanation. */
export function runwayExplanation(runway: CashRunway, currency: string): string {
  const money = (value: number) => formatFigure(value, currency);
  if (runway.status === 'cash-flow-positive')
    return `Operations brought in ${money(runway.trailingOperatingCashFlow)} over the trailing year: no cash is burned.`;
  if (runway.status === 'unknown')
    return runway.reason === 'no cash figure'
      ? 'The statements give no cash figure to count.'
      : 'The statements give no operating cash flow for the trailing year.';
  return `Cash and short-term investments of ${money(runway.liquidity)} at the trailing year's operating burn of ${money(runway.quarterlyBurn)} a quarter.`;
}

/** Dilution's one-line explanation: what the growth of the share count means to a holder. */
export function dilutionExplanation(growth: number | null, years: number): string {
  if (growth === null)
    return `No share count from about ${years === 1 ? 'a year' : `${years} years`} before to compare.`;
  if (growth <= 0) return `The share count did not grow over ${years === 1 ? 'the year' : `${years} years`}.`;
  const owned = 1 / (1 + growth);
  return `A holder owns ${((1 - owned) * 100).toFixed(1)}% less of the company than ${years === 1 ? 'a year' : `${years} years`} ago.`;
}
