/**
 * The IPO calendar: a server-paged grid whose columns follow the rows the
 * server sends (keyed by company_name), under the line saying where the rows
 * come from (EDGAR's registration statements, or the demo) and when they last
 * changed.
 */
import type { ColDef } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { api, serverMessage } from '../api-client.ts';
import { formatCompact, formatMoney, formatShares } from '../../lib/format.ts';
import { IPO_PHONE_LEAD, leadOnPhone } from '../../lib/screener-columns.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { usePhoneWidth } from '../use-phone-width.ts';
import ServerGrid, { type PageRequest } from '../grid/ServerGrid.tsx';

const IPO_PAGE_SIZES = [5, 10, 25, 50] as const;
const IPO_DEFAULT_PAGE_SIZE = 10;
const IPO_FAILED = 'Failed to fetch IPO data';

type IpoRow = { company_name: string } & Record<string, unknown>;
const ipoResponse = z.object({
  data: z.array(z.looseObject({ company_name: z.string() })),
  total: z.number(),
  source: z.optional(z.string()),
  updated_at: z.optional(z.nullable(z.string())),
});
/** Until the first page says otherwise, the calendar's usual source. */
const DEFAULT_SOURCE = 'SEC EDGAR registration statements and prospectuses';

const rowKey = (row: IpoRow) => row.company_name;

/** 'price_range' → 'Price Range'. */
const columnTitle = (key: string) =>
  key
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (key.includes('size')) return formatMoney(value);
    return key.includes('shares') ? formatShares(value) : formatCompact(value);
  }
  if (typeof value === 'string' && key.endsWith('_date') && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return formatNewYorkDate(new Date(`${value}T12:00:00-05:00`));
  }
  return String(value);
}

/** The keys of the rows on show, `company_name` first, in the order the server sends them. */
const keysOf = (rows: IpoRow[]) => [...new Set(['company_name', ...rows.flatMap((row) => Object.keys(row))])];

/**
 * The columns for the keys: Company Name first, given room; on a phone the company, its price range and its
 * expected date lead, narrower (docs/product.md §8.3).
 */
function columnsFor(keys: string[], phone: boolean): ColDef<IpoRow>[] {
  const ordered = phone
    ? leadOnPhone(keys, (key) => key, IPO_PHONE_LEAD)
    : keys.map((key) => ({ column: key, width: undefined }));
  return ordered.map(({ column: key, width }) =>
    key === 'company_name'
      ? {
          field: 'company_name',
          headerName: 'Company Name',
          pinned: 'left',
          // A grid keeps a column's flex until told otherwise (null), as when a tablet turns into a phone's width.
          ...(width ? { width, flex: null } : { minWidth: 220, flex: 1 }),
        }
      : key === 'filing'
        ? {
            colId: key,
            headerName: 'Filing',
            valueGetter: (p) => p.data?.[key],
            cellRenderer: (p: { value: unknown; data?: IpoRow }) =>
              typeof p.value === 'string' && p.value.startsWith('https://') ? (
                <a
                  href={p.value}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline"
                  aria-label={`${p.data?.company_name ?? 'The company'}’s latest filing on SEC EDGAR (opens in a new tab)`}
                >
                  SEC filing
                </a>
              ) : (
                '—'
              ),
            width: width ?? 120,
          }
        : {
            colId: key,
            headerName: columnTitle(key),
            valueGetter: (p) => p.data?.[key],
            valueFormatter: (p) => formatValue(key, p.value),
            width: width ?? 150,
          },
  );
}

/** The server's own message when it sent one, otherwise the generic text. */
function failureText(error: unknown): string {
  return serverMessage(error) || IPO_FAILED;
}

function Ipo() {
  const [keys, setKeys] = useState<string[]>(['company_name']);
  const phone = usePhoneWidth();
  const columns = useMemo(() => columnsFor(keys, phone), [keys, phone]);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState<{ text: string; updated: string | null }>({
    text: DEFAULT_SOURCE,
    updated: null,
  });
  const fetchPage = useCallback(async (request: PageRequest, signal: AbortSignal) => {
    const body = await api
      .get('stock/ipo', { searchParams: { page: request.page, pageSize: request.pageSize }, signal })
      .json();
    const parsed = ipoResponse.parse(body);
    if (parsed.source) setSource({ text: parsed.source, updated: parsed.updated_at ?? null });
    return { rows: parsed.data as IpoRow[], total: parsed.total };
  }, []);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted" data-testid="ipo-source">
        Source: {source.text}
        {source.updated && ` · updated ${formatNewYorkDate(new Date(source.updated))}`}
      </p>
      {error && (
        <p role="alert" className="rounded-lg border border-down p-3 text-sm" data-testid="ipo-error">
          {error}
        </p>
      )}
      <ServerGrid<IpoRow>
        ariaLabel="IPO calendar"
        columnDefs={columns}
        fetchPage={fetchPage}
        fetchKey="ipo"
        pageSize={IPO_DEFAULT_PAGE_SIZE}
        pageSizes={IPO_PAGE_SIZES}
        rowId={rowKey}
        height="min(70vh, 36rem)"
        sortable={false}
        onLoad={(result) => {
          setError(null);
          if (result.rows.length > 0 && keys.length === 1) setKeys(keysOf(result.rows));
        }}
        onError={(e) => setError(failureText(e))}
        dense={phone}
      />
    </div>
  );
}

export default function IpoGrid() {
  return (
    <ErrorBoundary>
      <Ipo />
    </ErrorBoundary>
  );
}
