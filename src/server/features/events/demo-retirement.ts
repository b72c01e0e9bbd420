/**
 * The demo's webinars given up before the first real universe comes in (imports/demo-data.ts): every
 * webinar entered in the content changes as deleted, so the site drops its page, then all of them removed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { recordAllDeleted } from '../../platform/content-removal.ts';
import { events } from './tables.ts';

/** Enters every one in the content changes as deleted; answers how many there are. */
export const recordDemoEventsDeleted = (tx: Db): Promise<number> => recordAllDeleted(tx, 'event', events);

/** Removes every webinar, with every table that refers to them (the cascade). */
export async function removeDemoEvents(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${events} cascade`);
}
