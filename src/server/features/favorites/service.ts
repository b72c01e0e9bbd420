/**
 * Favorites: companies, articles, videos and webinars a user keeps. One
 * mechanism for every kind: which of some items the user marked, and
 * flipping one in or out.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import {
  companies,
  events,
  favoriteCompanies,
  favoriteEvents,
  favoriteNews,
  favoriteVideos,
  news,
  videos,
} from '../../schema.ts';
import { notFound } from '../../platform/http/errors.ts';

export interface FavoriteKind<Id extends number | string> {
  /** The favorites table, with its user and item columns. */
  table: PgTable;
  user: PgColumn;
  item: PgColumn;
  /** The key column of the things that can be favorites. */
  key: PgColumn;
  /** The 404 message for an item that does not exist. */
  missing: (id: Id) => string;
}

export const FAVORITE_COMPANIES: FavoriteKind<string> = {
  table: favoriteCompanies,
  user: favoriteCompanies.userId,
  item: favoriteCompanies.symbol,
  key: companies.symbol,
  missing: (symbol) => `Unknown symbol: ${symbol}`,
};
export const FAVORITE_NEWS: FavoriteKind<number> = {
  table: favoriteNews,
  user: favoriteNews.userId,
  item: favoriteNews.newsId,
  key: news.id,
  missing: (id) => `No news article ${id}`,
};
export const FAVORITE_VIDEOS: FavoriteKind<number> = {
  table: favoriteVideos,
  user: favoriteVideos.userId,
  item: favoriteVideos.videoId,
  key: videos.id,
  missing: (id) => `No video ${id}`,
};
export const FAVORITE_WEBINARS: FavoriteKind<number> = {
  table: favoriteEvents,
  user: favoriteEvents.userId,
  item: favoriteEvents.eventId,
  key: events.id,
  missing: () => 'No webinar with that id.',
};

/** Which of `ids` the user has marked (none for a guest). */
export async function favoriteIds<Id extends number | string>(
  db: Db,
  kind: FavoriteKind<Id>,
  userId: number | undefined,
  ids: Id[],
): Promise<Set<Id>> {
  if (!userId || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: kind.item })
    .from(kind.table)
    .where(and(eq(kind.user, userId), inArray(kind.item, ids)));
  return new Set(rows.map((r) => r.id as Id));
}

/** Flips an item in or out of the user's favorites; returns whether it is now a favorite. */
export async function toggleFavorite<Id extends number | string>(
  db: Db,
  kind: FavoriteKind<Id>,
  userId: number,
  id: Id,
): Promise<boolean> {
  const [exists] = await db.select({ id: kind.key }).from(kind.key.table).where(eq(kind.key, id));
  if (!exists) throw notFound(kind.missing(id));
  const removed = await db
    .delete(kind.table)
    .where(and(eq(kind.user, userId), eq(kind.item, id)))
    .returning({ id: kind.item });
  if (removed.length > 0) return false;
  await db.execute(
    sql`insert into ${kind.table} (${sql.identifier(kind.user.name)}, ${sql.identifier(kind.item.name)}) values (${userId}, ${id}) on conflict do nothing`,
  );
  return true;
}

export async function favoriteSymbols(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ symbol: favoriteCompanies.symbol })
    .from(favoriteCompanies)
    .where(eq(favoriteCompanies.userId, userId));
  return new Set(rows.map((r) => r.symbol));
}

/** Flips a company in or out of the user's favorites (the symbol in any case). */
export const toggleFavoriteCompany = (db: Db, userId: number, rawSymbol: string) =>
  toggleFavorite(db, FAVORITE_COMPANIES, userId, rawSymbol.trim().toUpperCase());
