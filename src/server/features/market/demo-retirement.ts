/**
 * The demo's index history given up before the first real universe comes in (imports/demo-data.ts):
 * the prices import computes the indices again from the imported prices (index-levels.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { indexPrices } from './tables.ts';

/** Removes every index's daily history, with every table that refers to it (the cascade). */
export async function removeDemoIndexHistory(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${indexPrices} cascade`);
}
