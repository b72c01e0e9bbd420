/**
 * The screener's vocabulary, shared by the API and the screener page: the
 * row fields (docs/product.md §19.4), the filters with their default buckets (§22.4),
 * and the parsing of filter values ('min to max' ranges, fixed values).
 */

/** Numeric row fields a range filter or a sort can use. */
export const NUMERIC_FIELDS = [
  'last_sale',
  'ipo_year',
  'market_cap',
  'volume',
  'week52low',
  'week52high',
  'shares_outstanding',
  'pre_close',
  'volume_avg',
  'open',
  'change_pre',
  'net_change',
  'latest_rsi',
  'latest_ema',
  'latest_sma',
  'latest_macd',
  'institutionalBuying',
  'institutionalOwnership',
  'yearOverYearRevenue',
  'quarterOverQuarterRevenue',
  'Insider_Ownership_Percent',
  'Insider_Transactions',
  'priceTarget',
  'buyRatings',
  'highPriceTarget',
  'lowPriceTarget',
  'priceTargetUpside',
  'sellRatings',
  'totalAnalysts',
  'holdRatings',
  'float_shares',
  'free_float',
  'revenue_ttm',
  'revenue_growth',
  'net_margin',
  'cash',
  'runway_quarters',
  'debt_to_equity',
  'shares_growth_1y',
  'shares_growth_3y',
  'price_to_sales',
  'price_to_book',
  'short_interest',
  'short_percent',
  'days_to_cover',
  'short_change',
] as const;

export const TEXT_FIELDS = [
  'symbol',
  'name',
  'market',
  'country',
  'industry',
  'sector_name',
  'bioPhasePipelines',
] as const;

export type NumericField = (typeof NUMERIC_FIELDS)[number];
export type TextField = (typeof TEXT_FIELDS)[number];
export type SortField = NumericField | TextField;

export const SORT_FIELDS: readonly SortField[] = [...TEXT_FIELDS, ...NUMERIC_FIELDS];
export const isSortField = (value: string): value is SortField => (SORT_FIELDS as readonly string[]).includes(value);

export type ScreenerRow = Record<NumericField, number | null> &
  Record<TextField, string | null> & {
    symbol: string;
    name: string;
    sic_code: number;
    is_client: boolean;
    logo: string | null;
    /** Where the record and its prices come from (see data-sources.ts), and the day the prices are as of. */
    data_source: string;
    prices_as_of: string | null;
    /** The day's range, part of the market record of a company (not a screener column). */
    daylow: number | null;
    dayhigh: number | null;
  };

export type FilterKind = 'range' | 'values';

export interface FilterDefinition {
  name: string;
  kind: FilterKind;
  field: NumericField | TextField;
  group: string;
  /** Default buckets or values; dynamic range filters get theirs from the data. */
  options: string[];
  /** On when a visitor first opens the screener. */
  activeByDefault: boolean;
  /** Buckets computed from the current data (quartiles). */
  dynamic?: boolean;
  /** Option label → stored value, where they differ ('US' → 'United States'). */
  aliases?: Record<string, string>;
}

export const BIO_PHASE_OPTIONS = [
  'Phase 1',
  'Phase 1a',
  'Phase 1b',
  'Phase 1/2',
  'Phase 2',
  'Phase 2a',
  'Phase 2b',
  'Phase 2/3',
  'Phase 3',
  'Phase 4',
  'NDA',
  'sNDA',
  'BLA',
  'PDUFA',
  'IND',
  'Approved',
  'Failed',
];

const dynamicRange = (name: string, field: NumericField, group: string): FilterDefinition => ({
  name,
  kind: 'range',
  field,
  group,
  options: [],
  activeByDefault: false,
  dynamic: true,
});

