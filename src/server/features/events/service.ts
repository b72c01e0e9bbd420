/**
 * Webinars and conference sessions: the upcoming ones the home page shows, a
 * company's webinars, the event behind a registration link, and the user's
 * favorites.
 */
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { EventRecord, WebinarRecord } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { companies, requireCompany } from '../companies/index.ts';
import { favoriteIds, type FavoriteKind } from '../favorites/index.ts';
import { events, favoriteEvents } from './tables.ts';

export const FAVORITE_WEBINARS: FavoriteKind<number> = {
  table: favoriteEvents,
  user: favoriteEvents.userId,
  item: favoriteEvents.eventId,
  key: events.id,
  missing: () => 'No webinar with that id.',
};

/** The next active, not archived events, soonest first. */
export async function upcomingEvents(db: Db, limit: number, now = new Date()): Promise<EventRecord[]> {
  const rows = await db
    .select({ event: events, companyName: companies.name })
    .from(events)
    .leftJoin(companies, eq(events.companySymbol, companies.symbol))
    .where(and(eq(events.isActive, true), eq(events.archived, false), gte(events.upcomingDate, now)))
    .orderBy(asc(events.upcomingDate), asc(events.id))
    .limit(limit);
  return rows.map(({ event: e, companyName }) => ({
    id: e.id,
    title: e.title,
    company_symbol: e.companySymbol,
    Company: companyName ? { name: companyName } : null,
    upcoming_date: e.upcomingDate.toISOString(),
    isActive: e.isActive,
    archived: e.archived,
    archive_url: e.archiveUrl,
    Zoom_url: e.zoomUrl,
    form_url: e.formUrl,
    zoom_id: e.zoomId,
  }));
}

export type Webinar = WebinarRecord & { isFavorite: boolean };

const webinarOut = (e: typeof events.$inferSelect, favorite: boolean): Webinar => ({
  id: e.id,
  title: e.title,
  replayLink: e.archiveUrl,
  upcoming_date: e.upcomingDate.toISOString(),
  company_symbol: e.companySymbol,
  archived: e.archived,
  form_url: e.formUrl,
  zoom_id: e.zoomId,
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

export async function eventByZoomId(db: Db, zoomId: string, userId?: number) {
  const [row] = await db
    .select({ event: events, companyName: companies.name })
    .from(events)
    .leftJoin(companies, eq(companies.symbol, events.companySymbol))
    .where(eq(events.zoomId, zoomId))
    .limit(1);
  if (!row) throw notFound('No event with that zoom id.');
  const favorites = await favoriteIds(db, FAVORITE_WEBINARS, userId, [row.event.id]);
  return { ...webinarOut(row.event, favorites.has(row.event.id)), company_name: row.companyName };
}

export async function favoriteWebinars(db: Db, userId: number): Promise<Webinar[]> {
  const rows = await db
    .select({ event: events })
    .from(favoriteEvents)
    .innerJoin(events, eq(events.id, favoriteEvents.eventId))
    .where(eq(favoriteEvents.userId, userId))
    .orderBy(desc(favoriteEvents.createdAt));
  return rows.map((r) => webinarOut(r.event, true));
}

/** A company's webinars as its page is built with them (no reader, so no favorite flag). */
export async function webinarsForBuild(db: Db, symbol: string): Promise<WebinarRecord[]> {
  return (await webinarsOf(db, symbol)).map(({ isFavorite: _favorite, ...webinar }) => webinar);
}
