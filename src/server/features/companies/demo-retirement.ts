/**
 * The demo companies given up before the first real universe comes in (imports/demo-data.ts): every
 * company entered in the content changes as deleted, so the site drops its pages, then the companies
 * removed with everything that hangs on them.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { contentChanges } from '../../platform/tables.ts';
import { companies, dailyPrices } from './tables.ts';

/** Enters every company in the content changes as deleted; answers how many there are. */
export async function recordDemoCompaniesDeleted(tx: Db): Promise<number> {
  const removed = Number((await tx.select({ n: count() }).from(companies))[0]?.n ?? 0);
  await tx.execute(
    sql`insert into ${contentChanges} (kind, entity_id, op) select ${'company'}, id, 'delete' from ${companies}`,
  );
  return removed;
}

/**
 * Removes every company and its price history, and with them every table that refers to the
 * companies (the cascade): filings, insider trades, client pages, favorites, news, videos, webinars.
 */
export async function removeDemoCompanies(tx: Db): Promise<void> {
  await tx.execute(sql`truncate ${companies}, ${dailyPrices} cascade`);
}
