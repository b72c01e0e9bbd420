/**
 * The notification centre: the bell with its unread count, and the panel
 * with two tabs, the reader's alerts (docs/product.md §15.7) and the
 * announcements (§15.6), each newest first; the count is both lists'
 * unread together. Loaded only for signed-in readers (see AccountMenu.tsx).
 * It looks for new ones every NOTIFICATIONS_POLL_MS while the tab is
 * visible, and whenever the panel opens.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ALERT_TEXT, ALERTS_PAGE_SIZE, type Alert } from '../../lib/alerts.ts';
import type { NotificationRecord } from '../../lib/console-records.ts';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_POLL_MS } from '../../lib/console.ts';
import { formatRelativeTime } from '../../lib/time-format.ts';
import BellIcon from '../BellIcon.tsx';
import { safeLink, useFeed, type Feed, type FeedItem } from './feed.ts';

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

type Tab = 'alerts' | 'announcements';
const TABS: readonly Tab[] = ['alerts', 'announcements'];
const TAB_LABELS: Record<Tab, string> = {
  alerts: ALERT_TEXT.bellAlerts,
  announcements: ALERT_TEXT.bellAnnouncements,
};
/** Each list's own words for its states. */
const STATE_TEXTS: Record<Tab, { loading: string; empty: string; loadFailed: string }> = {
  alerts: { loading: ALERT_TEXT.bellLoading, empty: ALERT_TEXT.bellNone, loadFailed: ALERT_TEXT.bellLoadFailed },
  announcements: TEXTS,
};

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** One tab's list: its items, older pages, and its loading, error and empty states. */
function FeedList<T extends FeedItem>({
  feed,
  tab,
  panelRef,
  render,
  href,
}: {
  feed: Feed<T>;
  tab: Tab;
  panelRef: React.RefObject<HTMLDivElement | null>;
  render: (item: T) => ReactNode;
  href: (item: T) => string;
}) {
  const texts = STATE_TEXTS[tab];
  const idAttribute = tab === 'alerts' ? 'data-alert-id' : 'data-notification-id';
  const { arrived, focused } = feed;

  useEffect(() => {
    // Keyboard users carry on from the first item of an older page, once: a later tab switch leaves the focus alone.
    if (arrived === null) return;
    panelRef.current?.querySelector<HTMLElement>(`[${idAttribute}="${arrived}"]`)?.focus();
    focused();
  }, [arrived, focused, idAttribute, panelRef]);

  const message = 'px-4 py-6 text-center text-sm';
  if (feed.list.items.length > 0) {
    return (
      <>
        <ul className="divide-y divide-line">
          {feed.list.items.map((item) => (
            <li key={item.id}>
              <a
                href={href(item)}
                onClick={(event) => void feed.follow(event, item)}
                className={`flex gap-3 px-4 py-3 hover:bg-surface-2 ${item.read ? '' : 'bg-primary/5'}`}
                // Inside the scrolling list an outer focus ring would be cut off at its edges.
                style={{ outlineOffset: '-3px' }}
                {...{ [idAttribute]: item.id }}
                data-unread={item.read ? undefined : ''}
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? '' : 'bg-primary-fill'}`}
                />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  {!item.read && <span className="sr-only">Unread: </span>}
                  {render(item)}
                  <time dateTime={item.createdAt} className="text-xs text-muted">
                    {formatRelativeTime(new Date(item.createdAt))}
                  </time>
                </span>
              </a>
            </li>
          ))}
        </ul>
        {(feed.list.hasMore || feed.more === 'error') && (
          <div className="flex flex-col items-center gap-2 border-t border-line p-3">
            {feed.more === 'error' && (
              <p role="alert" className="text-sm text-down">
                {texts.loadFailed}
              </p>
            )}
            <button
              type="button"
              className="btn-secondary py-1.5 text-sm"
              onClick={() => void feed.loadMore()}
              disabled={feed.more === 'loading'}
              aria-busy={feed.more === 'loading'}
            >
              {feed.more === 'error' ? TEXTS.retry : TEXTS.loadMore}
            </button>
          </div>
        )}
      </>
    );
  }
  if (feed.status === 'loading') {
    return (
      <p role="status" className={`${message} text-muted`}>
        {texts.loading}
      </p>
    );
  }
  if (feed.status === 'error') {
    return (
      <div role="alert" className={`${message} flex flex-col items-center gap-3`}>
        <p className="text-down">{texts.loadFailed}</p>
        <button
          type="button"
          className="btn-secondary py-1.5 text-sm"
          onClick={() => {
            // The retry button goes away while loading: keep the keyboard in the panel.
            panelRef.current?.focus();
            feed.retry();
          }}
        >
          {TEXTS.retry}
        </button>
      </div>
    );
  }
  return <p className={`${message} text-muted`}>{texts.empty}</p>;
}

const alertHref = (alert: Alert) => safeLink(alert.link, { external: true });
const announcementHref = (n: NotificationRecord) => safeLink(n.link);

export default function NotificationCentre() {
  const alerts = useFeed<Alert>('alerts', ALERTS_PAGE_SIZE, { external: true });
  const announcements = useFeed<NotificationRecord>('notifications', NOTIFICATIONS_PAGE_SIZE);
  const [open, setOpen] = useState(false);
  // Announcements until alerts wait or the reader chooses Alerts (the list the bell always had).
  const [tab, setTab] = useState<Tab>('announcements');
  const panelId = useId();
  const headingId = useId();
  const tabsId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const refreshAlerts = alerts.refresh;
  const refreshAnnouncements = announcements.refresh;

  const refresh = useCallback(() => {
    void refreshAlerts();
    void refreshAnnouncements();
  }, [refreshAlerts, refreshAnnouncements]);

  useEffect(() => {
    let timer: number | undefined;
    let lastPoll = 0;
    const poll = () => {
      window.clearTimeout(timer);
      lastPoll = Date.now();
      refresh();
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
    const onKey = (event: globalThis.KeyboardEvent) => {
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

  const toggle = () => {
    if (open) return close(false);
    alerts.opening();
    announcements.opening();
    // The panel opens where something waits (alerts first), else where the reader left it.
    if (alerts.unread > 0) setTab('alerts');
    else if (announcements.unread > 0) setTab('announcements');
    setOpen(true);
    refresh();
  };

  const current: Feed<Alert> | Feed<NotificationRecord> = tab === 'alerts' ? alerts : announcements;

  const markAllRead = async () => {
    // The button is disabled once nothing is unread: keep the keyboard in the panel.
    if (await current.markAllRead()) panelRef.current?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const unread = alerts.unread + announcements.unread;
  const label = unread > 0 ? `${TEXTS.title}, ${unread} unread` : TEXTS.title;

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
        <BellIcon size={20} />
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
              onClick={() => void markAllRead()}
              disabled={current.unread === 0}
            >
              {TEXTS.markAll}
            </button>
          </div>
          <div role="tablist" aria-label={TEXTS.title} className="flex border-b border-line px-2">
            {TABS.map((t) => {
              const count = (t === 'alerts' ? alerts : announcements).unread;
              return (
                <button
                  key={t}
                  ref={(node) => {
                    tabRefs.current[t] = node;
                  }}
                  type="button"
                  role="tab"
                  id={`${tabsId}-${t}`}
                  aria-selected={tab === t}
                  aria-controls={`${tabsId}-panel`}
                  tabIndex={tab === t ? 0 : -1}
                  onClick={() => setTab(t)}
                  onKeyDown={onTabKey}
                  className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium ${
                    tab === t ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg'
                  }`}
                  data-testid={`bell-tab-${t}`}
                >
                  {TAB_LABELS[t]}
                  {count > 0 && (
                    <span className="rounded-full bg-surface-2 px-1.5 text-xs font-semibold text-fg">
                      {badgeText(count)}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          {current.markError && (
            <p role="alert" className="border-b border-line px-4 py-2 text-sm text-down">
              {TEXTS.markFailed}
            </p>
          )}
          <div
            id={`${tabsId}-panel`}
            role="tabpanel"
            aria-labelledby={`${tabsId}-${tab}`}
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
          >
            {tab === 'alerts' ? (
              <FeedList
                feed={alerts}
                tab="alerts"
                panelRef={panelRef}
                href={alertHref}
                render={(a) => (
                  <>
                    <span className={`break-words text-sm ${a.read ? 'text-muted' : 'font-semibold'}`}>{a.title}</span>
                    {a.body && <span className="line-clamp-2 break-words text-xs text-muted">{a.body}</span>}
                  </>
                )}
              />
            ) : (
              <FeedList
                feed={announcements}
                tab="announcements"
                panelRef={panelRef}
                href={announcementHref}
                render={(n) => (
                  <span className={`break-words text-sm ${n.read ? 'text-muted' : 'font-semibold'}`}>{n.message}</span>
                )}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
