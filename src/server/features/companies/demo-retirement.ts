/**
 * The demo companies given up before the first real universe comes in (imports/demo-data.ts): every
 * company entered in the content changes as deleted, so the site drops its pages, then the companies
 * removed with everything that hangs on them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { recordAllDeleted } from '../../platform/content-removal.ts';
import { companies, dailyPrices } from './tables.ts';

/** Enters every one in the content changes as deleted; answers how many there are. */
export const recordDemoCompaniesDeleted = (tx: Db): Promise<number> => recordAllDeleted(tx, 'company', companies);

/**
 * Removes every company and its price history, and with them every table that refers to the
 * companies (the cascade): filings, insider trades, client pages, favorites, news, videos, webinars.
 */
export async function removeDemoCompanies(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${companies}, ${dailyPrices} cascade`);
}
