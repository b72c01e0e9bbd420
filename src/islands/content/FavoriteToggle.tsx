/**
 * The favorite heart on companies, news, video and webinar cards. Its state
 * lives in the page's favorites store, so every heart for the same item
 * (and the favorites lists) agrees at once. `initial` is what the page was
 * given (a screener row's flag) until the store has the user's list.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $favorites,
  favoriteKey,
  isFavorite,
  loadFavorites,
  toggleFavorite,
  type FavoriteKind,
} from '../../stores/favorites.ts';
import { useSession } from '../use-session.ts';

export function useFavorite(kind: FavoriteKind, id: string | number, initial = false) {
  const session = useSession();
  const state = useStore($favorites, { keys: [kind] })[kind];
  useEffect(() => {
    if (session) void loadFavorites(kind);
  }, [session, kind]);
  const favorite = session ? isFavorite(state, kind, id, initial) : false;
  const busy = state.pending.has(favoriteKey(kind, id));
  return { favorite, busy, toggle: () => void toggleFavorite(kind, id, favorite) };
}

export default function FavoriteToggle({
  kind,
  id,
  label,
  initial = false,
  size = 22,
}: {
  kind: FavoriteKind;
  id: string | number;
  label: string;
  initial?: boolean;
  size?: number;
}) {
  const { favorite, busy, toggle } = useFavorite(kind, id, initial);
  return (
    <button
      type="button"
      className={`favorite-heart ${favorite ? 'is-favorite' : ''}`}
      aria-pressed={favorite}
      // One name; aria-pressed says whether it is a favorite.
      aria-label={`Favorite “${label}”`}
      // Videos wait for the server (docs/product.md §14.3): their heart cannot be pressed again meanwhile.
      disabled={busy && kind === 'video'}
      onClick={toggle}
      data-testid="favorite-toggle"
    >
      <HeartIcon size={size} />
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
