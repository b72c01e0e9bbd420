/**
 * The browser's calls for the screener: one GraphQL query for a page of the
 * screen (asking only for the columns on show), search and the
 * CSV export address.
 */
// The small build of zod: this module ships to the browser.
import * as z from 'zod/mini';
import { api } from '../api-client.ts';
import type { SortDirection } from '../../lib/screener-state.ts';
import type { SortField } from '../../lib/screener.ts';

export interface GridRow {
  symbol: string;
  name: string;
  is_client: boolean;
  isFavorite: boolean;
  [field: string]: string | number | boolean | null;
}

export interface ScreenPage {
  rows: GridRow[];
  totalItems: number;
}

export interface ScreenQuery {
  filters: Record<string, string>;
  sortField: SortField;
  sortDirection: SortDirection;
  page: number;
  pageSize: number;
  /** Columns to fetch besides the ones every row carries. */
  fields: readonly string[];
}

/** Every row's identity, and where its data comes from (shown under the grid). */
const ALWAYS = ['symbol', 'name', 'is_client', 'isFavorite', 'data_source', 'prices_as_of'];

/** The query text for a set of columns; field names come from the column catalogue, never from input. */
function screenQueryText(fields: readonly string[]): string {
  const selection = [...new Set([...ALWAYS, ...fields])].join(' ');
  return `query Screen($data: PageInput!, $filters: FilterMap, $sortField: String, $sortDirection: SortDirection) {
  filteredCompanies(data: $data, filters: $filters, sortField: $sortField, sortDirection: $sortDirection) {
    totalItems totalPages companies { ${selection} }
  }
}`;
}

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const screenResponse = z.object({
  data: z.optional(
    z.nullable(
      z.object({
        filteredCompanies: z.object({
          totalItems: z.number(),
          companies: z.array(
            z.looseObject({ symbol: z.string(), name: z.string(), is_client: z.boolean(), isFavorite: z.boolean() }),
          ),
        }),
      }),
    ),
  ),
  errors: z.optional(z.array(z.object({ message: z.string() }))),
});

export class ScreenError extends Error {}

export async function fetchScreenPage(query: ScreenQuery, signal?: AbortSignal): Promise<ScreenPage> {
  const body = await api
    .post('graphql', {
      json: {
        query: screenQueryText(query.fields),
        variables: {
          data: { page: query.page, pageSize: query.pageSize },
          filters: query.filters,
          sortField: query.sortField,
          sortDirection: query.sortDirection,
        },
      },
      headers: { accept: 'application/graphql-response+json, application/json' },
      signal,
      // GraphQL errors come with status 400 and a body worth reading.
      throwHttpErrors: (status) => status !== 400,
    })
    .json();
  const parsed = screenResponse.parse(body);
  if (parsed.errors?.length || !parsed.data) {
    throw new ScreenError(parsed.errors?.[0]?.message ?? 'The screen could not be loaded.');
  }
  const result = parsed.data.filteredCompanies;
  return {
    totalItems: result.totalItems,
    rows: result.companies.map((row) => {
      const out: GridRow = { ...row } as GridRow;
      for (const [key, value] of Object.entries(row)) out[key] = cell.parse(value);
      return out;
    }),
  };
}

const searchHit = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.nullable(z.string()),
  sector_name: z.nullable(z.string()),
  last_sale: z.nullable(z.number()),
  change_pre: z.nullable(z.number()),
  logo: z.nullable(z.string()),
});
export type SearchHit = z.infer<typeof searchHit>;

export async function searchStocks(query: string, signal?: AbortSignal): Promise<SearchHit[]> {
  const body = await api.get('stock/search', { searchParams: { query, pageSize: 8 }, signal }).json();
  return z.object({ data: z.array(searchHit) }).parse(body).data;
}

/** The export address for a screen: the browser downloads it (cookies and all). */
export function exportUrl(query: Pick<ScreenQuery, 'filters' | 'sortField' | 'sortDirection'>): string {
  const params = new URLSearchParams({
    filters: JSON.stringify(query.filters),
    sortField: query.sortField,
    sortDirection: query.sortDirection,
  });
  return `/api/stock/export?${params}`;
}
