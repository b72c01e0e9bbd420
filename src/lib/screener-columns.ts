/**
 * The screener grid's columns: every row field of docs/product.md §19.4 with its header
 * and display format (docs/product.md §21.4). Seven are shown by default (§22.5); the
 * column chooser offers the rest.
 */
import { describeChange, formatMoney, formatPrice, formatShares } from './format.ts';
import type { SortField } from './screener.ts';

export type CellFormat =
  | 'text'
  | 'price'
  | 'signed-price'
  | 'market-cap'
  | 'shares'
  | 'change'
  | 'percent'
  | 'signed-percent'
  | 'fraction-percent'
  | 'integer'
  | 'decimal';

export interface ScreenerColumn {
  field: SortField;
  header: string;
  format: CellFormat;
  /** Narrow columns hold numbers; wide ones names. */
  width: number;
}

export const SCREENER_COLUMNS: readonly ScreenerColumn[] = [
  { field: 'symbol', header: 'Symbol', format: 'text', width: 125 },
  { field: 'name', header: 'Name', format: 'text', width: 260 },
  { field: 'market_cap', header: 'Market Cap', format: 'market-cap', width: 140 },
  { field: 'last_sale', header: 'Last Price', format: 'price', width: 120 },
  { field: 'change_pre', header: 'Change %', format: 'change', width: 120 },
  { field: 'ipo_year', header: 'IPO Year', format: 'integer', width: 110 },
  { field: 'volume', header: 'Volume', format: 'shares', width: 120 },
  { field: 'net_change', header: 'Net Change', format: 'signed-price', width: 120 },
  { field: 'open', header: 'Open', format: 'price', width: 110 },
  { field: 'pre_close', header: 'Previous Close', format: 'price', width: 140 },
  { field: 'week52low', header: '52 Week Low', format: 'price', width: 130 },
  { field: 'week52high', header: '52 Week High', format: 'price', width: 130 },
  { field: 'volume_avg', header: 'Average Volume', format: 'shares', width: 150 },
  { field: 'shares_outstanding', header: 'Shares Outstanding', format: 'shares', width: 170 },
  { field: 'float_shares', header: 'Float Shares', format: 'shares', width: 130 },
  { field: 'free_float', header: 'Free Float', format: 'percent', width: 120 },
  { field: 'market', header: 'Market', format: 'text', width: 120 },
  { field: 'country', header: 'Country', format: 'text', width: 150 },
  { field: 'sector_name', header: 'Sector', format: 'text', width: 200 },
  { field: 'industry', header: 'Industry', format: 'text', width: 240 },
  { field: 'bioPhasePipelines', header: 'Bio Phase', format: 'text', width: 120 },
  { field: 'latest_rsi', header: 'RSI', format: 'decimal', width: 100 },
  { field: 'latest_ema', header: 'EMA (20)', format: 'price', width: 110 },
  { field: 'latest_sma', header: 'SMA (50)', format: 'price', width: 110 },
  { field: 'latest_macd', header: 'MACD', format: 'decimal', width: 100 },
  { field: 'institutionalOwnership', header: 'Institutional Ownership', format: 'percent', width: 200 },
  { field: 'institutionalBuying', header: 'Institutional Buying', format: 'signed-percent', width: 180 },
  { field: 'Insider_Ownership_Percent', header: 'Insider Ownership', format: 'fraction-percent', width: 160 },
  { field: 'Insider_Transactions', header: 'Insider Transactions', format: 'integer', width: 180 },
  { field: 'yearOverYearRevenue', header: 'Revenue YoY', format: 'signed-percent', width: 130 },
  { field: 'quarterOverQuarterRevenue', header: 'Revenue QoQ', format: 'signed-percent', width: 130 },
  { field: 'priceTarget', header: 'Price Target', format: 'price', width: 130 },
  { field: 'highPriceTarget', header: 'High Target', format: 'price', width: 130 },
  { field: 'lowPriceTarget', header: 'Low Target', format: 'price', width: 130 },
  { field: 'priceTargetUpside', header: 'Target Upside', format: 'signed-percent', width: 140 },
  { field: 'totalAnalysts', header: 'Analysts', format: 'integer', width: 110 },
  { field: 'buyRatings', header: 'Buy', format: 'integer', width: 90 },
  { field: 'holdRatings', header: 'Hold', format: 'integer', width: 90 },
  { field: 'sellRatings', header: 'Sell', format: 'integer', width: 90 },
  { field: 'revenue_ttm', header: 'Revenue (TTM)', format: 'market-cap', width: 150 },
  { field: 'revenue_growth', header: 'Revenue Growth', format: 'signed-percent', width: 160 },
  { field: 'net_margin', header: 'Net Margin', format: 'signed-percent', width: 130 },
  { field: 'cash', header: 'Cash', format: 'market-cap', width: 120 },
  { field: 'runway_quarters', header: 'Runway (Qtrs)', format: 'decimal', width: 150 },
  { field: 'debt_to_equity', header: 'Debt/Equity', format: 'decimal', width: 130 },
  { field: 'shares_growth_1y', header: 'Shares Growth 1Y', format: 'signed-percent', width: 170 },
  { field: 'shares_growth_3y', header: 'Shares Growth 3Y', format: 'signed-percent', width: 170 },
  { field: 'price_to_sales', header: 'P/S', format: 'decimal', width: 90 },
  { field: 'price_to_book', header: 'P/B', format: 'decimal', width: 90 },
  { field: 'short_interest', header: 'Short Interest', format: 'shares', width: 150 },
  { field: 'short_percent', header: 'Short % of Shares', format: 'percent', width: 170 },
  { field: 'days_to_cover', header: 'Days to Cover', format: 'decimal', width: 140 },
  { field: 'short_change', header: 'Short Change', format: 'signed-percent', width: 140 },
];

