/**
 * The signed-in user's favorites, one store for every island on the page:
 * a heart toggled on a screener row, a company header, a news, video or
 * event card, or a favorites list shows the same state everywhere at once.
 * Each kind's list is read once per page, the first time an island needs
 * it (a favorites list holds the items it shows in its own read, and reads
 * them afresh). Toggles flip at once and flip back if the call fails, except
 * videos, which wait for the server (docs/product.md §14.3).
 */
import { map } from 'nanostores';
import { saveOptimistically } from './optimistic.ts';
import { $session } from './session.ts';
import { showSnackbar } from './snackbar.ts';

export type FavoriteKind = 'company' | 'news' | 'video' | 'event';
export type FavoriteId = string | number;

/** An item as the list call answers it. */
type FavoriteItem = Record<string, unknown>;

export interface KindFavorites {
  /** Whether the list has come. */
  status: 'idle' | 'ready';
  /** The ids marked, as strings (a symbol, or a number written out). */
  ids: ReadonlySet<string>;
  /** Ids with a call in flight. */
  pending: ReadonlySet<string>;
}

const EMPTY: KindFavorites = { status: 'idle', ids: new Set(), pending: new Set() };

export const $favorites = map<Record<FavoriteKind, KindFavorites>>({
  company: EMPTY,
  news: EMPTY,
  video: EMPTY,
  event: EMPTY,
});

/** The API's favorites calls per kind: the list path, its envelope, the PATCH body field and the item id. */
export const FAVORITE_CALLS: Record<
  FavoriteKind,
  { path: string; envelope: 'data' | 'news'; field: string; idOf: (item: FavoriteItem) => string }
> = {
  company: { path: 'stock/favorites', envelope: 'data', field: 'symbol', idOf: (item) => String(item.symbol) },
  news: { path: 'news/favorites', envelope: 'news', field: 'newsId', idOf: (item) => String(item.id) },
  video: { path: 'videos/favorites', envelope: 'data', field: 'videoId', idOf: (item) => String(item.id) },
  event: { path: 'events/favorites', envelope: 'data', field: 'eventId', idOf: (item) => String(item.id) },
};

/** The store's key of an item: symbols in upper case, numbers written out. */
export const favoriteKey = (kind: FavoriteKind, id: FavoriteId) =>
  kind === 'company' ? String(id).toUpperCase() : String(id);

/**
 * Toggles the server has answered, in order: a list read that started before
 * one of them ended is older than it, and the toggle wins over the list.
 */
let clock = 0;
const settled: Record<FavoriteKind, Map<string, number>> = {
  company: new Map(),
  news: new Map(),
  video: new Map(),
  event: new Map(),
};

/** Videos wait for the server; the others flip at once (docs/product.md §14.3). */
const optimistic = (kind: FavoriteKind) => kind !== 'video';

const update = (kind: FavoriteKind, change: (state: KindFavorites) => Partial<KindFavorites>) => {
  const state = $favorites.get()[kind];
  $favorites.setKey(kind, { ...state, ...change(state) });
};

const withKey = (set: ReadonlySet<string>, key: string, present: boolean) => {
  const next = new Set(set);
  if (present) next.add(key);
  else next.delete(key);
  return next;
};

const setPending = (kind: FavoriteKind, key: string, waiting: boolean) =>
  update(kind, (state) => ({ pending: withKey(state.pending, key, waiting) }));

// The HTTP client loads on demand: guests reading a page never download it.
const client = () => import('../islands/api-client.ts');

const loads = new Map<FavoriteKind, Promise<readonly FavoriteItem[]>>();

/**
 * Reads a kind's favorites once per page (nothing for guests); `fresh`
 * reads them again (the favorite companies' prices move). Answers the items
 * as the list call gave them; a failed read is tried again the next time.
 */
export function loadFavorites(kind: FavoriteKind, { fresh = false } = {}): Promise<readonly FavoriteItem[]> {
  if (!$session.get()) return Promise.resolve([]);
  let pending = fresh ? undefined : loads.get(kind);
  if (!pending) {
    const call = FAVORITE_CALLS[kind];
    const startedAt = ++clock;
    pending = client()
      .then(({ api }) => api.get(call.path).json<Record<string, FavoriteItem[] | undefined>>())
      .then((body) => {
        const items = body[call.envelope] ?? [];
        update(kind, (state) => {
          const ids = new Set(items.map(call.idOf));
          // Toggles made while the list was on its way win over it: those still waiting, and those answered since.
          const newer = [...settled[kind]].filter(([, at]) => at > startedAt).map(([key]) => key);
          for (const key of [...state.pending, ...newer]) {
            if (state.ids.has(key)) ids.add(key);
            else ids.delete(key);
          }
          return { status: 'ready', ids };
        });
        return items;
      });
    // Handled here: the hearts, which only want the store filled, leave a failure to the favorites list.
    pending.catch(() => loads.delete(kind));
    loads.set(kind, pending);
  }
  return pending;
}

/** Whether an item is a favorite: the store's answer once it has the list, else what the page was given. */
export function isFavorite(state: KindFavorites, kind: FavoriteKind, id: FavoriteId, fallback = false): boolean {
  const key = favoriteKey(kind, id);
  return state.status === 'ready' || state.pending.has(key) || state.ids.has(key) ? state.ids.has(key) : fallback;
}

/** Flips an item in or out of the favorites; guests are asked to log in. */
export async function toggleFavorite(kind: FavoriteKind, id: FavoriteId, current: boolean): Promise<void> {
  if (!$session.get()) {
    showSnackbar(kind === 'company' ? 'Log in to keep favorite companies.' : 'Log in to keep favorites.', 'info', {
      label: 'Log in',
      href: '/login',
    });
    return;
  }
  const key = favoriteKey(kind, id);
  if ($favorites.get()[kind].pending.has(key)) return;
  const call = FAVORITE_CALLS[kind];
  setPending(kind, key, true);
  try {
    await saveOptimistically({
      show: (marked: boolean) => update(kind, (state) => ({ ids: withKey(state.ids, key, marked) })),
      before: current,
      after: optimistic(kind) ? !current : undefined,
      save: () =>
        client().then(({ api }) =>
          api.patch(call.path, { json: { [call.field]: id } }).json<{ data: { isFavorite: boolean } }>(),
        ),
      saved: (body) => body.data.isFavorite,
    });
  } catch (error) {
    const { serverMessage } = await client();
    showSnackbar(serverMessage(error) ?? 'Could not update your favorites. Please try again.', 'error');
  } finally {
    setPending(kind, key, false);
    settled[kind].set(key, ++clock);
  }
}

/** A signed-out page forgets the previous user's favorites. */
$session.listen((session) => {
  if (session) return;
  loads.clear();
  for (const answered of Object.values(settled)) answered.clear();
  for (const kind of Object.keys(FAVORITE_CALLS) as FavoriteKind[]) $favorites.setKey(kind, EMPTY);
});
