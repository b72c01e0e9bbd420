/**
 * A company's financials as the API answers them and the site build reads them (docs/product.md
 * §9.12): its years and quarters with the standard lines of src/lib/financials.ts, every figure with
 * its unit, the concept it was reported under and the filing that gave it, and the key figures
 * reckoned from them (runway, dilution, the trailing year's revenue and margin) that the page, the
 * screener and RedChat show.
 */
import { z } from 'zod';
import {
  STATEMENT_LINE_IDS,
  cashRunwayOfPeriods,
  dilution,
  latestWith,
  trailingYearOf,
  type CashRunway,
  type PeriodFigures,
  type StatementLineId,
} from './financials.ts';

/** Where a company's financials come from: the SEC's XBRL company facts, or the demo generator. */
export const FINANCIALS_SOURCES = ['sec-companyfacts', 'demo'] as const;
export type FinancialsSource = (typeof FINANCIALS_SOURCES)[number];

/** A figure as the API and the pages read it (periodsOf): its value, unit, concept and filing. */
export const financialFigureRecord = z.object({
  value: z.number(),
  /** USD, EUR, USD/shares, shares. */
  unit: z.string(),
  /** The concept it was reported under, with its taxonomy: 'us-gaap:Revenues'. */
  concept: z.string(),
  /** The accession number of the filing that gave it (one of the record's filings). */
  filing: z.string(),
  /** Worked out rather than reported: a fourth quarter as the year less nine months, free cash flow. */
  derived: z.boolean(),
});
export type FinancialFigure = z.infer<typeof financialFigureRecord>;

const lineId = z.enum(STATEMENT_LINE_IDS as [StatementLineId, ...StatementLineId[]]);

export const financialPeriodRecord = z.object({
  kind: z.enum(['annual', 'quarter']),
  /** First and last day of the period, both included. */
  start: z.string(),
  end: z.string(),
  fiscal_year: z.number().int(),
  fiscal_quarter: z.number().int().min(1).max(4).nullable(),
  lines: z.partialRecord(lineId, financialFigureRecord),
});
export type FinancialPeriod = z.infer<typeof financialPeriodRecord>;

export const financialFilingRecord = z.object({
  accession: z.string(),
  form: z.string(),
  filed: z.string(),
  /** Where a reader checks the figures: the filing's index on sec.gov, or a demo filing's text. */
  url: z.string().nullable(),
});
export type FinancialFiling = z.infer<typeof financialFilingRecord>;

const runwayRecord = z.discriminatedUnion('status', [
  z.object({ status: z.literal('cash-flow-positive'), trailingOperatingCashFlow: z.number() }),
  z.object({
    status: z.literal('burning'),
    quarters: z.number(),
    quarterlyBurn: z.number(),
    liquidity: z.number(),
    trailingOperatingCashFlow: z.number(),
  }),
  z.object({ status: z.literal('unknown'), reason: z.enum(['no operating cash flow', 'no cash figure']) }),
]);

/** The figures shown beside the statements; money in the statements' currency, growth and margins as fractions. */
export const keyFiguresRecord = z.object({
  /** The end of the latest period the figures are of. */
  as_of: z.string().nullable(),
  revenue_ttm: z.number().nullable(),
  /** The trailing year's revenue against the year before it (0.25 = 25% more). */
  revenue_growth: z.number().nullable(),
  net_income_ttm: z.number().nullable(),
  net_margin: z.number().nullable(),
  /** Cash and equivalents with short-term investments, at the latest balance sheet. */
  cash: z.number().nullable(),
  debt: z.number().nullable(),
  equity: z.number().nullable(),
  debt_to_equity: z.number().nullable(),
  runway: runwayRecord,
  shares_growth_1y: z.number().nullable(),
  shares_growth_3y: z.number().nullable(),
});
export type KeyFigures = z.infer<typeof keyFiguresRecord>;

/**
 * The periods of one kind, packed: a company's record is kept and sent to every build, so a line
 * holds its figures as lists aligned with the periods (a value, or null where the period has none;
 * the concept and the filing as positions in the record's lists) instead of an object per figure.
 */
