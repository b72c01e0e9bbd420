/**
 * Top Leaders or Top Laggards: today's biggest rises or falls since the
 * previous close, ranked by the server, paged, refreshed every 15 minutes.
 */
import type { ColDef } from 'ag-grid-community';
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { api, serverMessage } from '../api-client.ts';
import { formatCell, screenerColumn } from '../../lib/screener-columns.ts';
import { SCREENER_REFRESH_MS } from '../../lib/screener-state.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import ServerGrid, { type PageRequest } from '../grid/ServerGrid.tsx';
import { ChangeCell, SymbolCell } from '../grid/cells.tsx';

const MOVERS_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
const MOVERS_DEFAULT_PAGE_SIZE = 10;

const moverRow = z.object({
  symbol: z.string(),
  name: z.string(),
  last_sale: z.nullable(z.number()),
  change_pre: z.nullable(z.number()),
  net_change: z.nullable(z.number()),
  volume: z.nullable(z.number()),
  market_cap: z.nullable(z.number()),
  is_client: z.boolean(),
});
type MoverRow = z.infer<typeof moverRow>;
const moversResponse = z.object({ data: z.array(moverRow), totalItems: z.number() });

const rowSymbol = (row: MoverRow) => row.symbol;

/** A number column in the screener's header and format (screener-columns.ts). */
function numberColumn(field: 'last_sale' | 'net_change' | 'volume' | 'market_cap'): ColDef<MoverRow> {
  const column = screenerColumn(field)!;
  return {
    field,
    headerName: column.header,
    width: 130,
    valueFormatter: (p) => formatCell(column.format, p.value),
    type: 'rightAligned',
  };
}

const COLUMNS: ColDef<MoverRow>[] = [
  { field: 'symbol', headerName: 'Symbol', width: 110, cellRenderer: SymbolCell, pinned: 'left' },
  { field: 'name', headerName: 'Name', minWidth: 220, flex: 1 },
  { field: 'change_pre', headerName: 'Change %', width: 130, cellRenderer: ChangeCell, type: 'rightAligned' },
  numberColumn('last_sale'),
  numberColumn('net_change'),
  numberColumn('volume'),
  numberColumn('market_cap'),
];

/** Between the 3:30am clearing and the opening bell the day has no moves yet (see the Data Disclosure). */
const MOVERS_EMPTY_TEXT = 'Today’s moves show here once trading opens at 9:30am ET.';

function Movers({ order }: { order: 'leaders' | 'laggards' }) {
  const [error, setError] = useState<string | null>(null);
  const fetchPage = useCallback(
    async (request: PageRequest, signal: AbortSignal) => {
      const body = await api
        .get('stock/leadersLaggards', {
          searchParams: { order, page: request.page, pageSize: request.pageSize },
          signal,
        })
        .json();
      const parsed = moversResponse.parse(body);
      return { rows: parsed.data, total: parsed.totalItems };
    },
    [order],
  );
  return (
    <div className="flex flex-col gap-2">
      {error && (
        <p role="alert" className="rounded-lg border border-down p-3 text-sm">
          {error}
        </p>
      )}
      <ServerGrid<MoverRow>
        ariaLabel={order === 'leaders' ? 'Top Leaders' : 'Top Laggards'}
        columnDefs={COLUMNS}
        fetchPage={fetchPage}
        fetchKey={order}
        pageSize={MOVERS_DEFAULT_PAGE_SIZE}
        pageSizes={MOVERS_PAGE_SIZES}
        rowId={rowSymbol}
        refreshMs={SCREENER_REFRESH_MS}
        height="min(70vh, 40rem)"
        onLoad={() => setError(null)}
        onError={(e) => setError(serverMessage(e) ?? 'The list could not be loaded. Please try again.')}
        sortable={false}
        emptyText={MOVERS_EMPTY_TEXT}
      />
    </div>
  );
}

export default function MoversGrid({ order }: { order: 'leaders' | 'laggards' }) {
  return (
    <ErrorBoundary>
      <Movers order={order} />
    </ErrorBoundary>
  );
}
