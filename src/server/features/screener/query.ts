/**
 * Runs a screen over a snapshot: compiles the filters into predicates, walks
 * the presorted order, counts matches and keeps one page.
 */
import { cardCodeRanges, sectorCardFor } from '../../../lib/sectors.ts';
import {
  FilterError,
  filterDefinition,
  parseRange,
  type NumericField,
  type ScreenerRow,
  type SortField,
  type TextField,
} from '../../../lib/screener.ts';
import type { Snapshot, SortDirection, TextColumn } from './snapshot.ts';

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

/** Tests the row at a position of the snapshot. */
type Predicate = (index: number) => boolean;

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** A membership table over a text column's codes. */
function allowedCodes(column: TextColumn, values: Iterable<string>): Uint8Array {
  const allowed = new Uint8Array(column.values.size + 1);
  for (const value of values) {
    const code = column.values.get(value);
    if (code !== undefined) allowed[code] = 1;
  }
  return allowed;
}

/** Filter map to predicates over row positions; throws FilterError for unknown keys or malformed values. */
export function compileFilters(snapshot: Snapshot, filters: Record<string, string>): Predicate[] {
  const predicates: Predicate[] = [];
  for (const [key, raw] of Object.entries(filters)) {
    if (typeof raw !== 'string') throw new FilterError(`Filter "${key}" must be a string`);
    const value = raw.trim();
    if (!value) continue;
    if (key === 'symbol') {
      const column = snapshot.texts('symbol');
      const allowed = allowedCodes(
        column,
        list(value).map((s) => s.toUpperCase()),
      );
      const codes = column.codes;
      predicates.push((i) => allowed[codes[i]!] === 1);
      continue;
    }
    if (key === 'Industries') {
      const wanted = list(value);
      const codes = new Set(wanted.filter((w) => /^\d{3,4}$/.test(w)).map(Number));
      const names = new Set(wanted.map((w) => w.toLowerCase()));
      const industry = snapshot.texts('industry');
      const allowed = allowedCodes(
        industry,
        [...industry.values.keys()].filter((n) => names.has(n.toLowerCase())),
      );
      const sic = snapshot.numbers('sic_code');
      predicates.push((i) => allowed[industry.codes[i]!] === 1 || codes.has(sic[i]!));
      continue;
    }
    if (key === 'Sector') {
      const cards = list(value).map(sectorCardFor);
      if (cards.some((c) => !c)) throw new FilterError(`Unknown sector: ${value}`);
      const ranges = cards.flatMap((c) => cardCodeRanges(c!));
      const sic = snapshot.numbers('sic_code');
      predicates.push((i) => ranges.some(([lo, hi]) => sic[i]! >= lo && sic[i]! <= hi));
      continue;
    }
    const definition = filterDefinition(key);
    if (!definition) throw new FilterError(`Unknown filter: ${key}`);
    if (definition.kind === 'range') {
      const range = parseRange(value);
      if (!range) continue; // equal ends: the range is dropped
      const column = snapshot.numbers(definition.field as NumericField);
      const { min, max } = range;
      // NaN (an empty value) fails both comparisons.
      predicates.push((i) => column[i]! >= min && column[i]! <= max);
    } else {
      const column = snapshot.texts(definition.field as TextField);
      const allowed = allowedCodes(
        column,
        list(value).map((v) => definition.aliases?.[v] ?? v),
      );
      const codes = column.codes;
      predicates.push((i) => allowed[codes[i]!] === 1);
    }
  }
  return predicates;
}

export function runScreen(snapshot: Snapshot, request: ScreenRequest): ScreenResult {
  if (!Number.isInteger(request.page) || request.page < 1) throw new FilterError('page must be a whole number from 1');
  if (!Number.isInteger(request.pageSize) || request.pageSize < 1 || request.pageSize > MAX_PAGE_SIZE) {
    throw new FilterError(`pageSize must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  const predicates = compileFilters(snapshot, request.filters);
  const order = snapshot.order(request.sortField, request.sortDirection);
  const start = (request.page - 1) * request.pageSize;
  const end = start + request.pageSize;
  const rows = snapshot.rows;
  const page: ScreenerRow[] = [];
  let total = 0;
  for (let i = 0; i < order.length; i++) {
    const index = order[i]!;
    let ok = true;
    for (let p = 0; p < predicates.length; p++) {
      if (!predicates[p]!(index)) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    if (total >= start && total < end) page.push(rows[index]!);
    total++;
  }
  return { companies: page, totalItems: total, totalPages: Math.ceil(total / request.pageSize) };
}
