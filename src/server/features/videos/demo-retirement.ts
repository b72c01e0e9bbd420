/**
 * The demo's videos given up before the first real universe comes in (imports/demo-data.ts): every
 * video entered in the content changes as deleted, so the site drops its page, then all of them removed.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { contentChanges } from '../../platform/tables.ts';
import { videos } from './tables.ts';

/** Enters every video in the content changes as deleted; answers how many there are. */
export async function recordDemoVideosDeleted(tx: Db): Promise<number> {
  const removed = Number((await tx.select({ n: count() }).from(videos))[0]?.n ?? 0);
  await tx.execute(
    sql`insert into ${contentChanges} (kind, entity_id, op) select ${'video'}, id, 'delete' from ${videos}`,
  );
  return removed;
}

/** Removes every video, with every table that refers to them (the cascade). */
export async function removeDemoVideos(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${videos} cascade`);
}
