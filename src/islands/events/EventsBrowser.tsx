/**
 * The events page (docs/product.md §12.1, §21.7): search, Upcoming and History tabs, the
 * four range buttons, and a card grid a page of ten at a time. The tab,
 * range, search and page live in the address bar, so a link (or Back)
 * reproduces the view. Selecting Upcoming resets the range to all. The
 * first view's cards come with the built page, so they show (their pictures
 * first of all) without waiting for the page's code and a request; they are
 * read again at once, since the page may be hours old.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EventRecord } from '../../lib/content-records.ts';
import {
  EVENT_PAGE_SIZE,
  EVENT_RANGES,
  EVENT_RANGE_LABELS,
  EVENT_TABS,
  type EventRange,
  type EventTab,
} from '../../lib/event-ranges.ts';
import { API_TIMEOUT_MS, MESSAGES } from '../../lib/messages.ts';
import EventCard, { EventCardSkeleton, type EventCardItem } from './EventCard.tsx';
import { formatCount } from '../../lib/format.ts';

export interface EventsView {
  tab: EventTab;
  range: EventRange;
  text: string;
  page: number;
}

const SKELETONS = 8;
const TAB_LABELS: Record<EventTab, string> = { upcoming: 'Upcoming', history: 'History' };

/** The view an address describes; anything unknown falls back to the default. */
export function viewFromSearch(search: string): EventsView {
  const params = new URLSearchParams(search);
  const tab = (EVENT_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as EventTab)
    : 'upcoming';
  const range = (EVENT_RANGES as readonly string[]).includes(params.get('range') ?? '')
    ? (params.get('range') as EventRange)
    : 'all';
  const page = Number(params.get('page'));
  return {
    tab,
    range,
    text: (params.get('q') ?? '').slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of a view: defaults are left out, so /events is the first view. */
export function searchOfView(view: EventsView): string {
  const params = new URLSearchParams();
  if (view.tab !== 'upcoming') params.set('tab', view.tab);
  if (view.range !== 'all') params.set('range', view.range);
  if (view.text) params.set('q', view.text);
  if (view.page > 1) params.set('page', String(view.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; events: EventCardItem[]; total: number; at: number };

/** The first view's page as the build read it (`at`: the moment its cards are judged as of, see the events page). */
export type BuiltEvents = { events: EventCardItem[]; total: number; at: number };

/** The view the built page shows: upcoming, all dates, no search, page 1. */
const isFirstView = (view: EventsView) =>
  view.tab === 'upcoming' && view.range === 'all' && !view.text && view.page === 1;

/** The cards whose pictures the first screen shows (a row at the widest), fetched with the page rather than lazily. */
const EAGER_CARDS = 4;

const isEventList = (body: unknown): body is { data: EventCardItem[]; total: number } => {
  const candidate = body as { data?: unknown; total?: unknown } | null;
  return (
    !!candidate &&
    Array.isArray(candidate.data) &&
    typeof candidate.total === 'number' &&
    candidate.data.every(
      (e) => typeof (e as EventRecord).id === 'number' && typeof (e as EventRecord).title === 'string',
    )
  );
};

async function fetchEvents(view: EventsView, signal: AbortSignal): Promise<{ events: EventCardItem[]; total: number }> {
  const params = new URLSearchParams({
    tab: view.tab,
    range: view.range,
    page: String(view.page),
    pageSize: String(EVENT_PAGE_SIZE),
  });
  if (view.text) params.set('text', view.text);
  // A plain fetch: the list is public, the session cookie only adds the reader's hearts.
  const response = await fetch(`/api/events/all?${params}`, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal: AbortSignal.any([signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
  });
  if (!response.ok) throw new Error(MESSAGES.events.loadFailed);
  const body: unknown = await response.json().catch(() => null);
  if (!isEventList(body)) throw new Error(MESSAGES.invalidResponse);
  return { events: body.data, total: body.total };
}

export default function EventsBrowser({ built }: { built?: BuiltEvents }) {
  const [view, setView] = useState<EventsView | null>(null);
  const [load, setLoad] = useState<Load>(built ? { status: 'ready', ...built } : { status: 'loading' });
  // The built cards stay on show, marked busy, while they are read again.
  const [refreshing, setRefreshing] = useState(built !== undefined);
  const [draft, setDraft] = useState('');
  const gridTop = useRef<HTMLDivElement>(null);

  // The view comes from the address (after hydration: the built page has no address of its own).
  useEffect(() => {
    let first = true;
    const fromAddress = () => {
      const next = viewFromSearch(location.search);
      // The built cards answer the first view on arrival; any other view (or a later return) waits for its own.
      if (!(first && built && isFirstView(next))) setLoad({ status: 'loading' });
      first = false;
      setView(next);
      setDraft(next.text);
    };
    fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, [built]);

  useEffect(() => {
    if (!view) return;
    const controller = new AbortController();
    fetchEvents(view, controller.signal)
      .then((result) => setLoad({ status: 'ready', ...result, at: Date.now() }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof Error && error.message === MESSAGES.invalidResponse
            ? error.message
            : MESSAGES.events.loadFailed;
        setLoad({ status: 'error', message });
      })
      .finally(() => {
        if (!controller.signal.aborted) setRefreshing(false);
      });
    return () => controller.abort();
  }, [view]);

  const current = view ?? viewFromSearch('');
  // What is typed in the box counts, submitted or not.
  const go = (change: Partial<EventsView>) => {
    const next = { ...current, page: 1, text: draft.trim(), ...change };
    history.pushState(null, '', `${location.pathname}${searchOfView(next)}`);
    setLoad({ status: 'loading' });
    setView(next);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({});
  };

  const pages = load.status === 'ready' ? Math.max(1, Math.ceil(load.total / EVENT_PAGE_SIZE)) : 1;
  // Selecting Upcoming resets the range to all (docs/product.md §12.1, §21.7).
  const showTab = (tab: EventTab) => go(tab === 'upcoming' ? { tab, range: 'all' } : { tab });
  const turn = (page: number) => {
    go({ ...current, page });
    gridTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={submit} className="flex gap-2" aria-label="Search events">
        <label htmlFor="events-search" className="sr-only">
          Search events
        </label>
        <input
          id="events-search"
          type="search"
          className="input min-w-0 flex-1"
          placeholder="Search by company, symbol or title"
          value={draft}
          maxLength={200}
          onChange={(e) => {
            setDraft(e.target.value);
            // Clearing the box shows everything again.
            if (e.target.value === '' && current.text) go({ text: '' });
          }}
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div
          role="tablist"
          aria-label="Events"
          className="flex border-b border-line"
          onKeyDown={(e) => {
            // Arrow keys move between the two tabs (the ARIA tabs pattern).
            if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
            const tab = current.tab === 'upcoming' ? 'history' : 'upcoming';
            showTab(tab);
            e.currentTarget.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus();
          }}
        >
          {EVENT_TABS.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={current.tab === tab}
              tabIndex={current.tab === tab ? 0 : -1}
              aria-controls="events-panel"
              data-tab={tab}
              className="tab-link"
              onClick={() => showTab(tab)}
            >
              {TAB_LABELS[tab]}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Time range">
          {(Object.keys(EVENT_RANGE_LABELS) as Exclude<EventRange, 'all'>[]).map((range) => {
            const on = current.range === range;
            return (
              <button
                key={range}
                type="button"
                className={`chip ${on ? 'chip-active' : ''}`}
                aria-pressed={on}
                // Pressing the chosen range again goes back to all dates.
                onClick={() => go({ range: on ? 'all' : range })}
              >
                {EVENT_RANGE_LABELS[range]}
              </button>
            );
          })}
        </div>
      </div>

      <div
        ref={gridTop}
        id="events-panel"
        role="tabpanel"
        aria-label={TAB_LABELS[current.tab]}
        className="scroll-mt-24"
        aria-busy={load.status === 'loading' || refreshing}
      >
        {load.status === 'error' ? (
          <p role="alert" className="rounded-lg border border-down/40 bg-down/10 px-3 py-2 text-sm text-down">
            {load.message}
          </p>
        ) : load.status === 'ready' && load.total === 0 ? (
          <p className="py-10 text-center text-muted" data-testid="events-empty" role="status">
            {MESSAGES.events.none}
          </p>
        ) : load.status === 'ready' && load.events.length === 0 ? (
          // An address past the last page (the list got shorter): offer the way back.
          <div className="flex flex-col items-center gap-3 py-10 text-muted">
            <p role="status">This page is past the end of the list.</p>
            <button type="button" className="btn-secondary" onClick={() => turn(pages)}>
              Go to page {pages}
            </button>
          </div>
        ) : (
          <>
            {load.status === 'ready' && (
              <p className="mb-3 text-sm text-muted" data-testid="events-count" role="status">
                {formatCount(load.total)} {load.total === 1 ? 'event' : 'events'}
                {current.text ? ` matching “${current.text}”` : ''}
              </p>
            )}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="events-grid">
              {load.status === 'loading'
                ? Array.from({ length: SKELETONS }, (_, i) => <EventCardSkeleton key={i} />)
                : load.events.map((event, index) => (
                    <EventCard key={event.id} event={event} now={load.at} eager={index < EAGER_CARDS} />
                  ))}
            </ul>
          </>
        )}
      </div>

      {load.status === 'ready' && pages > 1 && (
        <nav className="flex items-center justify-center gap-3" aria-label="Event pages">
          <button
            type="button"
            className="btn-secondary"
            disabled={current.page <= 1}
            onClick={() => turn(current.page - 1)}
          >
            Previous
          </button>
          <span className="text-sm text-muted" data-testid="events-page">
            Page {current.page} of {pages}
          </span>
          <button
            type="button"
            className="btn-secondary"
            disabled={current.page >= pages}
            onClick={() => turn(current.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
