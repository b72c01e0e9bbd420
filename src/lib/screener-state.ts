/**
 * The state of one screen (filters, sector, sort, paging) and its two
 * persistent forms: the page URL, so a link reproduces the screen, and the
 * localStorage cache of filter values and active flags (docs/product.md §7.6).
 */
import * as z from 'zod/mini';
import { formatCompact, formatMoney, formatShares } from './format.ts';
import { screenerColumn } from './screener-columns.ts';
import { FILTERS, filterDefinition, isSortField, parseRange, type SortField } from './screener.ts';
import { sectorCardFor } from './sectors.ts';

export const SCREENER_PAGE_SIZES = [5, 10, 20, 50, 100, 500, 1000] as const;
const SCREENER_DEFAULT_PAGE_SIZE = 50;
export const SCREENER_REFRESH_MS = 900_000;
export const SEARCH_DEBOUNCE_MS = 500;

export type SortDirection = 'asc' | 'desc';

export interface ScreenState {
  /** Filter name → value ('min to max' or a fixed value); only active filters keep one. */
  values: Record<string, string>;
  /** Names of the filters shown in the panel. */
  active: string[];
  /** A sector card id. */
  sector: string | null;
  /** A sub-sector (SIC code) inside the sector. */
  industry: string | null;
  sortField: SortField;
  sortDirection: SortDirection;
  page: number;
  pageSize: number;
}

export const DEFAULT_ACTIVE_FILTERS: readonly string[] = FILTERS.filter((f) => f.activeByDefault).map((f) => f.name);

export function defaultScreenState(): ScreenState {
  return {
    values: {},
    active: [...DEFAULT_ACTIVE_FILTERS],
    sector: null,
    industry: null,
    sortField: 'symbol',
    sortDirection: 'asc',
    page: 1,
    pageSize: SCREENER_DEFAULT_PAGE_SIZE,
  };
}

/** The filter map the API takes: active filters with a value, plus sector and sub-sector. */
export function filterMap(state: ScreenState): Record<string, string> {
  const map: Record<string, string> = {};
  for (const name of state.active) {
    const value = state.values[name]?.trim();
    if (value) map[name] = value;
  }
  if (state.sector) map.Sector = state.sector;
  if (state.industry) map.Industries = state.industry;
  return map;
}

/** A value the filter accepts: a well-formed range, or one of the filter's fixed values. */
function isValidFilterValue(name: string, value: string): boolean {
  const definition = filterDefinition(name);
  if (!definition) return false;
  if (definition.kind === 'values') return value.split(',').every((v) => definition.options.includes(v.trim()));
  try {
    parseRange(value);
    return true;
  } catch {
    return false;
  }
}

const PARAM = {
  sort: 'sort',
  direction: 'dir',
  page: 'page',
  pageSize: 'size',
  sector: 'sector',
  industry: 'industry',
};
const RESERVED = new Set(Object.values(PARAM));

const pageSizeOf = (raw: string | null) => {
  const size = Number(raw);
  return (SCREENER_PAGE_SIZES as readonly number[]).includes(size) ? size : SCREENER_DEFAULT_PAGE_SIZE;
};

/** Whether a URL carries a screen (otherwise the cached one is restored). */
export function hasScreenParams(params: URLSearchParams): boolean {
  for (const key of params.keys()) if (RESERVED.has(key) || filterDefinition(key)) return true;
  return false;
}

/**
 * The screen a URL describes. Unknown keys and malformed values are ignored,
 * so an edited or outdated link still opens a working screener.
 */
export function screenFromParams(params: URLSearchParams): ScreenState {
  const state = defaultScreenState();
  for (const [key, value] of params) {
    if (RESERVED.has(key) || !value.trim() || !isValidFilterValue(key, value)) continue;
    state.values[key] = value.trim();
    if (!state.active.includes(key)) state.active.push(key);
  }
  const sort = params.get(PARAM.sort);
  if (sort && isSortField(sort)) state.sortField = sort;
  if (params.get(PARAM.direction) === 'desc') state.sortDirection = 'desc';
  const page = Number(params.get(PARAM.page));
  if (Number.isInteger(page) && page >= 1 && page <= 100_000) state.page = page;
  state.pageSize = pageSizeOf(params.get(PARAM.pageSize));
  const sector = sectorCardFor(params.get(PARAM.sector) ?? '');
  if (sector) {
    state.sector = sector.id;
    const industry = params.get(PARAM.industry);
    if (industry && /^\d{3,4}$/.test(industry)) state.industry = industry;
  }
  return state;
}

