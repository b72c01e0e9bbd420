/**
 * The screen being looked at, shared by the sector cards, the filter panel
 * and the grid. It starts as the default screen (what the server renders),
 * then `initScreen` restores the URL's screen or the cached one; every change
 * after that is written back to the URL and the cache.
 */
import { atom } from 'nanostores';
import { normaliseColumns, DEFAULT_COLUMNS } from '../lib/screener-columns.ts';
import {
  SCREEN_CACHE_KEY,
  defaultScreenState,
  hasScreenParams,
  resetScreen,
  screenFromCache,
  screenFromParams,
  screenToCache,
  screenToParams,
  type ScreenState,
  type SortDirection,
} from '../lib/screener-state.ts';
import type { SortField } from '../lib/screener.ts';

export const $screen = atom<ScreenState>(defaultScreenState());
/** False until the browser's screen is restored: nothing is fetched before. */
export const $screenReady = atom(false);

const COLUMNS_CACHE_KEY = 'screenerColumns';
export const $columns = atom<string[]>([...DEFAULT_COLUMNS]);

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the screen still works, it is just not remembered.
  }
}

function persist(state: ScreenState): void {
  writeStorage(SCREEN_CACHE_KEY, screenToCache(state));
  const query = screenToParams(state).toString();
  const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
}

/** Restores the screen from the URL (a shared link wins) or the cache; safe to call more than once. */
export function initScreen(): void {
  if ($screenReady.get()) return;
  const params = new URLSearchParams(location.search);
  const cached = screenFromCache(readStorage(SCREEN_CACHE_KEY));
  const state = hasScreenParams(params) ? screenFromParams(params) : cached;
  // A link sets the values; the filters this browser keeps in its panel stay there.
  state.active = [...new Set([...cached.active, ...state.active])];
  $screen.set(state);
  const cachedColumns = readStorage(COLUMNS_CACHE_KEY);
  if (cachedColumns) {
    try {
      const parsed: unknown = JSON.parse(cachedColumns);
      if (Array.isArray(parsed)) $columns.set(normaliseColumns(parsed.filter((c) => typeof c === 'string')));
    } catch {
      // An unreadable entry falls back to the default columns.
    }
  }
  $screenReady.set(true);
  persist(state);
  $screen.listen(persist);
  $columns.listen((columns) => writeStorage(COLUMNS_CACHE_KEY, JSON.stringify(columns)));
}

/** Any change to what is screened goes back to the first page. */
function update(change: (state: ScreenState) => Partial<ScreenState>): void {
  const state = $screen.get();
  $screen.set({ ...state, page: 1, ...change(state) });
}

export function setFilterValue(name: string, value: string): void {
  update((s) => {
    const values = { ...s.values };
    if (value) values[name] = value;
    else delete values[name];
    return { values, active: s.active.includes(name) ? s.active : [...s.active, name] };
  });
}

/** A new filter without a value changes nothing listed, so the page stays. */
export function activateFilter(name: string): void {
  const s = $screen.get();
  if (!s.active.includes(name)) $screen.set({ ...s, active: [...s.active, name] });
}

/** Removing a chip deactivates the filter and clears its value. */
export function removeFilter(name: string): void {
  update((s) => {
    const values = { ...s.values };
    delete values[name];
    return { values, active: s.active.filter((n) => n !== name) };
  });
}

export function resetFilters(): void {
  $screen.set(resetScreen($screen.get()));
}

/** Selecting the selected card again clears it. */
export function selectSector(sector: string | null): void {
  update((s) => (s.sector === sector ? { sector: null, industry: null } : { sector, industry: null }));
}

export function selectIndustry(sector: string, industry: string | null): void {
  update(() => ({ sector, industry }));
}

export function setSort(sortField: SortField, sortDirection: SortDirection): void {
  const s = $screen.get();
  if (s.sortField !== sortField || s.sortDirection !== sortDirection) update(() => ({ sortField, sortDirection }));
}

export function setPage(page: number): void {
  const s = $screen.get();
  if (s.page !== page) $screen.set({ ...s, page });
}

export function setPageSize(pageSize: number): void {
  if ($screen.get().pageSize !== pageSize) update(() => ({ pageSize }));
}

export function setColumns(fields: string[]): void {
  $columns.set(normaliseColumns(fields));
}

/** Keeps columns for the screener's next opening in this browser (a saved screen opened from another page). */
export function rememberColumns(fields: readonly string[]): void {
  writeStorage(COLUMNS_CACHE_KEY, JSON.stringify(normaliseColumns(fields)));
}
