/**
 * The heart on news, video and webinar cards. News and webinars flip at once
 * and flip back if the call fails; videos flip only after the call succeeds
 * (001 §4). Guests
 * are asked to log in. The signed-in user's favorites are read once per page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $session } from '../../stores/session.ts';
import { showSnackbar } from '../../stores/snackbar.ts';

type Kind = 'news' | 'video' | 'event';

const LIST_PATH: Record<Kind, string> = {
  news: 'news/favorites',
  video: 'videos/favorites',
  event: 'events/favorites',
};
const BODY: Record<Kind, (id: number) => Record<string, number>> = {
  news: (id) => ({ newsId: id }),
  video: (id) => ({ videoId: id }),
  event: (id) => ({ eventId: id }),
};
/** Videos wait for the server; the others flip at once. */
const optimistic = (kind: Kind) => kind !== 'video';
const cache = new Map<Kind, Promise<Set<number>>>();

/** The ids the user has marked, fetched once per page and kind. */
function favoriteIds(kind: Kind): Promise<Set<number>> {
  let pending = cache.get(kind);
  if (!pending) {
    pending = import('../api-client.ts')
      .then(({ api }) => api.get(LIST_PATH[kind]).json<{ news?: { id: number }[]; data?: { id: number }[] }>())
      .then((body) => new Set((body.news ?? body.data ?? []).map((item) => item.id)))
      .catch(() => new Set<number>());
    cache.set(kind, pending);
  }
  return pending;
}

export default function FavoriteToggle({ kind, id, label }: { kind: Kind; id: number; label: string }) {
  const session = useStore($session);
  const [favorite, setFavorite] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!session) return;
    let live = true;
    void favoriteIds(kind).then((ids) => {
      if (live) setFavorite(ids.has(id));
    });
    return () => {
      live = false;
    };
  }, [session, kind, id]);

  const toggle = async () => {
    if (!session) {
      showSnackbar('Log in to keep favorites.', 'info', { label: 'Log in', href: '/login' });
      return;
    }
    const wanted = !favorite;
    if (optimistic(kind)) setFavorite(wanted);
    setBusy(true);
    // The HTTP client loads on demand: guests reading the page never download it.
    const { api, serverMessage } = await import('../api-client.ts');
    try {
      const body = await api.patch(LIST_PATH[kind], { json: BODY[kind](id) }).json<{ data: { isFavorite: boolean } }>();
      setFavorite(body.data.isFavorite);
    } catch (error) {
      if (optimistic(kind)) setFavorite(!wanted);
      showSnackbar(serverMessage(error) ?? 'Could not update your favorites. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`favorite-heart ${favorite ? 'is-favorite' : ''}`}
      aria-pressed={favorite}
      aria-label={`${favorite ? 'Remove' : 'Add'} “${label}” ${favorite ? 'from' : 'to'} favorites`}
      disabled={busy && !optimistic(kind)}
      onClick={() => void toggle()}
      data-testid="favorite-toggle"
    >
      <HeartIcon size={22} />
    </button>
  );
}

/**
 * The favorite heart (filled or outlined by the `.favorite-heart` styles). It lives
 * here so article pages load it with the toggle rather than as a chunk of its own.
 */
export function HeartIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.5 5c2 0 3.5 1.1 5.5 3 2-1.9 3.5-3 5.5-3C21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21z" />
    </svg>
  );
}
