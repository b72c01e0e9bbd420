/**
 * The notification centre: the bell with its unread count, and the panel
 * listing the reader's notifications newest first. Loaded only for
 * signed-in readers (see AccountMenu.tsx). It looks for new
 * notifications every NOTIFICATIONS_POLL_MS while the tab is visible, and
 * whenever the panel opens.
 */
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { formatRelativeTime } from '../../lib/time-format.ts';
import type { NotificationRecord } from '../../lib/console-records.ts';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_POLL_MS } from '../../lib/console.ts';
import { clearSession } from '../../stores/session.ts';
import { api, BACKGROUND, isHttpError } from '../api-client.ts';

const TEXTS = {
  title: 'Notifications',
  loading: 'Loading notifications…',
  empty: 'No notifications yet',
  loadFailed: 'Failed to load notifications.',
  markFailed: 'Failed to mark notifications as read.',
  retry: 'Retry',
  markAll: 'Mark all read',
  loadMore: 'Load more',
} as const;

interface NotificationPage {
  data: NotificationRecord[];
  unread: number;
}

interface List {
  items: NotificationRecord[];
  /** Whether older notifications than the last shown may exist. */
  hasMore: boolean;
}

const options = { context: BACKGROUND };

function fetchPage(before?: number): Promise<NotificationPage> {
  const searchParams = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (before !== undefined) searchParams.set('before', String(before));
  return api.get('notifications', { ...options, searchParams }).json<NotificationPage>();
}

/** The newest page merged into what is shown, so a poll never drops the older pages the reader loaded. */
function withNewest(list: List, page: NotificationRecord[]): List {
  const full = page.length === NOTIFICATIONS_PAGE_SIZE;
  const oldestFresh = page.at(-1)?.id ?? 0;
  const newestShown = list.items[0]?.id ?? 0;
  // A full page entirely newer than what is shown may leave a gap before it: start over from the newest.
  if (list.items.length === 0 || (full && oldestFresh > newestShown)) return { items: page, hasMore: full };
  const byId = new Map(list.items.map((n) => [n.id, n]));
  for (const n of page) byId.set(n.id, n);
  return { items: [...byId.values()].sort((a, b) => b.id - a.id), hasMore: list.hasMore };
}

