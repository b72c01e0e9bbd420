/**
 * An AG Grid (Community) over a server-paged, server-sorted list: the
 * infinite row model with one block per page, so each page is one request,
 * the pagination panel with the caller's page sizes, and a periodic refresh
 * that keeps the current page.
 *
 * Keyboard: the grid is one stop in the Tab order (arrow keys move between
 * headers and cells inside it, as in the ARIA grid pattern), so Tab reaches
 * the paging panel and the rest of the page without crossing every cell;
 * Enter or Space on a cell follows its link or presses its button.
 */
import {
  CellStyleModule,
  ColumnApiModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  PaginationModule,
  RowStyleModule,
  themeQuartz,
  type CellKeyDownEvent,
  type ColDef,
  type FullWidthCellKeyDownEvent,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  type IGetRowsParams,
  type OverlayType,
  type PaginationChangedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  CellStyleModule,
  RowStyleModule,
  ColumnApiModule,
]);

/** The site's colours, read from its CSS variables so both themes apply without re-rendering. */
const gridTheme = themeQuartz.withParams({
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--fg)',
  borderColor: 'var(--line)',
  accentColor: 'var(--primary)',
  headerBackgroundColor: 'var(--surface-2)',
  chromeBackgroundColor: 'var(--surface-2)',
  rowHoverColor: 'color-mix(in srgb, var(--primary) 8%, transparent)',
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontWeight: 600,
  wrapperBorderRadius: 12,
});

/** For phones: half the cell padding and smaller headers, so a column's room goes to its figures. */
const denseGridTheme = gridTheme.withParams({ cellHorizontalPaddingScale: 0.5, headerFontSize: 13 });

export interface PageRequest {
  /** From 1. */
  page: number;
  pageSize: number;
  sortField?: string;
  sortDirection?: 'asc' | 'desc';
}

export interface PageResult<T> {
  rows: T[];
  total: number;
}

export interface ServerGridProps<T> {
  ariaLabel: string;
  columnDefs: ColDef<T>[];
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<PageResult<T>>;
  /** A change restarts the list at page 1 (new filters, for instance). */
  fetchKey: string;
  pageSize: number;
  pageSizes: readonly number[];
  /** From 1; where the grid opens. */
  initialPage?: number;
  rowId: (row: T) => string;
  refreshMs?: number;
  /** Grid height in CSS; pages larger than the grid scroll inside it. */
  height: string;
  onPageChange?: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  onSortChange?: (field: string, direction: 'asc' | 'desc') => void;
  onLoad?: (result: PageResult<T>) => void;
  onError?: (error: unknown) => void;
  /** False for lists the server ranks itself (leaders, IPO calendar). */
  sortable?: boolean;
  /** Lets the caller refresh the list or update a row in place. */
  apiRef?: { current: GridApi<T> | null };
  /** What the grid says when the list is empty; null when the caller shows its own empty state. */
  emptyText?: string | null;
  /** Narrower cells and headers (phones). */
  dense?: boolean;
}

const NO_ROWS_OVERLAY: OverlayType[] = ['noRows'];

/** Tab and Shift+Tab leave the grid for the browser's next or previous stop. */
const leaveGridOnTab = () => false;

