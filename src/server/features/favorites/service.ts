/**
 * Favorites: the companies, articles, videos and webinars a user keeps. One
 * mechanism for every kind: which of some items the user marked, and
 * flipping one in or out. Each kind (its table and the things it points to)
 * is declared by the feature that owns those things.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../platform/db/client.ts';
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

/**
 * Flips an item in or out of the user's favorites; answers the stored id and
 * whether it is now a favorite. One statement, so one commit: a toggle is a
 * write readers make often, and its time is mostly the commit's.
 */
export async function toggleFavorite<Id extends number | string>(
  db: Db,
  kind: FavoriteKind<Id>,
  userId: number,
  rawId: Id,
): Promise<{ id: Id; isFavorite: boolean }> {
  const id = kind.normalize ? kind.normalize(rawId) : rawId;
  const user = sql.identifier(kind.user.name);
  const item = sql.identifier(kind.item.name);
  const [row] = rowsOf<{ found: boolean; removed: boolean }>(
    await db.execute(sql`
    with target as (select ${kind.key} as id from ${kind.key.table} where ${kind.key} = ${id}),
    removed as (
      delete from ${kind.table} where ${user} = ${userId} and ${item} = (select id from target) returning 1
    ),
    added as (
      insert into ${kind.table} (${user}, ${item})
      select ${userId}, id from target where not exists (select 1 from removed)
      on conflict do nothing
      returning 1
    )
    select exists (select 1 from target) as found, exists (select 1 from removed) as removed`),
  );
  if (!row?.found) throw notFound(kind.missing(id));
  return { id, isFavorite: !row.removed };
}
