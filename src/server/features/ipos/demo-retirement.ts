/** The demo's IPO calendar given up before the first real universe comes in (imports/demo-data.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ipos } from './tables.ts';

/** Removes the whole IPO calendar, with every table that refers to it (the cascade). */
export async function removeDemoIpos(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${ipos} cascade`);
}
