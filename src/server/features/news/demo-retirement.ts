/**
 * The demo's news given up before the first real universe comes in (imports/demo-data.ts): every
 * article entered in the content changes as deleted, so the site drops its page, then all of them removed.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { contentChanges } from '../../platform/tables.ts';
import { news } from './tables.ts';

/** Enters every article in the content changes as deleted; answers how many there are. */
export async function recordDemoNewsDeleted(tx: Db): Promise<number> {
  const removed = Number((await tx.select({ n: count() }).from(news))[0]?.n ?? 0);
  await tx.execute(
    sql`insert into ${contentChanges} (kind, entity_id, op) select ${'news'}, id, 'delete' from ${news}`,
  );
  return removed;
}

/** Removes every article, with every table that refers to them (the cascade). */
export async function removeDemoNews(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${news} cascade`);
}
