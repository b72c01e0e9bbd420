/**
 * The demo's webinars given up before the first real universe comes in (imports/demo-data.ts): every
 * webinar entered in the content changes as deleted, so the site drops its page, then all of them removed.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { contentChanges } from '../../platform/tables.ts';
import { events } from './tables.ts';

/** Enters every webinar in the content changes as deleted; answers how many there are. */
export async function recordDemoEventsDeleted(tx: Db): Promise<number> {
  const removed = Number((await tx.select({ n: count() }).from(events))[0]?.n ?? 0);
  await tx.execute(
    sql`insert into ${contentChanges} (kind, entity_id, op) select ${'event'}, id, 'delete' from ${events}`,
  );
  return removed;
}

/** Removes every webinar, with every table that refers to them (the cascade). */
export async function removeDemoEvents(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${events} cascade`);
}
