/**
 * One list of the bell's panel (docs/product.md §15.6, §15.7): the reader's
 * announcements (/api/notifications) or alerts (/api/alerts), newest first,
 * with the unread count, older pages, and marking read. Both answer
 * `{data, unread}` pages, `POST {id}/read` and `POST read-all`.
 */
import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { clearSession } from '../../stores/session.ts';
import { api, BACKGROUND, isHttpError } from '../api-client.ts';

export interface FeedItem {
  id: number;
  link: string;
  createdAt: string;
  read: boolean;
}

interface FeedPage<T> {
  data: T[];
  unread: number;
}

interface List<T> {
  items: T[];
  /** Whether older items than the last shown may exist. */
  hasMore: boolean;
}

const options = { context: BACKGROUND };

/** The newest page merged into what is shown, so a poll never drops the older pages the reader loaded. */
function withNewest<T extends FeedItem>(list: List<T>, page: T[], pageSize: number): List<T> {
  const full = page.length === pageSize;
  const oldestFresh = page.at(-1)?.id ?? 0;
  const newestShown = list.items[0]?.id ?? 0;
  // A full page entirely newer than what is shown may leave a gap before it: start over from the newest.
  if (list.items.length === 0 || (full && oldestFresh > newestShown)) return { items: page, hasMore: full };
  const byId = new Map(list.items.map((n) => [n.id, n]));
  for (const n of page) byId.set(n.id, n);
  return { items: [...byId.values()].sort((a, b) => b.id - a.id), hasMore: list.hasMore };
}

/** Links come from the server; only a path on this site is followed (and, with `external`, an https address). */
export function safeLink(link: string, { external = false } = {}): string {
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  if (external && /^https:\/\/[^/]/.test(link)) return link;
  return '/';
}

const failed = (error: unknown) => {
  // The session ended (signed out elsewhere, or expired): the page stays, the bell goes.
  if (isHttpError(error) && error.response.status === 401) clearSession();
};

export function useFeed<T extends FeedItem>(path: string, pageSize: number, { external = false } = {}) {
  const [list, setList] = useState<List<T>>({ items: [], hasMore: false });
  const [unread, setUnread] = useState(0);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');
  const [markError, setMarkError] = useState(false);
  // The first item of an older page, for the keyboard to carry on from once (then cleared by `focused`).
  const [arrived, setArrived] = useState<number | null>(null);
  const focused = useCallback(() => setArrived(null), []);
  // Bumped by every change the reader makes: an answer to a request sent before it is out of date.
  const changes = useRef(0);

  const fetchPage = useCallback(
    (before?: number) => {
      const searchParams = new URLSearchParams({ limit: String(pageSize) });
      if (before !== undefined) searchParams.set('before', String(before));
      return api.get(path, { ...options, searchParams }).json<FeedPage<T>>();
    },
    [path, pageSize],
  );

  const refresh = useCallback(async () => {
    const changesBefore = changes.current;
    try {
      const page = await fetchPage();
      if (changes.current !== changesBefore) return;
      setUnread(page.unread);
      setList((current) => withNewest(current, page.data, pageSize));
      setStatus('ready');
    } catch (error) {
      failed(error);
      // What is already shown stays shown; the next poll tries again.
      setStatus((current) => (current === 'ready' ? current : 'error'));
    }
  }, [fetchPage, pageSize]);

  /** The panel opens: a list that failed shows it is loading again. */
  const opening = useCallback(() => {
    setMarkError(false);
    setStatus((current) => (current === 'error' ? 'loading' : current));
  }, []);

  const retry = () => {
    setStatus('loading');
    void refresh();
  };

  const loadMore = async () => {
    const oldest = list.items.at(-1);
    if (!oldest) return;
    setMore('loading');
    try {
      const page = await fetchPage(oldest.id);
      setUnread(page.unread);
      setArrived(page.data[0]?.id ?? null);
      setList((current) => ({
        items: [...current.items, ...page.data.filter((n) => n.id < oldest.id)],
        hasMore: page.data.length === pageSize,
      }));
      setMore('idle');
    } catch (error) {
      failed(error);
      setMore('error');
    }
  };

  const markShownRead = (id?: number) => {
    setList((current) => ({
      ...current,
      items: current.items.map((n) => (id === undefined || n.id === id ? { ...n, read: true } : n)),
    }));
  };

  /** Resolves whether it worked. */
  const markAllRead = async (): Promise<boolean> => {
    changes.current++;
    setMarkError(false);
    try {
      await api.post(`${path}/read-all`, options);
      setUnread(0);
      markShownRead();
      return true;
    } catch (error) {
      failed(error);
      setMarkError(true);
      return false;
    }
  };

  const follow = async (event: MouseEvent<HTMLAnchorElement>, item: T) => {
    if (item.read) return;
    // A new tab or window leaves this page where it is: mark it read without holding the link back.
    const elsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!elsewhere) event.preventDefault();
    changes.current++;
    try {
      await api.post(`${path}/${item.id}/read`, options);
      setUnread((n) => Math.max(0, n - 1));
      markShownRead(item.id);
    } catch (error) {
      // The reader still goes where they asked; the item stays unread.
      failed(error);
    }
    if (!elsewhere) location.assign(safeLink(item.link, { external }));
  };

  return {
    list,
    unread,
    status,
    more,
    markError,
    arrived,
    focused,
    refresh,
    opening,
    retry,
    loadMore,
    markAllRead,
    follow,
  };
}

export type Feed<T extends FeedItem> = ReturnType<typeof useFeed<T>>;
