/**
 * The signed-in reader's saved screens (docs/product.md §7.8), one store for
 * the screener's "My screens" and the favorites' Screens tab: read once a
 * page, then kept in step with every save, rename and delete.
 */
import { map } from 'nanostores';
import { ALERT_MESSAGES } from '../lib/alerts.ts';
import type { SavedScreen } from '../lib/saved-screens.ts';
import { screenToParams } from '../lib/screener-state.ts';
import { $columns, $screen } from './screener.ts';

export interface SavedScreensState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Each with `alert`, whether it alerts on companies newly entering it (absent: off). */
  items: (SavedScreen & { alert?: boolean })[];
}

export const $savedScreens = map<SavedScreensState>({ status: 'idle', items: [] });

const client = () => import('../islands/api-client.ts');

/** Reads the list (again, with `fresh`); a failed read keeps a list already on screen. */
export async function loadSavedScreens({ fresh = false } = {}): Promise<void> {
  const { status } = $savedScreens.get();
  if (!fresh && (status === 'loading' || status === 'ready')) return;
  if (status !== 'ready') $savedScreens.setKey('status', 'loading');
  try {
    const { api } = await client();
    const body = await api.get('screens').json<{ data: SavedScreen[] }>();
    $savedScreens.set({ status: 'ready', items: body.data });
  } catch {
    if ($savedScreens.get().status !== 'ready') $savedScreens.setKey('status', 'error');
  }
}

/** What a failed call says: the server's message when it gave one. */
async function failure(error: unknown, fallback: string): Promise<Error> {
  const { serverMessage } = await client();
  return new Error(serverMessage(error) ?? fallback);
}

/** Saves the screener's current screen under a name; rejects with what to tell the reader. */
export async function saveCurrentScreen(name: string, fallback: string): Promise<SavedScreen> {
  const { api } = await client();
  try {
    const body = await api
      .post('screens', {
        json: { name, query: screenToParams($screen.get()).toString(), columns: $columns.get() },
      })
      .json<{ data: SavedScreen }>();
    $savedScreens.set({ status: 'ready', items: [body.data, ...$savedScreens.get().items] });
    return body.data;
  } catch (error) {
    throw await failure(error, fallback);
  }
}

export async function renameSavedScreen(id: number, name: string, fallback: string): Promise<SavedScreen> {
  const { api } = await client();
  try {
    const body = await api.patch(`screens/${id}`, { json: { name } }).json<{ data: SavedScreen }>();
    $savedScreens.setKey(
      'items',
      $savedScreens.get().items.map((screen) => (screen.id === id ? body.data : screen)),
    );
    return body.data;
  } catch (error) {
    throw await failure(error, fallback);
  }
}

export async function deleteSavedScreen(id: number, fallback: string): Promise<void> {
  const { api, isHttpError } = await client();
  try {
    await api.delete(`screens/${id}`);
  } catch (error) {
    // Already gone is what the reader wanted.
    if (!(isHttpError(error) && error.response.status === 404)) throw await failure(error, fallback);
  }
  $savedScreens.setKey(
    'items',
    $savedScreens.get().items.filter((screen) => screen.id !== id),
  );
}

/**
 * Whether a screen alerts on companies newly entering it (docs/product.md §15.7); answers the
 * switch as saved and what changed, in the server's words or the site's. The lists follow the
 * server's answer; a failure throws an Error with the text to show.
 */
export async function setScreenAlert(
  screen: Pick<SavedScreen, 'id' | 'name'>,
  alert: boolean,
  fallback: string,
): Promise<{ alert: boolean; message: string }> {
  const { id } = screen;
  const { api } = await client();
  try {
    const body = await api
      .put(`screens/${id}/alert`, { json: { alert } })
      .json<{ data: SavedScreen & { alert?: boolean }; message?: string }>();
    const saved = body.data.alert ?? alert;
    $savedScreens.setKey(
      'items',
      $savedScreens
        .get()
        .items.map((screen) => (screen.id === id ? { ...screen, ...body.data, alert: saved } : screen)),
    );
    return {
      alert: saved,
      message: body.message ?? (saved ? ALERT_MESSAGES.screenOn : ALERT_MESSAGES.screenOff)(screen.name),
    };
  } catch (error) {
    throw await failure(error, fallback);
  }
}
