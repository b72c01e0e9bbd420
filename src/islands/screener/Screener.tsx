/**
 * The screener workspace: filter panel, column chooser and the grid of the
 * current screen. The screen lives in the shared store (and so in the URL
 * and the cache); the grid, loaded when it comes into view, asks the GraphQL
 * API for one page at a time.
 */
import { useStore } from '@nanostores/react';
import type { ColDef, GridApi, ICellRendererParams } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { serverMessage } from '../api-client.ts';
import {
  REQUIRED_COLUMNS,
  SCREENER_COLUMNS,
  formatCell,
  gridColumns,
  heartColumnWidth,
} from '../../lib/screener-columns.ts';
import { exportUrl, fetchScreenPage, type GridRow } from './screener-api.ts';
import { SCREENER_PAGE_SIZES, SCREENER_REFRESH_MS, filterMap } from '../../lib/screener-state.ts';
import { isSortField } from '../../lib/screener.ts';
import {
  $columns,
  $screen,
  $screenReady,
  initScreen,
  resetFilters,
  setColumns,
  setPage,
  setPageSize,
  setSort,
} from '../../stores/screener.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { usePhoneWidth } from '../use-phone-width.ts';
import GridWhenVisible from '../grid/GridWhenVisible.tsx';
import type { PageRequest } from '../grid/ServerGrid.tsx';
import { ChangeCell, SymbolCell } from '../grid/cells.tsx';
import FilterPanel from './FilterPanel.tsx';
import Popover from './Popover.tsx';
import { SavedScreensMenu } from './SavedScreens.tsx';
import FavoriteToggle from '../content/FavoriteToggle.tsx';
import { dataProvenance } from '../../lib/data-sources.ts';
import { formatCount } from '../../lib/format.ts';

const rowSymbol = (row: GridRow) => row.symbol;

const EMPTY_SCREEN_TEXT = 'No results found with the current filters.';

function FavoriteCell({ data }: ICellRendererParams<GridRow>) {
  if (!data) return null;
  // The row's flag until the favorites store has the list; the store then speaks for every heart on the page.
  return <FavoriteToggle kind="company" id={data.symbol} label={data.symbol} initial={data.isFavorite} size={20} />;
}

function NameCell({ data }: ICellRendererParams<GridRow>) {
  if (!data) return null;
  return (
    <span className="flex items-center gap-2">
      <span className="truncate">{data.name}</span>
      {data.is_client && (
        <span className="client-badge" title="Client company">
          Client
        </span>
      )}
    </span>
  );
}

function buildColumns(fields: readonly string[], phone: boolean): ColDef<GridRow>[] {
  const defs: ColDef<GridRow>[] = [
    {
      colId: 'favorite',
      headerName: '',
      width: heartColumnWidth(phone),
      sortable: false,
      resizable: false,
      pinned: 'left',
      cellRenderer: FavoriteCell,
      // On a phone the heart's button takes the whole narrow cell (less its padding and its 1px borders).
      cellStyle: phone ? { paddingLeft: 4, paddingRight: 4 } : undefined,
    },
  ];
  for (const { column, width } of gridColumns(fields, phone)) {
    const def: ColDef<GridRow> = {
      field: column.field,
      colId: column.field,
      headerName: column.header,
      width,
    };
    if (column.field === 'symbol') {
      def.cellRenderer = SymbolCell;
      def.pinned = 'left';
    } else if (column.field === 'name') def.cellRenderer = NameCell;
    else if (column.format === 'change') def.cellRenderer = ChangeCell;
    else def.valueFormatter = (params) => formatCell(column.format, params.value);
    if (column.format !== 'text') def.type = 'rightAligned';
    defs.push(def);
  }
  return defs;
}

function ColumnChooser() {
  const columns = useStore($columns);
  return (
    <Popover label="Columns" buttonClass="btn-secondary py-1.5!" ariaLabel="Choose columns" align="right">
      {
        <fieldset>
          <legend className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">Columns</legend>
          {SCREENER_COLUMNS.map((column) => {
            const required = REQUIRED_COLUMNS.includes(column.field);
            return (
              <label
                key={column.field}
                className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-surface-2"
              >
                <input
                  type="checkbox"
                  checked={columns.includes(column.field)}
                  disabled={required}
                  onChange={(event) =>
                    setColumns(
                      event.target.checked ? [...columns, column.field] : columns.filter((c) => c !== column.field),
                    )
                  }
                />
                {column.header}
              </label>
            );
          })}
        </fieldset>
      }
    </Popover>
  );
}