const packedTable = z.object({
  periods: z.array(financialPeriodRecord.omit({ lines: true })),
  lines: z.partialRecord(
    lineId,
    z.object({
      unit: z.string(),
      values: z.array(z.number().nullable()),
      /** Positions in the record's `concepts`, aligned with `values` (-1 where there is no value). */
      concepts: z.array(z.number().int()),
      /** Positions in the record's `filings`, aligned with `values` (-1 where there is no value). */
      filings: z.array(z.number().int()),
      /** The positions of the figures worked out rather than reported. */
      derived: z.array(z.number().int()),
    }),
  ),
});
type PackedTable = z.infer<typeof packedTable>;

export const companyFinancialsRecord = z.object({
  source: z.enum(FINANCIALS_SOURCES),
  cik: z.number().int().nullable(),
  taxonomy: z.string().nullable(),
  /** The currency of the money lines (ISO 4217). */
  currency: z.string().nullable(),
  updated_at: z.string(),
  /** Oldest filed first. */
  filings: z.array(financialFilingRecord),
  concepts: z.array(z.string()),
  /** Oldest first. */
  annual: packedTable,
  quarterly: packedTable,
  /** Counts of shares outstanding by day, oldest first (the cover pages' and the balance sheets'). */
  share_counts: z.array(z.object({ date: z.string(), shares: z.number(), filing: z.string() })),
  key_figures: keyFiguresRecord,
});
export type CompanyFinancials = z.infer<typeof companyFinancialsRecord>;

/** What a company's financials are made from: its periods with their figures, and its filings. */
export interface FinancialsInput {
  source: FinancialsSource;
  cik: number | null;
  taxonomy: string | null;
  currency: string | null;
  updatedAt: string;
  filings: readonly FinancialFiling[];
  /** Oldest first. */
  annual: readonly FinancialPeriod[];
  quarterly: readonly FinancialPeriod[];
  shareCounts: readonly { date: string; shares: number; filing: string }[];
}

/** A company's financials record, its periods packed and its key figures reckoned. */
export function financialsRecord(input: FinancialsInput): CompanyFinancials {
  const filingAt = new Map(input.filings.map((filing, i) => [filing.accession, i]));
  const concepts: string[] = [];
  const conceptAt = new Map<string, number>();
  const pack = (periods: readonly FinancialPeriod[]): PackedTable => {
    const lines: PackedTable['lines'] = {};
    for (const id of STATEMENT_LINE_IDS) {
      if (!periods.some((p) => p.lines[id])) continue;
      const line = {
        unit: periods.find((p) => p.lines[id])!.lines[id]!.unit,
        values: [] as (number | null)[],
        concepts: [] as number[],
        filings: [] as number[],
        derived: [] as number[],
      };
      periods.forEach((period, i) => {
        const figure = period.lines[id];
        if (!figure) {
          line.values.push(null);
          line.concepts.push(-1);
          line.filings.push(-1);
          return;
        }
        if (!conceptAt.has(figure.concept)) {
          conceptAt.set(figure.concept, concepts.length);
          concepts.push(figure.concept);
        }
        line.values.push(figure.value);
        line.concepts.push(conceptAt.get(figure.concept)!);
        line.filings.push(filingAt.get(figure.filing) ?? -1);
        if (figure.derived) line.derived.push(i);
      });
      lines[id] = line;
    }
    return { periods: periods.map(({ lines: _lines, ...period }) => period), lines };
  };
  return {
    source: input.source,
    cik: input.cik,
    taxonomy: input.taxonomy,
    currency: input.currency,
    updated_at: input.updatedAt,
    filings: [...input.filings],
    concepts,
    annual: pack(input.annual),
    quarterly: pack(input.quarterly),
    share_counts: [...input.shareCounts],
    key_figures: keyFiguresOf(input.annual, input.quarterly, input.shareCounts),
  };
}