/** Links come from the server; only a path on this site is followed. */
const sitePath = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : '/');

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export default function NotificationCentre() {
  const [list, setList] = useState<List>({ items: [], hasMore: false });
  const [unread, setUnread] = useState(0);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');
  const [markError, setMarkError] = useState(false);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusAfterLoad = useRef<number | null>(null);
  // Bumped by every change the reader makes: an answer to a request sent before it is out of date.
  const changes = useRef(0);

  const failed = (error: unknown) => {
    // The session ended (signed out elsewhere, or expired): the page stays, the bell goes.
    if (isHttpError(error) && error.response.status === 401) clearSession();
  };

  const refresh = useCallback(async () => {
    const changesBefore = changes.current;
    try {
      const page = await fetchPage();
      if (changes.current !== changesBefore) return;
      setUnread(page.unread);
      setList((current) => withNewest(current, page.data));
      setStatus('ready');
    } catch (error) {
      failed(error);
      // Notifications already shown stay shown; the next poll tries again.
      setStatus((current) => (current === 'ready' ? current : 'error'));
    }
  }, []);

  useEffect(() => {
    let timer: number | undefined;
    let lastPoll = 0;
    const poll = () => {
      window.clearTimeout(timer);
      lastPoll = Date.now();
      void refresh();
      timer = window.setTimeout(poll, NOTIFICATIONS_POLL_MS);
    };
    const onVisibility = () => {
      window.clearTimeout(timer);
      if (document.visibilityState !== 'visible') return;
      // Back on the tab: catch up at once when a poll is overdue, else keep the rhythm.
      const wait = lastPoll + NOTIFICATIONS_POLL_MS - Date.now();
      if (wait <= 0) poll();
      else timer = window.setTimeout(poll, wait);
    };
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    panelRef.current?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  useEffect(() => {
    if (focusAfterLoad.current === null) return;
    panelRef.current?.querySelector<HTMLElement>(`[data-notification-id="${focusAfterLoad.current}"]`)?.focus();
    focusAfterLoad.current = null;
  }, [list]);

  const toggle = () => {
    if (open) return close(false);
    setMarkError(false);
    if (status === 'error') setStatus('loading');
    setOpen(true);
    void refresh();
  };

  const retry = () => {
    setStatus('loading');
    // The retry button goes away while loading: keep the keyboard in the panel.
    panelRef.current?.focus();
    void refresh();
  };

  const loadMore = async () => {
    const oldest = list.items.at(-1);
    if (!oldest) return;
    setMore('loading');
    try {
      const page = await fetchPage(oldest.id);
      setUnread(page.unread);
      // Keyboard users carry on from the first notification that arrived.
      focusAfterLoad.current = page.data[0]?.id ?? null;
      setList((current) => ({
        items: [...current.items, ...page.data.filter((n) => n.id < oldest.id)],
        hasMore: page.data.length === NOTIFICATIONS_PAGE_SIZE,
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

  const markAllRead = async () => {
    changes.current++;
    setMarkError(false);
    try {
      await api.post('notifications/read-all', options);
      setUnread(0);
      markShownRead();
      // The button is disabled now that nothing is unread: keep the keyboard in the panel.
      panelRef.current?.focus();
    } catch (error) {
      failed(error);
      setMarkError(true);
    }
  };

  const follow = async (event: MouseEvent<HTMLAnchorElement>, notification: NotificationRecord) => {
    if (notification.read) return;
    // A new tab or window leaves this page where it is: mark it read without holding the link back.
    const elsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!elsewhere) event.preventDefault();
    changes.current++;
    try {
      await api.post(`notifications/${notification.id}/read`, options);
      setUnread((n) => Math.max(0, n - 1));
      markShownRead(notification.id);
    } catch (error) {
      // The reader still goes where they asked; the notification stays unread.
      failed(error);
    }
    if (!elsewhere) location.assign(sitePath(notification.link));
  };

  const label = unread > 0 ? `${TEXTS.title}, ${unread} unread` : TEXTS.title;
  const message = 'px-4 py-6 text-center text-sm';

  return (
    <div
      ref={wrapperRef}
      // On phones the panel spans the top bar (the nearest positioned box); from sm up it hangs under the bell.
      className="sm:relative"
      onBlur={(event) => {
        // Tabbing past the panel's last control closes it; a click on its blank space (no new focus) does not.
        const next = event.relatedTarget as Node | null;
        if (open && next && !wrapperRef.current?.contains(next)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-button relative"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 h-5 min-w-5 rounded-full bg-primary-fill px-1 text-center text-[0.6875rem] font-bold leading-5 text-on-primary"
            data-testid="notification-count"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="absolute inset-x-2 top-[calc(100%+0.5rem)] z-50 flex max-h-[calc(100dvh-11rem)] flex-col rounded-lg border border-line bg-surface shadow-[0_10px_30px_rgb(0_0_0/0.25)] outline-none sm:left-auto sm:right-0 sm:max-h-[min(34rem,calc(100dvh-6rem))] sm:w-96"
          data-testid="notification-panel"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <h2 id={headingId} className="text-base font-semibold">
              {TEXTS.title}
            </h2>
            <button
              type="button"
              className="rounded text-sm font-medium text-primary hover:underline disabled:cursor-default disabled:text-muted disabled:no-underline"
              onClick={markAllRead}
              disabled={unread === 0}
            >
              {TEXTS.markAll}
            </button>
          </div>
          {markError && (
            <p role="alert" className="border-b border-line px-4 py-2 text-sm text-down">
              {TEXTS.markFailed}
            </p>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {list.items.length > 0 ? (
              <>
                <ul className="divide-y divide-line">
                  {list.items.map((n) => (
                    <li key={n.id}>
                      <a
                        href={sitePath(n.link)}
                        onClick={(event) => void follow(event, n)}
                        className={`flex gap-3 px-4 py-3 hover:bg-surface-2 ${n.read ? '' : 'bg-primary/5'}`}
                        // Inside the scrolling list an outer focus ring would be cut off at its edges.
                        style={{ outlineOffset: '-3px' }}
                        data-notification-id={n.id}
                        data-unread={n.read ? undefined : ''}
                      >
                        <span
                          aria-hidden="true"
                          className={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? '' : 'bg-primary-fill'}`}
                        />
                        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                          {!n.read && <span className="sr-only">Unread: </span>}
                          <span className={`break-words text-sm ${n.read ? 'text-muted' : 'font-semibold'}`}>
                            {n.message}
                          </span>
                          <time dateTime={n.createdAt} className="text-xs text-muted">
                            {formatRelativeTime(new Date(n.createdAt))}
                          </time>
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
                {(list.hasMore || more === 'error') && (
                  <div className="flex flex-col items-center gap-2 border-t border-line p-3">
                    {more === 'error' && (
                      <p role="alert" className="text-sm text-down">
                        {TEXTS.loadFailed}
                      </p>
                    )}
                    <button
                      type="button"
                      className="btn-secondary py-1.5 text-sm"
                      onClick={loadMore}
                      disabled={more === 'loading'}
                      aria-busy={more === 'loading'}
                    >
                      {more === 'error' ? TEXTS.retry : TEXTS.loadMore}
                    </button>
                  </div>
                )}
              </>
            ) : status === 'loading' ? (
              <p role="status" className={`${message} text-muted`}>
                {TEXTS.loading}
              </p>
            ) : status === 'error' ? (
              <div role="alert" className={`${message} flex flex-col items-center gap-3`}>
                <p className="text-down">{TEXTS.loadFailed}</p>
                <button type="button" className="btn-secondary py-1.5 text-sm" onClick={retry}>
                  {TEXTS.retry}
                </button>
              </div>
            ) : (
              <p className={`${message} text-muted`}>{TEXTS.empty}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
