/**
 * All of one kind of content given up at once (the demo's companies, news, videos and webinars before the first
 * real universe comes in): each removed record entered in the content changes record, so the site drops its pages.
 */
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ContentKind } from '../../lib/content-records.ts';
import type { Db } from './db/client.ts';
import { contentChanges } from './tables.ts';

/**
 * Records every row of `table` (its id is the entity's) as deleted, before the rows go in the same
 * transaction: the site drops every page of them. Answers how many there were.
 */
export async function recordAllDeleted(tx: Db, kind: ContentKind, table: PgTable): Promise<number> {
  const removed = Number((await tx.select({ n: count() }).from(table))[0]?.n ?? 0);
  await tx.execute(sql`insert into ${contentChanges} (kind, entity_id, op) select ${kind}, id, 'delete' from ${table}`);
  return removed;
}
