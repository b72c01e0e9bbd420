/**
 * The screener answers from an in-memory snapshot of every company, not by
 * querying per request: filtering 4,000 rows in memory takes microseconds.
 * Sorted orders are computed once per field and direction and reused until
 * the data changes (the market-data job bumps the version).
 */
import { and, asc, eq, gt, type GetColumnData } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { targetUpside } from '../../../lib/analysts.ts';
import { companiesView, type CompanyRow } from '../companies/index.ts';
import { companyFinancialsView } from '../financials/index.ts';
import { latestShortInterest } from '../short-interest/index.ts';
import { shortInterestFigures, type ShortInterestReport } from '../../../lib/short-interest.ts';
import {
  NUMERIC_FIELDS,
  type NumericField,
  type ScreenerRow,
  type SortField,
  type TextField,
} from '../../../lib/screener.ts';

export type SortDirection = 'asc' | 'desc';

export interface TextColumn {
  /** Per row: the position of its value in `values`, or -1 when empty. */
  codes: Int32Array;
  values: Map<string, number>;
}

export interface Snapshot {
  readonly version: number;
  readonly rows: readonly ScreenerRow[];
  readonly bySymbol: ReadonlyMap<string, ScreenerRow>;
  /** Row positions in sort order; ties go by symbol, empty values last in both directions. */
  order(field: SortField, direction: SortDirection): Int32Array;
  /** A numeric field as a column (NaN where empty): filters test typed arrays, not objects. */
  numbers(field: NumericField | 'sic_code'): Float64Array;
  /** A text field dictionary-encoded as a column. */
  texts(field: TextField): TextColumn;
}

const NUMERIC = new Set<string>(NUMERIC_FIELDS);

export function buildSnapshot(rows: ScreenerRow[], version: number): Snapshot {
  const orders = new Map<string, Int32Array>();
  const numberColumns = new Map<string, Float64Array>();
  const textColumns = new Map<string, TextColumn>();
  const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
  return {
    version,
    rows,
    bySymbol,
    numbers(field) {
      let column = numberColumns.get(field);
      if (!column) {
        column = new Float64Array(rows.length);
        for (let i = 0; i < rows.length; i++) {
          const v = rows[i]![field];
          column[i] = typeof v === 'number' ? v : Number.NaN;
        }
        numberColumns.set(field, column);
      }
      return column;
    },
    texts(field) {
      let column = textColumns.get(field);
      if (!column) {
        const values = new Map<string, number>();
        const codes = new Int32Array(rows.length);
        for (let i = 0; i < rows.length; i++) {
          const v = rows[i]![field];
          if (typeof v !== 'string') {
            codes[i] = -1;
            continue;
          }
          let code = values.get(v);
          if (code === undefined) {
            code = values.size;
            values.set(v, code);
          }
          codes[i] = code;
        }
        column = { codes, values };
        textColumns.set(field, column);
      }
      return column;
    },
    order(field, direction) {
      const key = `${field}:${direction}`;
      let cached = orders.get(key);
      if (!cached) {
        const sign = direction === 'asc' ? 1 : -1;
        const numeric = NUMERIC.has(field);
        const idx = Int32Array.from(rows.keys());
        idx.sort((a, b) => {
          const va = rows[a]![field];
          const vb = rows[b]![field];
          const aEmpty = va === null || va === undefined;
          const bEmpty = vb === null || vb === undefined;
          if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
          if (!aEmpty && !bEmpty && va !== vb) {
            const diff = numeric ? (va as number) - (vb as number) : String(va).localeCompare(String(vb));
            if (diff !== 0) return sign * diff;
          }
          return rows[a]!.symbol < rows[b]!.symbol ? -1 : rows[a]!.symbol > rows[b]!.symbol ? 1 : 0;
        });
        cached = idx;
        orders.set(key, cached);
      }
      return cached;
    },
  };
}

type Fundamentals = {
  [
    K in
      | 'currency'
      | 'revenueTtm'
      | 'revenueGrowth'
      | 'netMargin'
      | 'cash'
      | 'runwayQuarters'
      | 'debtToEquity'
      | 'equity'
      | 'sharesGrowth1y'
      | 'sharesGrowth3y'
  ]: GetColumnData<(typeof companyFinancialsView)[K]>;
};

const percent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

/**
 * The fundamental fields of a company's latest statements (docs/product.md §9.12): growth, margins
 * and dilution in percent like the screener's other rates; amounts, and the price multiples against
 * the market cap of now, only for statements in dollars (a multiple across two currencies means
 * nothing).
 */
function fundamentalFields(f: Fundamentals | null, marketCap: number | null) {
  const dollars = f?.currency === 'USD';
  const multiple = (base: number | null | undefined) =>
    dollars && marketCap !== null && base !== null && base !== undefined && base > 0 ? marketCap / base : null;
  return {
    revenue_ttm: dollars ? f.revenueTtm : null,
    revenue_growth: percent(f?.revenueGrowth ?? null),
    net_margin: percent(f?.netMargin ?? null),
    cash: dollars ? f.cash : null,
    runway_quarters: f?.runwayQuarters ?? null,
    debt_to_equity: f?.debtToEquity ?? null,
    shares_growth_1y: percent(f?.sharesGrowth1y ?? null),
    shares_growth_3y: percent(f?.sharesGrowth3y ?? null),
    price_to_sales: multiple(f?.revenueTtm),
    price_to_book: multiple(f?.equity),
  };
}