export const DEFAULT_COLUMNS: readonly SortField[] = [
  'symbol',
  'name',
  'market_cap',
  'last_sale',
  'change_pre',
  'ipo_year',
  'volume',
];

/** Symbol and name are always shown: a row without them means nothing. */
export const REQUIRED_COLUMNS: readonly SortField[] = ['symbol', 'name'];

const columnByField = new Map(SCREENER_COLUMNS.map((c) => [c.field as string, c]));
export const screenerColumn = (field: string) => columnByField.get(field);

/** A column that leads a stock grid on a phone, at a narrower width. */
export interface PhoneLead {
  key: string;
  width: number;
}

/**
 * The stock grids' rule on a phone (docs/product.md §7.4, §8): the lead's columns come first, in its order and
 * at its widths, so the first view shows what a row is about; the other columns follow in their own order, at
 * their own widths (undefined here). A lead column the grid does not have is skipped.
 */
export function leadOnPhone<T>(
  columns: readonly T[],
  keyOf: (column: T) => string,
  lead: readonly PhoneLead[],
): { column: T; width: number | undefined }[] {
  const first = lead.flatMap(({ key, width }) => {
    const column = columns.find((c) => keyOf(c) === key);
    return column === undefined ? [] : [{ column, width }];
  });
  const rest = columns.filter((column) => !first.some((l) => l.column === column));
  return [...first, ...rest.map((column) => ({ column, width: undefined }))];
}

/** The screener's lead on a phone: the symbol, the price and the day's change. */
const PHONE_LEAD: readonly PhoneLead[] = [
  // Room for the header with its sort arrow: the screener opens sorted by symbol.
  { key: 'symbol', width: 96 },
  { key: 'last_sale', width: 92 },
  { key: 'change_pre', width: 92 },
];

/**
 * Top Leaders' and Top Laggards' lead: the same columns, the change given room for a three-digit move and its
 * arrow (`▲ +117.64%`), the symbol narrower (these grids are not sorted by their headers, so no header needs room
 * for a sort arrow).
 */
export const MOVERS_PHONE_LEAD: readonly PhoneLead[] = [
  { key: 'symbol', width: 76 },
  { key: 'last_sale', width: 92 },
  { key: 'change_pre', width: 108 },
];

/**
 * The IPO calendar's lead on a phone: which company, at what price and when (its symbol is new to most readers
 * and follows), a long name cut short.
 */
export const IPO_PHONE_LEAD: readonly PhoneLead[] = [
  { key: 'company_name', width: 136 },
  { key: 'price_range', width: 128 },
  { key: 'expected_date', width: 128 },
];

/** The favorite heart's column before the chosen ones, narrower on a phone. */
export const heartColumnWidth = (phone: boolean) => (phone ? 42 : 56);

/**
 * A stock grid's columns for the chosen fields, in order, with their widths; unknown fields are left out. On a
 * phone the lead's columns come first (the screener's unless another is given).
 */
export function gridColumns(
  fields: readonly string[],
  phone: boolean,
  lead: readonly PhoneLead[] = PHONE_LEAD,
): { column: ScreenerColumn; width: number }[] {
  const chosen = fields.map(screenerColumn).filter((column) => column !== undefined);
  if (!phone) return chosen.map((column) => ({ column, width: column.width }));
  return leadOnPhone(chosen, (column) => column.field, lead).map(({ column, width }) => ({
    column,
    width: width ?? column.width,
  }));
}

const isBlank = (value: unknown): value is null | undefined =>
  value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));

const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text);

/** The text of one cell; '—' for a value the data does not have. */
export function formatCell(format: CellFormat, value: unknown): string {
  if (isBlank(value)) return '—';
  if (typeof value !== 'number') return String(value);
  switch (format) {
    case 'price':
      return formatPrice(value);
    case 'signed-price':
      return signed(value, formatPrice(value));
    case 'market-cap':
      return formatMoney(value);
    case 'shares':
      return formatShares(value);
    case 'change':
      return describeChange(value).text;
    case 'percent':
      return `${value.toFixed(2)}%`;
    case 'signed-percent':
      return signed(value, `${value.toFixed(2)}%`);
    case 'fraction-percent':
      return `${(value * 100).toFixed(2)}%`;
    case 'integer':
      return String(Math.round(value));
    case 'decimal':
      return value.toFixed(2);
    default:
      return String(value);
  }
}

/** Keeps known fields in the catalogue's order, always with symbol and name. */
export function normaliseColumns(fields: readonly string[]): SortField[] {
  const wanted = new Set([...REQUIRED_COLUMNS, ...fields]);
  return SCREENER_COLUMNS.filter((c) => wanted.has(c.field)).map((c) => c.field);
}
