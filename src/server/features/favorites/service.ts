/**
 * Favorites: the companies, articles, videos and webinars a user keeps. One
 * mechanism for every kind: which of some items the user marked, and
 * flipping one in or out. Each kind (its table and the things it points to)
 * is declared by the feature that owns those things.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';

export interface FavoriteKind<Id extends number | string> {
  /** The favorites table, with its user and item columns. */
  table: PgTable;
  user: PgColumn;
  item: PgColumn;
  /** The key column of the things that can be favorites. */
  key: PgColumn;
  /** The id as stored (a symbol in upper case); ids are stored as given when absent. */
  normalize?: (id: Id) => Id;
  /** The not-found sentence for an item that does not exist. */
  missing: (id: Id) => string;
}

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

/** Flips an item in or out of the user's favorites; answers the stored id and whether it is now a favorite. */
export async function toggleFavorite<Id extends number | string>(
  db: Db,
  kind: FavoriteKind<Id>,
  userId: number,
  rawId: Id,
): Promise<{ id: Id; isFavorite: boolean }> {
  const id = kind.normalize ? kind.normalize(rawId) : rawId;
  const [exists] = await db.select({ id: kind.key }).from(kind.key.table).where(eq(kind.key, id));
  if (!exists) throw notFound(kind.missing(id));
  const removed = await db
    .delete(kind.table)
    .where(and(eq(kind.user, userId), eq(kind.item, id)))
    .returning({ id: kind.item });
  if (removed.length > 0) return { id, isFavorite: false };
  await db.execute(
    sql`insert into ${kind.table} (${sql.identifier(kind.user.name)}, ${sql.identifier(kind.item.name)}) values (${userId}, ${id}) on conflict do nothing`,
  );
  return { id, isFavorite: true };
}