export default function ServerGrid<T>(props: ServerGridProps<T>) {
  const {
    ariaLabel,
    columnDefs,
    fetchKey,
    pageSize,
    pageSizes,
    initialPage = 1,
    rowId,
    refreshMs,
    height,
    sortable = true,
    apiRef,
    emptyText = 'No rows to show',
    dense = false,
  } = props;
  const gridApi = useRef<GridApi<T> | null>(null);
  // Callbacks change on every render of the caller; the datasource reads the latest ones.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const inFlight = useRef(new Set<AbortController>());

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(params: IGetRowsParams) {
        const size = params.endRow - params.startRow;
        const sort = params.sortModel[0];
        const controller = new AbortController();
        inFlight.current.add(controller);
        latest.current
          .fetchPage(
            {
              page: Math.floor(params.startRow / size) + 1,
              pageSize: size,
              ...(sort ? { sortField: sort.colId, sortDirection: sort.sort } : {}),
            },
            controller.signal,
          )
          .then((result) => {
            params.successCallback(result.rows, result.total);
            latest.current.onLoad?.(result);
          })
          .catch((error: unknown) => {
            params.failCallback();
            if (!controller.signal.aborted) latest.current.onError?.(error);
          })
          .finally(() => inFlight.current.delete(controller));
      },
    }),
    // A new key is a new list: the grid drops its cache and starts at page 1.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetchKey],
  );

  // The grid gets its datasource when ready (see onGridReady); a new one (new fetch key) replaces it.
  const currentDatasource = useRef(datasource);
  useEffect(() => {
    if (datasource === currentDatasource.current) return;
    currentDatasource.current = datasource;
    gridApi.current?.setGridOption('datasource', datasource);
  }, [datasource]);

  useEffect(() => {
    const running = inFlight.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, [datasource]);

  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(() => gridApi.current?.refreshInfiniteCache(), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<T>) => {
      gridApi.current = event.api;
      if (apiRef) apiRef.current = event.api;
      event.api.setGridOption('datasource', currentDatasource.current);
      // A deep link opens on its page (the grid has asked for page 1 by then; that answer is kept).
      if (initialPage > 1) event.api.paginationGoToPage(initialPage - 1);
    },
    // Only the first page matters: later pages come from the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const onPaginationChanged = useCallback((event: PaginationChangedEvent<T>) => {
    if (event.newPageSize) {
      const size = event.api.paginationGetPageSize();
      // One block per page keeps every page a single request.
      event.api.setGridOption('cacheBlockSize', size);
      event.api.purgeInfiniteCache();
      latest.current.onPageSizeChange?.(size);
      return;
    }
    if (event.newPage) latest.current.onPageChange?.(event.api.paginationGetCurrentPage() + 1);
  }, []);

  const onSortChanged = useCallback((event: SortChangedEvent<T>) => {
    const sorted = event.api.getColumnState().find((c) => c.sort);
    if (sorted?.sort) latest.current.onSortChange?.(sorted.colId, sorted.sort);
  }, []);

  const getRowId = useCallback((params: GetRowIdParams<T>) => rowId(params.data), [rowId]);

  const overlayParams = useMemo(() => ({ noRows: { overlayText: emptyText ?? '' } }), [emptyText]);

  const onCellKeyDown = useCallback((event: CellKeyDownEvent<T> | FullWidthCellKeyDownEvent<T>) => {
    const key = event.event as KeyboardEvent | null;
    if (!key || (key.key !== 'Enter' && key.key !== ' ')) return;
    const cell = (key.target as HTMLElement | null)?.closest('.ag-cell');
    const control = cell?.querySelector<HTMLElement>('a[href], button:not([disabled])');
    if (!control) return;
    key.preventDefault();
    control.click();
  }, []);

  return (
    <div style={{ height }} aria-label={ariaLabel} role="region">
      <AgGridReact<T>
        theme={dense ? denseGridTheme : gridTheme}
        rowModelType="infinite"
        columnDefs={columnDefs}
        defaultColDef={{ sortable, resizable: true, sortingOrder: ['asc', 'desc'] }}
        pagination
        paginationPageSize={pageSize}
        paginationPageSizeSelector={[...pageSizes]}
        cacheBlockSize={pageSize}
        infiniteInitialRowCount={initialPage * pageSize}
        maxConcurrentDatasourceRequests={1}
        suppressMultiSort
        getRowId={getRowId}
        onGridReady={onGridReady}
        onPaginationChanged={onPaginationChanged}
        onSortChanged={onSortChanged}
        suppressDragLeaveHidesColumns
        enableCellTextSelection
        tabToNextCell={leaveGridOnTab}
        tabToNextHeader={leaveGridOnTab}
        onCellKeyDown={onCellKeyDown}
        overlayComponentParams={overlayParams}
        suppressOverlays={emptyText === null ? NO_ROWS_OVERLAY : undefined}
      />
    </div>
  );
}