/** The URL query of a screen; defaults are left out so links stay short. */
export function screenToParams(state: ScreenState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filterMap({ ...state, sector: null, industry: null }))) {
    params.set(name, value);
  }
  if (state.sector) params.set(PARAM.sector, state.sector);
  if (state.sector && state.industry) params.set(PARAM.industry, state.industry);
  if (state.sortField !== 'symbol') params.set(PARAM.sort, state.sortField);
  if (state.sortDirection !== 'asc') params.set(PARAM.direction, state.sortDirection);
  if (state.page !== 1) params.set(PARAM.page, String(state.page));
  if (state.pageSize !== SCREENER_DEFAULT_PAGE_SIZE) params.set(PARAM.pageSize, String(state.pageSize));
  return params;
}

export const SCREEN_CACHE_KEY = 'screenerFilters';

const cacheSchema = z.object({
  values: z.record(z.string(), z.string()),
  active: z.array(z.string()),
  sector: z.optional(z.nullable(z.string())),
  industry: z.optional(z.nullable(z.string())),
  pageSize: z.optional(z.number()),
});

/** What the browser keeps between visits: filter values, active flags, sector and page size. */
export function screenToCache(state: ScreenState): string {
  return JSON.stringify({
    values: state.values,
    active: state.active,
    sector: state.sector,
    industry: state.industry,
    pageSize: state.pageSize,
  });
}

/** The cached screen, or the default one when the cache is missing or unreadable. */
export function screenFromCache(raw: string | null): ScreenState {
  const state = defaultScreenState();
  if (!raw) return state;
  let parsed: z.infer<typeof cacheSchema>;
  try {
    parsed = cacheSchema.parse(JSON.parse(raw));
  } catch {
    return state;
  }
  state.active = [...new Set(parsed.active.filter((name) => filterDefinition(name)))];
  for (const [name, value] of Object.entries(parsed.values)) {
    if (state.active.includes(name) && isValidFilterValue(name, value)) state.values[name] = value;
  }
  const sector = sectorCardFor(parsed.sector ?? '');
  if (sector) {
    state.sector = sector.id;
    state.industry = parsed.industry && /^\d{3,4}$/.test(parsed.industry) ? parsed.industry : null;
  }
  state.pageSize = pageSizeOf(String(parsed.pageSize ?? ''));
  return state;
}

/** Reset (docs/product.md §7.3): every value and the sector cleared, every filter deactivated. */
export function resetScreen(state: ScreenState): ScreenState {
  return { ...state, values: {}, active: [], sector: null, industry: null, page: 1 };
}

/** A bucket as people read it: '$50.00M – $300.00M', '2.00% – 6.00%', '2002 – 2015'. */
export function optionLabel(filterName: string, option: string): string {
  const definition = filterDefinition(filterName);
  if (!definition || definition.kind === 'values') return option;
  let range;
  try {
    range = parseRange(option);
  } catch {
    return option;
  }
  if (!range) return option;
  const field = definition.field;
  // Buckets read like the column they filter.
  const show = (n: number) => {
    switch (screenerColumn(field)?.format) {
      case 'integer':
        return String(n);
      case 'fraction-percent':
        return `${(n * 100).toFixed(2)}%`;
      case 'percent':
      case 'signed-percent':
      case 'change':
        return `${n.toFixed(2)}%`;
      case 'price':
      case 'signed-price':
        return `$${formatCompact(n)}`;
      case 'market-cap':
        return formatMoney(n);
      case 'shares':
        return formatShares(n);
      default:
        return formatCompact(n);
    }
  };
  return `${show(range.min)} – ${show(range.max)}`;
}