export const FILTERS: readonly FilterDefinition[] = [
  {
    name: 'Last Price',
    kind: 'range',
    field: 'last_sale',
    group: 'Price',
    options: ['0 to 2', '2 to 5', '5 to 10', '10 to 500'],
    activeByDefault: false,
  },
  {
    name: 'Market Cap',
    kind: 'range',
    field: 'market_cap',
    group: 'Size',
    options: ['500000 to 50000000', '50000000 to 300000000', '300000000 to 2000000000', '2000000000 to 5000000000'],
    activeByDefault: true,
  },
  {
    name: 'Volume',
    kind: 'range',
    field: 'volume',
    group: 'Trading',
    options: ['0 to 10000', '10000 to 100000', '100000 to 1000000', '1000000 to 500000000'],
    activeByDefault: true,
  },
  {
    name: 'Shares Outstanding',
    kind: 'range',
    field: 'shares_outstanding',
    group: 'Size',
    options: ['200000 to 10000000', '10000000 to 100000000', '100000000 to 100000000000'],
    activeByDefault: true,
  },
  {
    name: 'Markets',
    kind: 'values',
    field: 'market',
    group: 'Listing',
    options: ['NASDAQ', 'NYSE'],
    activeByDefault: false,
  },
  {
    name: 'Countries',
    kind: 'values',
    field: 'country',
    group: 'Listing',
    options: ['US'],
    activeByDefault: false,
    aliases: { US: 'United States' },
  },
  {
    name: 'Bio Phase',
    kind: 'values',
    field: 'bioPhasePipelines',
    group: 'Life Sciences',
    options: BIO_PHASE_OPTIONS,
    activeByDefault: true,
  },
  {
    name: 'Insider Ownership',
    kind: 'range',
    field: 'Insider_Ownership_Percent',
    group: 'Ownership',
    options: ['0 to 0.02', '0.02 to 0.06', '0.06 to 5306.07'],
    activeByDefault: false,
  },
  {
    name: 'Ipo Year',
    kind: 'range',
    field: 'ipo_year',
    group: 'Listing',
    options: ['1939 to 2002', '2002 to 2015', '2015 to 2021', '2021 to 2025'],
    activeByDefault: false,
  },
  dynamicRange('Change %', 'change_pre', 'Price'),
  dynamicRange('Net Change', 'net_change', 'Price'),
  dynamicRange('Open', 'open', 'Price'),
  dynamicRange('Previous Close', 'pre_close', 'Price'),
  dynamicRange('52 Week Low', 'week52low', 'Price'),
  dynamicRange('52 Week High', 'week52high', 'Price'),
  dynamicRange('Average Volume', 'volume_avg', 'Trading'),
  dynamicRange('RSI', 'latest_rsi', 'Technicals'),
  dynamicRange('EMA', 'latest_ema', 'Technicals'),
  dynamicRange('SMA', 'latest_sma', 'Technicals'),
  dynamicRange('MACD', 'latest_macd', 'Technicals'),
  dynamicRange('Institutional Ownership', 'institutionalOwnership', 'Ownership'),
  dynamicRange('Institutional Buying', 'institutionalBuying', 'Ownership'),
  dynamicRange('Insider Transactions', 'Insider_Transactions', 'Ownership'),
  dynamicRange('Revenue Growth YoY', 'yearOverYearRevenue', 'Fundamentals'),
  dynamicRange('Revenue Growth QoQ', 'quarterOverQuarterRevenue', 'Fundamentals'),
  dynamicRange('Float Shares', 'float_shares', 'Size'),
  dynamicRange('Free Float', 'free_float', 'Size'),
  dynamicRange('Price Target', 'priceTarget', 'Analysts'),
  dynamicRange('Price Target Upside', 'priceTargetUpside', 'Analysts'),
  dynamicRange('Total Analysts', 'totalAnalysts', 'Analysts'),
  dynamicRange('Buy Ratings', 'buyRatings', 'Analysts'),
  dynamicRange('Hold Ratings', 'holdRatings', 'Analysts'),
  dynamicRange('Sell Ratings', 'sellRatings', 'Analysts'),
  // From the latest statements (docs/product.md §9.12): growth, margins and dilution in percent.
  dynamicRange('Revenue (TTM)', 'revenue_ttm', 'Fundamentals'),
  dynamicRange('Revenue Growth (TTM)', 'revenue_growth', 'Fundamentals'),
  dynamicRange('Net Margin', 'net_margin', 'Fundamentals'),
  dynamicRange('Cash', 'cash', 'Fundamentals'),
  dynamicRange('Cash Runway (Quarters)', 'runway_quarters', 'Fundamentals'),
  dynamicRange('Debt to Equity', 'debt_to_equity', 'Fundamentals'),
  dynamicRange('Shares Growth 1Y', 'shares_growth_1y', 'Fundamentals'),
  dynamicRange('Shares Growth 3Y', 'shares_growth_3y', 'Fundamentals'),
  dynamicRange('Price to Sales', 'price_to_sales', 'Valuation'),
  dynamicRange('Price to Book', 'price_to_book', 'Valuation'),
  // From FINRA's latest report (docs/product.md §9.14).
  dynamicRange('Short Interest (Shares)', 'short_interest', 'Short Interest'),
  dynamicRange('Short Interest % of Shares', 'short_percent', 'Short Interest'),
  dynamicRange('Days to Cover', 'days_to_cover', 'Short Interest'),
  dynamicRange('Short Interest Change', 'short_change', 'Short Interest'),
];

/** Keys that are not filters of the panel but narrow the screen all the same. */
export const SPECIAL_FILTER_KEYS = ['symbol', 'Industries', 'Sector'] as const;

const filterByName = new Map(FILTERS.map((f) => [f.name, f]));
export const filterDefinition = (name: string) => filterByName.get(name);

export class FilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterError';
  }
}

export interface Range {
  min: number;
  max: number;
}

/** Parses 'min to max'. Null when both ends are equal (such a range is dropped). */
export function parseRange(value: string): Range | null {
  const match = /^\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s+to\s+(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*$/i.exec(value);
  if (!match) throw new FilterError(`"${value}" is not a range like "10 to 500"`);
  const a = Number(match[1]);
  const b = Number(match[2]);
  if (!Number.isFinite(a) || !Number.isFinite(b)) throw new FilterError(`"${value}" is not a range like "10 to 500"`);
  if (a === b) return null;
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** Four buckets from min, lower median, median, upper median and max of the values. */
export function quartileBuckets(values: number[]): string[] {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const at = (q: number) => {
    const pos = (sorted.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
  };
  const round = (v: number) => Number(v.toPrecision(6));
  const cuts = [at(0), at(0.25), at(0.5), at(0.75), at(1)].map(round);
  const buckets: string[] = [];
  for (let i = 0; i < 4; i++) if (cuts[i] !== cuts[i + 1]) buckets.push(`${cuts[i]} to ${cuts[i + 1]}`);
  return buckets;
}