function Workspace() {
  const screen = useStore($screen);
  const columns = useStore($columns);
  const ready = useStore($screenReady);
  const phone = usePhoneWidth();
  const [total, setTotal] = useState<number | null>(null);
  /** Where the rows on show come from ('Prices as of ... close, source: ...'); empty for demo rows. */
  const [provenance, setProvenance] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const gridApi = useRef<GridApi<GridRow> | null>(null);

  useEffect(() => initScreen(), []);

  const filters = useMemo(() => filterMap(screen), [screen]);
  const fetchKey = JSON.stringify(filters);

  // New columns need their fields: reload the page in place.
  const columnsKey = columns.join(',');
  useEffect(() => {
    gridApi.current?.refreshInfiniteCache();
  }, [columnsKey]);

  const fetchPage = useCallback((request: PageRequest, signal: AbortSignal) => {
    const state = $screen.get();
    const sortField = request.sortField && isSortField(request.sortField) ? request.sortField : state.sortField;
    return fetchScreenPage(
      {
        filters: filterMap(state),
        sortField,
        sortDirection: request.sortDirection ?? state.sortDirection,
        page: request.page,
        pageSize: request.pageSize,
        fields: $columns.get(),
      },
      signal,
    ).then((page) => ({ rows: page.rows, total: page.totalItems }));
  }, []);

  const columnDefs = useMemo(() => {
    const defs = buildColumns(columns, phone);
    // The first sort comes from the screen; later ones from the headers.
    const sorted = defs.find((d) => d.colId === screen.sortField);
    if (sorted) sorted.initialSort = screen.sortDirection;
    return defs;
    // The sort is read once the screen is restored and per column set, not on every sort change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, ready, phone]);

  const exportHref = exportUrl({ filters, sortField: screen.sortField, sortDirection: screen.sortDirection });
  const first = total ? (screen.page - 1) * screen.pageSize + 1 : 0;
  const last = total ? Math.min(total, screen.page * screen.pageSize) : 0;

  return (
    <div className="flex flex-col gap-4">
      <FilterPanel exportHref={exportHref} />
      <section className="flex flex-col gap-2" aria-labelledby="results-title">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="results-title" className="text-lg font-bold">
            Companies
          </h2>
          <p className="mr-auto text-sm text-muted" aria-live="polite" data-testid="result-count">
            {/* An empty screen says so once, in its own box below. */}
            {total === null
              ? 'Loading…'
              : total === 0
                ? ''
                : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
          </p>
          <SavedScreensMenu />
          <ColumnChooser />
        </div>
        {error && (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-down p-3 text-sm">
            <span>{error}</span>
            <button
              type="button"
              className="btn-secondary py-1!"
              onClick={() => {
                setError(null);
                gridApi.current?.refreshInfiniteCache();
              }}
            >
              Retry
            </button>
          </div>
        )}
        <div className="relative">
          {ready ? (
            <GridWhenVisible<GridRow>
              ariaLabel="Screener results"
              apiRef={gridApi}
              columnDefs={columnDefs}
              fetchPage={fetchPage}
              fetchKey={fetchKey}
              pageSize={screen.pageSize}
              pageSizes={SCREENER_PAGE_SIZES}
              initialPage={screen.page}
              rowId={rowSymbol}
              refreshMs={SCREENER_REFRESH_MS}
              height="min(75vh, 46rem)"
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
              onSortChange={(field, direction) => {
                if (isSortField(field)) setSort(field, direction);
              }}
              onLoad={(result) => {
                setTotal(result.total);
                setProvenance(provenanceOf(result.rows));
                setError(null);
              }}
              onError={(e) => setError(serverMessage(e) ?? 'The companies could not be loaded. Please try again.')}
              emptyText={null}
              dense={phone}
            />
          ) : (
            <div className="card h-[min(75vh,46rem)] animate-pulse" aria-busy="true" aria-label="Loading screener" />
          )}
          {total === 0 && (
            <div
              role="status"
              className="absolute inset-x-0 top-14 z-10 mx-auto flex w-fit max-w-[calc(100%-2rem)] flex-col items-center gap-3 rounded-xl border border-line bg-surface p-6 text-center shadow-lg"
              data-testid="empty-screen"
            >
              <p className="font-semibold">{EMPTY_SCREEN_TEXT}</p>
              <button type="button" className="btn-primary" onClick={() => resetFilters()}>
                Reset Filters
              </button>
            </div>
          )}
        </div>
        {provenance.length > 0 && (
          <p className="text-xs text-muted" data-testid="data-provenance">
            {provenance.join('; ')}
          </p>
        )}
      </section>
    </div>
  );
}

/** The distinct sources of the rows on show, as the site names them. */
function provenanceOf(rows: readonly GridRow[]): string[] {
  const lines = new Set<string>();
  for (const row of rows) {
    const line = dataProvenance(String(row.data_source ?? 'demo'), (row.prices_as_of as string | null) ?? null);
    if (line) lines.add(line);
  }
  return [...lines].sort();
}

export default function Screener() {
  return (
    <ErrorBoundary>
      <Workspace />
    </ErrorBoundary>
  );
}