/** The short-interest fields of a company's latest report (docs/product.md §9.14). */
function shortFields(report: ShortInterestReport | null, sharesOutstanding: number | null) {
  const figures = report && shortInterestFigures(report, sharesOutstanding);
  return {
    short_interest: figures?.shortPosition ?? null,
    short_percent: figures?.percentOfShares ?? null,
    days_to_cover: figures?.daysToCover ?? null,
    short_change: figures?.changePercent ?? null,
  };
}

/** Database row to the screener's field names (docs/product.md §19.4). */
export function toScreenerRow(
  c: CompanyRow,
  fundamentals: Fundamentals | null = null,
  short: ShortInterestReport | null = null,
): ScreenerRow {
  return {
    symbol: c.symbol,
    name: c.name,
    sic_code: c.sicCode,
    sector_name: c.sectorName,
    industry: c.industry,
    market: c.market,
    country: c.country,
    ipo_year: c.ipoYear,
    logo: c.logo,
    is_client: c.isClient,
    data_source: c.dataSource,
    prices_as_of: c.pricesAsOf,
    last_sale: c.lastSale,
    pre_close: c.preClose,
    open: c.open,
    daylow: c.dayLow,
    dayhigh: c.dayHigh,
    net_change: c.netChange,
    change_pre: c.changePercent,
    volume: c.volume,
    volume_avg: c.volumeAvg,
    market_cap: c.marketCap,
    week52low: c.week52Low,
    week52high: c.week52High,
    shares_outstanding: c.sharesOutstanding,
    float_shares: c.floatShares,
    free_float: c.freeFloat,
    latest_rsi: c.latestRsi,
    latest_ema: c.latestEma,
    latest_sma: c.latestSma,
    latest_macd: c.latestMacd,
    institutionalBuying: c.institutionalBuying,
    institutionalOwnership: c.institutionalOwnership,
    yearOverYearRevenue: c.yearOverYearRevenue,
    quarterOverQuarterRevenue: c.quarterOverQuarterRevenue,
    bioPhasePipelines: c.bioPhasePipelines,
    Insider_Ownership_Percent: c.insiderOwnershipPercent,
    Insider_Transactions: c.insiderTransactions,
    priceTarget: c.priceTarget,
    highPriceTarget: c.highPriceTarget,
    lowPriceTarget: c.lowPriceTarget,
    // Against the price of now: quotes move the last sale between two derivations of the targets.
    priceTargetUpside: targetUpside(c.priceTarget, c.lastSale),
    buyRatings: c.buyRatings,
    holdRatings: c.holdRatings,
    sellRatings: c.sellRatings,
    totalAnalysts: c.totalAnalysts,
    ...fundamentalFields(fundamentals, c.marketCap),
    ...shortFields(short, c.sharesOutstanding),
  };
}

export interface SnapshotStore {
  /** The current snapshot (loaded on first use). */
  get(): Promise<Snapshot>;
  /** Marks the snapshot stale after the data changed. */
  invalidate(): void;
  /** Hears each invalidation (answers made from the same data are stale too); returns the listener's removal. */
  onInvalidate(listener: () => void): () => void;
}

/**
 * Companies read per statement when the snapshot loads: on the embedded
 * database a statement runs on the server's thread, and a request waits
 * behind one page at most, never the whole universe.
 */
export const SNAPSHOT_PAGE_ROWS = 250;

/**
 * Every active company with the key figures of its statements, a page at a time in symbol order,
 * with requests let through between two pages (paceAfter).
 */
async function loadActive(db: Db): Promise<ScreenerRow[]> {
  const rows: ScreenerRow[] = [];
  let after: string | null = null;
  for (;;) {
    const started = performance.now();
    const page = await db
      .select({
        // Every column of the company (a read model is selected by its fields, not as a whole row).
        company: companiesView._.selectedFields,
        currency: companyFinancialsView.currency,
        revenueTtm: companyFinancialsView.revenueTtm,
        revenueGrowth: companyFinancialsView.revenueGrowth,
        netMargin: companyFinancialsView.netMargin,
        cash: companyFinancialsView.cash,
        runwayQuarters: companyFinancialsView.runwayQuarters,
        debtToEquity: companyFinancialsView.debtToEquity,
        equity: companyFinancialsView.equity,
        sharesGrowth1y: companyFinancialsView.sharesGrowth1y,
        sharesGrowth3y: companyFinancialsView.sharesGrowth3y,
      })
      .from(companiesView)
      .leftJoin(companyFinancialsView, eq(companyFinancialsView.companySymbol, companiesView.symbol))
      .where(
        after === null
          ? eq(companiesView.active, true)
          : and(eq(companiesView.active, true), gt(companiesView.symbol, after)),
      )
      .orderBy(asc(companiesView.symbol))
      .limit(SNAPSHOT_PAGE_ROWS);
    const shorts = await latestShortInterest(
      db,
      page.map((p) => p.company.symbol),
    );
    for (const { company, ...fundamentals } of page)
      rows.push(toScreenerRow(company, fundamentals, shorts.get(company.symbol) ?? null));
    if (page.length < SNAPSHOT_PAGE_ROWS) return rows;
    after = page.at(-1)!.company.symbol;
    await paceAfter(started);
  }
}

export function createSnapshotStore(db: Db): SnapshotStore {
  let current: Promise<Snapshot> | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    get() {
      if (!current) {
        // Companies an import no longer lists keep their pages but leave the screener.
        const loading = loadActive(db).then((rows) => buildSnapshot(rows, ++version));
        // A failed load is not kept: the next request tries again.
        loading.catch(() => {
          if (current === loading) current = null;
        });
        current = loading;
      }
      return current;
    },
    invalidate() {
      current = null;
      for (const listener of listeners) listener();
    },
    onInvalidate(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
