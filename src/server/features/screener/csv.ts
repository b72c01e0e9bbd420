/**
 * The CSV export of a whole screen (every page, in the screen's order),
 * produced line by line so a large screen streams. Bad filters or an unknown
 * sort column are refused before the first line.
 */
import { FilterError, SORT_FIELDS, isSortField, type ScreenerRow } from '../../../lib/screener.ts';
import { invalid } from '../../platform/errors.ts';
import { compileFilters, runScreen, type ScreenRequest } from './query.ts';
import type { Snapshot, SortDirection } from './snapshot.ts';

export const CSV_COLUMNS: readonly string[] = [
  'symbol',
  'name',
  ...SORT_FIELDS.filter((f) => f !== 'symbol' && f !== 'name'),
  // Where each row's data comes from, and the day its prices are as of.
  'data_source',
  'prices_as_of',
];

/**
 * Text a spreadsheet would run as a formula: a formula character (also its
 * full-width form) first, or after leading spaces of any kind, or a tab or
 * carriage return first.
 */
const FORMULA_START = /^[\s\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** One CSV cell: quoted when needed; text that a spreadsheet would run as a formula is neutralised. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole screen, every page, in the requested order, as CSV lines. */
export function* exportCsv(snapshot: Snapshot, request: Omit<ScreenRequest, 'page' | 'pageSize'>): Generator<string> {
  yield `${CSV_COLUMNS.join(',')}\n`;
  const pageSize = 1000;
  for (let page = 1; ; page++) {
    const result = runScreen(snapshot, { ...request, page, pageSize });
    let chunk = '';
    for (const row of result.companies) {
      chunk += `${CSV_COLUMNS.map((c) => csvCell(row[c as keyof ScreenerRow])).join(',')}\n`;
    }
    if (chunk) yield chunk;
    if (page >= result.totalPages) return;
  }
}

/** The export's `filters` parameter: a JSON object of filter name to value. */
function parseFiltersParam(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid('filters must be a JSON object of strings');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid('filters must be a JSON object of strings');
  for (const value of Object.values(parsed)) {
    if (typeof value !== 'string') throw invalid('filters must be a JSON object of strings');
  }
  return parsed as Record<string, string>;
}

/** Checks an export request and returns its CSV lines; refuses bad input before any line is made. */
export function exportScreen(
  snapshot: Snapshot,
  request: { filters?: string; sortField: string; sortDirection: SortDirection },
): Generator<string> {
  if (!isSortField(request.sortField)) throw invalid(`Unknown sortField "${request.sortField}"`);
  const filters = parseFiltersParam(request.filters);
  try {
    compileFilters(snapshot, filters);
  } catch (error) {
    if (error instanceof FilterError) throw invalid(error.message);
    throw error;
  }
  return exportCsv(snapshot, { filters, sortField: request.sortField, sortDirection: request.sortDirection });
}
