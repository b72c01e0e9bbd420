/**
 * Top Leaders or Top Laggards: today's biggest rises or falls since the
 * previous close, ranked by the server, paged, refreshed every 15 minutes.
 */
import type { ColDef } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { api, serverMessage } from '../api-client.ts';
import { MOVERS_PHONE_LEAD, formatCell, gridColumns, type ScreenerColumn } from '../../lib/screener-columns.ts';
import { SCREENER_REFRESH_MS } from '../../lib/screener-state.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { usePhoneWidth } from '../use-phone-width.ts';
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

/** The grid's columns as a wide screen shows them: ranked by the change, the name given room. */
const MOVER_FIELDS = ['symbol', 'name', 'change_pre', 'last_sale', 'net_change', 'volume', 'market_cap'] as const;

/** One column, in the screener's header and format (screener-columns.ts). */
function moverColumn(column: ScreenerColumn, width: number): ColDef<MoverRow> {
  const field = column.field as (typeof MOVER_FIELDS)[number];
  if (field === 'symbol') return { field, headerName: column.header, width, cellRenderer: SymbolCell, pinned: 'left' };
  if (field === 'name') return { field, headerName: column.header, minWidth: 220, flex: 1 };
  const def: ColDef<MoverRow> = { field, headerName: column.header, width, type: 'rightAligned' };
  if (field === 'change_pre') def.cellRenderer = ChangeCell;
  else def.valueFormatter = (p) => formatCell(column.format, p.value);
  return def;
}

/** A wide screen's widths: room for the figures and their headers, the name taking the rest. */
const wideWidth = (field: string) => (field === 'symbol' ? 110 : 130);

/** On a phone the symbol, the price and the change lead, narrower, as in the screener (docs/product.md §8.1). */
const moverColumns = (phone: boolean) =>
  gridColumns(MOVER_FIELDS, phone, MOVERS_PHONE_LEAD).map(({ column, width }) =>
    moverColumn(column, phone ? width : wideWidth(column.field)),
  );

/** Between the 3:30am clearing and the opening bell the day has no moves yet (see the Data Disclosure). */
const MOVERS_EMPTY_TEXT = 'Today’s moves show here once trading opens at 9:30am ET.';

function Movers({ order }: { order: 'leaders' | 'laggards' }) {
  const [error, setError] = useState<string | null>(null);
  const phone = usePhoneWidth();
  const columns = useMemo(() => moverColumns(phone), [phone]);
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
        columnDefs={columns}
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
        dense={phone}
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