/** The periods of one kind with their figures, oldest first. */
export function periodsOf(record: CompanyFinancials, kind: 'annual' | 'quarterly'): FinancialPeriod[] {
  const table = record[kind];
  return table.periods.map((period, i) => {
    const lines: FinancialPeriod['lines'] = {};
    for (const [id, line] of Object.entries(table.lines) as [
      StatementLineId,
      PackedTable['lines'][StatementLineId],
    ][]) {
      const value = line!.values[i];
      if (value === null || value === undefined) continue;
      lines[id] = {
        value,
        unit: line!.unit,
        concept: record.concepts[line!.concepts[i]!] ?? '',
        filing: record.filings[line!.filings[i]!]?.accession ?? '',
        derived: line!.derived.includes(i),
      };
    }
    return { ...period, lines };
  });
}

/** The years and quarters a page or an answer shows at most: ten years of each. */
export const FINANCIAL_PERIODS_KEPT = { annual: 10, quarterly: 40 } as const;

const ratio = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b <= 0 ? null : a / b;

/** The key figures of a company's periods (oldest first) and share counts. */
export function keyFiguresOf(
  annual: readonly PeriodFigures[],
  quarterly: readonly PeriodFigures[],
  shareCounts: readonly { date: string; shares: number }[],
): KeyFigures {
  const all = [...annual, ...quarterly];
  const revenue = trailingYearOf(annual, quarterly, 'revenue');
  const revenueBefore = trailingYearOf(annual, quarterly, 'revenue', 1);
  const netIncome = trailingYearOf(annual, quarterly, 'netIncome');
  const latestValue = (line: StatementLineId) => latestWith(all, line)?.lines[line]?.value ?? null;
  const cash = latestValue('cash');
  const investments = latestValue('shortTermInvestments');
  const debt = latestValue('debt');
  const equity = latestValue('stockholdersEquity');
  const runway: CashRunway = cashRunwayOfPeriods(annual, quarterly);
  const growth = dilution(shareCounts);
  return {
    as_of: all.reduce<string | null>((a, p) => (a === null || p.end > a ? p.end : a), null),
    revenue_ttm: revenue,
    revenue_growth:
      revenue !== null && revenueBefore !== null && revenueBefore > 0 ? revenue / revenueBefore - 1 : null,
    net_income_ttm: netIncome,
    net_margin: ratio(netIncome, revenue),
    cash: cash === null ? null : cash + (investments ?? 0),
    debt,
    equity,
    debt_to_equity: ratio(debt, equity),
    runway,
    shares_growth_1y: growth.oneYear,
    shares_growth_3y: growth.threeYears,
  };
}

/** A period as a column heads it: 'FY 2024' or 'Q3 2024', the fiscal year the company's own reports give. */
export const periodLabel = (period: Pick<FinancialPeriod, 'kind' | 'fiscal_year' | 'fiscal_quarter'>): string =>
  period.kind === 'annual' || period.fiscal_quarter === null
    ? `FY ${period.fiscal_year}`
    : `Q${period.fiscal_quarter} ${period.fiscal_year}`;

const csvCell = (text: string): string => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * The statements of one kind as CSV: a line per standard line, a column per period (newest first,
 * as the page shows them), with the unit; the periods' dates and the filings on lines of their own.
 */
export function financialsCsv(
  record: CompanyFinancials,
  kind: 'annual' | 'quarterly',
  lines: readonly { id: StatementLineId; label: string }[],
): string {
  const periods = periodsOf(record, kind).reverse();
  const filings = new Map(record.filings.map((filing) => [filing.accession, filing]));
  const rows: string[][] = [
    ['Line', 'Unit', ...periods.map(periodLabel)],
    ['Period start', '', ...periods.map((p) => p.start)],
    ['Period end', '', ...periods.map((p) => p.end)],
  ];
  for (const line of lines) {
    if (!periods.some((p) => p.lines[line.id])) continue;
    const unit = periods.find((p) => p.lines[line.id])!.lines[line.id]!.unit;
    rows.push([line.label, unit, ...periods.map((p) => (p.lines[line.id] ? String(p.lines[line.id]!.value) : ''))]);
  }
  const sources = periods.map((p) => {
    const accessions = [...new Set(Object.values(p.lines).map((figure) => figure.filing))];
    return accessions.map((a) => `${filings.get(a)?.form ?? ''} ${a}`.trim()).join('; ');
  });
  rows.push(['Filings', '', ...sources]);
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
