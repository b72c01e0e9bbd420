/**
 * Webinars and conference sessions: the upcoming ones the home page shows, a
 * company's webinars, the event behind a registration link, and the user's
 * favorites.
 */
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { EventRecord, WebinarRecord } from '../../../lib/content-records.ts';
import { eventPagePath, formIdFrom } from '../../../lib/event-registration.ts';
import { eventWindow, type EventRange, type EventTab } from '../../../lib/event-ranges.ts';
import type { Db } from '../../platform/db/client.ts';
import { searchWords } from '../../platform/db/search.ts';
import type { ChangeBus } from '../../platform/changes.ts';
import { notFound } from '../../platform/errors.ts';
import { companiesView, requireCompany } from '../companies/index.ts';
import { favoriteIds, type FavoriteKind } from '../favorites/index.ts';
import { events, favoriteEvents } from './tables.ts';

export const FAVORITE_WEBINARS: FavoriteKind<number> = {
  table: favoriteEvents,
  user: favoriteEvents.userId,
  item: favoriteEvents.eventId,
  key: events.id,
  missing: () => 'No webinar with that id.',
};

/**
 * The picture readers see: the one staff gave, or the event's generated cover
 * (its version in the address, so an edit is not hidden by a cached picture).
 */
const pictureOf = (e: typeof events.$inferSelect) => e.imageUrl ?? `/api/covers/event/${e.id}.svg?v=${e.version}`;

const eventOut = (e: typeof events.$inferSelect, companyName: string | null): EventRecord => ({
  id: e.id,
  title: e.title,
  company_symbol: e.companySymbol,
  Company: companyName ? { name: companyName } : null,
  upcoming_date: e.upcomingDate.toISOString(),
  isActive: e.isActive,
  archived: e.archived,
  archive_url: e.archiveUrl,
  Zoom_url: e.zoomUrl,
  form_url: formIdFrom(e.formUrl),
  zoom_id: e.zoomId,
  image_url: pictureOf(e),
});

/** An event's company, for its name (an event may have none). */
const eventCompany = eq(events.companySymbol, companiesView.symbol);

/** Events with their company's name. */
export const eventsWithCompany = (db: Db) =>
  db.select({ event: events, companyName: companiesView.name }).from(events).leftJoin(companiesView, eventCompany);

export type EventWithCompany = { event: typeof events.$inferSelect; companyName: string | null };

/** The next active, not archived events, soonest first. */
export async function upcomingEvents(db: Db, limit: number, now = new Date()): Promise<EventRecord[]> {
  const rows = await eventsWithCompany(db)
    .where(and(eq(events.isActive, true), eq(events.archived, false), gte(events.upcomingDate, now)))
    .orderBy(asc(events.upcomingDate), asc(events.id))
    .limit(limit);
  return rows.map(({ event, companyName }) => eventOut(event, companyName));
}

export type ListedEvent = EventRecord & { isFavorite: boolean };

/** Events as the list and the event page answer them, with the reader's hearts. */
async function withHearts(db: Db, rows: EventWithCompany[], userId?: number): Promise<ListedEvent[]> {
  const favorites = await favoriteIds(
    db,
    FAVORITE_WEBINARS,
    userId,
    rows.map((r) => r.event.id),
  );
  return rows.map(({ event, companyName }) => ({
    ...eventOut(event, companyName),
    isFavorite: favorites.has(event.id),
  }));
}

