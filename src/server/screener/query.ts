/**
 * Runs a screen over a snapshot: compiles the filters into predicates, walks
 * the presorted order, counts matches and keeps one page.
 */
import { cardCodeRanges, SECTOR_CARDS } from '../../lib/sectors.ts';
import { FilterError, filterDefinition, parseRange, type ScreenerRow, type SortField } from '../../lib/screener.ts';
import type { Snapshot, SortDirection } from './snapshot.ts';

export const MAX_PAGE_SIZE = 1000;

export interface ScreenRequest {
  page: number;
  pageSize: number;
  filters: Record<string, string>;
  sortField: SortField;
  sortDirection: SortDirection;
}

export interface ScreenResult {
  companies: ScreenerRow[];
  totalItems: number;
  totalPages: number;
}

type Predicate = (row: ScreenerRow) => boolean;

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Filter map to predicates; throws FilterError for unknown keys or malformed values. */
export function compileFilters(filters: Record<string, string>): Predicate[] {
  const predicates: Predicate[] = [];
  for (const [key, raw] of Object.entries(filters)) {
    if (typeof raw !== 'string') throw new FilterError(`Filter "${key}" must be a string`);
    const value = raw.trim();
    if (!value) continue;
    if (key === 'symbol') {
      const symbols = new Set(list(value).map((s) => s.toUpperCase()));
      predicates.push((r) => symbols.has(r.symbol));
      continue;
    }
    if (key === 'Industries') {
      const wanted = list(value);
      const codes = new Set(wanted.filter((w) => /^\d{3,4}$/.test(w)).map(Number));
      const names = new Set(wanted.map((w) => w.toLowerCase()));
      predicates.push((r) => codes.has(r.sic_code) || names.has((r.industry ?? '').toLowerCase()));
      continue;
    }
    if (key === 'Sector') {
      const cards = list(value).map((v) => SECTOR_CARDS.find((c) => c.id === v || c.name === v));
      if (cards.some((c) => !c)) throw new FilterError(`Unknown sector: ${value}`);
      const ranges = cards.flatMap((c) => cardCodeRanges(c!));
      predicates.push((r) => ranges.some(([lo, hi]) => r.sic_code >= lo && r.sic_code <= hi));
      continue;
    }
    const definition = filterDefinition(key);
    if (!definition) throw new FilterError(`Unknown filter: ${key}`);
    const field = definition.field;
    if (definition.kind === 'range') {
      const range = parseRange(value);
      if (!range) continue; // equal ends: the range is dropped
      predicates.push((r) => {
        const v = r[field];
        return typeof v === 'number' && v >= range.min && v <= range.max;
      });
    } else {
      const values = new Set(list(value).map((v) => definition.aliases?.[v] ?? v));
      predicates.push((r) => {
        const v = r[field];
        return typeof v === 'string' && values.has(v);
      });
    }
  }
  return predicates;
}

export function runScreen(snapshot: Snapshot, request: ScreenRequest): ScreenResult {
  if (!Number.isInteger(request.page) || request.page < 1) throw new FilterError('page must be a whole number from 1');
  if (!Number.isInteger(request.pageSize) || request.pageSize < 1 || request.pageSize > MAX_PAGE_SIZE) {
    throw new FilterError(`pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  const predicates = compileFilters(request.filters);
  const order = snapshot.order(request.sortField, request.sortDirection);
  const start = (request.page - 1) * request.pageSize;
  const end = start + request.pageSize;
  const rows = snapshot.rows;
  const page: ScreenerRow[] = [];
  let total = 0;
  for (let i = 0; i < order.length; i++) {
    const row = rows[order[i]!]!;
    let ok = true;
    for (let p = 0; p < predicates.length; p++) {
      if (!predicates[p]!(row)) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (total >= start && total < end) page.push(row);
    total++;
  }
  return { companies: page, totalItems: total, totalPages: Math.ceil(total / request.pageSize) };
}
