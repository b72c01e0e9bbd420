/**
 * The demo universe and real data do not mix: a company page must never show
 * generated filings or news under a real company's name. A database the demo
 * generator filled therefore gives up all of the demo data, on request,
 * before the first real universe comes in: companies with everything that
 * hangs on them (prices, filings, insider trades, client pages, favorites of
 * them), the index history, the IPO calendar, news, videos and webinars.
 * Accounts, settings and the industry lookup stay. Every removed record is
 * entered in the content changes record, so the site drops its pages.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { appMeta, contentChanges } from '../../platform/tables.ts';
import { companies, dailyPrices } from '../companies/index.ts';
import { events } from '../events/index.ts';
import { ipos } from '../ipos/index.ts';
import { indexPrices } from '../market/index.ts';
import { news } from '../news/index.ts';
import { videos } from '../videos/index.ts';

/** Removes the demo data (see above); answers what went, for the report. */
export async function retireDemoData(tx: Db): Promise<string> {
  const counted = async (table: typeof companies | typeof news | typeof videos | typeof events) =>
    Number((await tx.select({ n: count() }).from(table))[0]?.n ?? 0);
  const removed = {
    companies: await counted(companies),
    news: await counted(news),
    videos: await counted(videos),
    events: await counted(events),
  };
  for (const [kind, table] of [
    ['company', companies],
    ['news', news],
    ['video', videos],
    ['event', events],
  ] as const) {
    await tx.execute(
      sql`insert into ${contentChanges} (kind, entity_id, op) select ${kind}, id, 'delete' from ${table}`,
    );
  }
  await tx.execute(
    sql`truncate ${companies}, ${dailyPrices}, ${indexPrices}, ${ipos}, ${news}, ${videos}, ${events} cascade`,
  );
  // The seed's record and its start marker (demo_seed, demo_seed_started): the database holds no demo data now.
  await tx.delete(appMeta).where(sql`${appMeta.key} like 'demo_seed%'`);
  return `${removed.companies.toLocaleString('en-US')} companies, ${removed.news.toLocaleString('en-US')} articles, ${removed.videos} videos, ${removed.events} webinars`;
}