export interface EventQuery {
  /** Words that must each appear in the title, the company's name or its symbol. */
  text: string;
  tab: EventTab;
  range: EventRange;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** How long the events list read from the database serves before it is read again. */
const LIST_CACHE_MS = 5_000;
const listCache = new WeakMap<Db, { at: number; rows: Promise<EventWithCompany[]> }>();

/**
 * Forgets the list read from `db` when an event changes: an edit heard on
 * `changes` shows at once, one whose notice was lost within LIST_CACHE_MS.
 * Returns the listener's removal.
 */
export function refreshEventsOnChange(changes: ChangeBus, db: Db): () => void {
  return changes.on((change) => {
    if (change.kind === 'event') listCache.delete(db);
  });
}

/**
 * Every active event with its company, read once per few seconds: there are
 * hundreds, not millions, and the events page asks for them on every visit,
 * so the list is windowed, searched and paged in memory.
 */
export function activeEvents(db: Db): Promise<EventWithCompany[]> {
  const now = Date.now();
  const hit = listCache.get(db);
  if (hit && now - hit.at < LIST_CACHE_MS) return hit.rows;
  const rows = eventsWithCompany(db).where(eq(events.isActive, true)).orderBy(asc(events.upcomingDate), asc(events.id));
  const entry = { at: now, rows: Promise.resolve(rows) };
  // A failed read is not kept.
  entry.rows.catch(() => listCache.delete(db));
  listCache.set(db, entry);
  return entry.rows;
}

/**
 * The events page's list: active events in the tab's window, Upcoming
 * soonest first and History newest first, with the reader's hearts.
 */
export async function listEvents(
  db: Db,
  query: EventQuery,
  userId?: number,
  now = new Date(),
): Promise<{ data: ListedEvent[]; total: number }> {
  const window = eventWindow(query.tab, query.range, now);
  const words = searchWords(query.text).map((w) => w.toLowerCase());
  const from = window.from?.getTime() ?? -Infinity;
  const to = window.to?.getTime() ?? Infinity;
  const matching = (await activeEvents(db)).filter(({ event, companyName }) => {
    const at = event.upcomingDate.getTime();
    if (at < from || at >= to) return false;
    if (words.length === 0) return true;
    const text = `${event.title}\n${companyName ?? ''}\n${event.companySymbol ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  // The cache is soonest first; History reads it backwards.
  const ordered = query.tab === 'upcoming' ? matching : matching.reverse();
  const start = (query.page - 1) * query.pageSize;
  const page = ordered.slice(start, start + query.pageSize);
  return { data: await withHearts(db, page, userId), total: ordered.length };
}

/** One active event by id, with the reader's heart. */
export async function eventById(db: Db, id: number, userId?: number): Promise<ListedEvent> {
  const rows = await eventsWithCompany(db).where(and(eq(events.id, id), eq(events.isActive, true)));
  if (rows.length === 0) throw notFound('No event with that id.');
  return (await withHearts(db, rows, userId))[0]!;
}

export type Webinar = WebinarRecord & { isFavorite: boolean };

const webinarOut = (e: typeof events.$inferSelect, favorite: boolean): Webinar => ({
  id: e.id,
  title: e.title,
  replayLink: e.archiveUrl,
  upcoming_date: e.upcomingDate.toISOString(),
  company_symbol: e.companySymbol,
  archived: e.archived,
  form_url: formIdFrom(e.formUrl),
  zoom_id: e.zoomId,
  image_url: pictureOf(e),
  isFavorite: favorite,
});

/** A company's active webinars, newest first (upcoming ones on top). */
export async function webinarsOf(db: Db, symbol: string, userId?: number): Promise<Webinar[]> {
  const c = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.companySymbol, c.symbol), eq(events.isActive, true)))
    .orderBy(desc(events.upcomingDate), desc(events.id));
  const favorites = await favoriteIds(
    db,
    FAVORITE_WEBINARS,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => webinarOut(r, favorites.has(r.id)));
}

/** The event behind a registration link, with what the registration page shows. */
export async function eventByZoomId(db: Db, link: { zoom_id: string; form_id?: string }, userId?: number) {
  const rows = await eventsWithCompany(db)
    .where(and(eq(events.zoomId, link.zoom_id), eq(events.isActive, true)))
    .orderBy(desc(events.upcomingDate), desc(events.id));
  // The form id is compared as links carry it: a whole registration link stored before counts as its id.
  const row = rows.find(({ event }) => !link.form_id || formIdFrom(event.formUrl) === link.form_id);
  if (!row) throw notFound('No event with that zoom id.');
  const favorites = await favoriteIds(db, FAVORITE_WEBINARS, userId, [row.event.id]);
  return {
    ...webinarOut(row.event, favorites.has(row.event.id)),
    company_name: row.companyName,
    agenda: row.event.agenda,
  };
}

/** The user's favorite events, as the events list shows them, most recently kept first. */
export async function favoriteEventList(db: Db, userId: number): Promise<ListedEvent[]> {
  const rows = await eventsWithCompany(db)
    .innerJoin(favoriteEvents, and(eq(favoriteEvents.eventId, events.id), eq(favoriteEvents.userId, userId)))
    .where(eq(events.isActive, true))
    .orderBy(desc(favoriteEvents.createdAt), desc(events.id));
  return rows.map(({ event, companyName }) => ({ ...eventOut(event, companyName), isFavorite: true }));
}

/** A company's webinars as its page is built with them (no reader, so no favorite flag). */
export async function webinarsForBuild(db: Db, symbol: string): Promise<WebinarRecord[]> {
  return (await webinarsOf(db, symbol)).map(({ isFavorite: _favorite, ...webinar }) => webinar);
}

/** The page of each of these events (see eventPagePath); a hidden or deleted event has none. */
export async function eventPagePaths(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(events)
    .where(and(inArray(events.id, ids), eq(events.isActive, true)));
  return new Map(
    rows.map((e) => [e.id, eventPagePath({ form_url: e.formUrl, zoom_id: e.zoomId, company_symbol: e.companySymbol })]),
  );
}

/** What an active event's generated cover shows. */
export async function eventCoverFacts(db: Db, id: number) {
  const [row] = await eventsWithCompany(db).where(and(eq(events.id, id), eq(events.isActive, true)));
  if (!row) throw notFound('No event with that id.');
  const { event, companyName } = row;
  return { id, title: event.title, symbol: event.companySymbol, companyName, startsAt: event.upcomingDate };
}
