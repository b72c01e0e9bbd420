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
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { appMeta } from '../../platform/tables.ts';
import { recordDemoCompaniesDeleted, removeDemoCompanies } from '../companies/index.ts';
import { recordDemoEventsDeleted, removeDemoEvents } from '../events/index.ts';
import { removeDemoIpos } from '../ipos/index.ts';
import { removeDemoIndexHistory } from '../market/index.ts';
import { recordDemoNewsDeleted, removeDemoNews } from '../news/index.ts';
import { recordDemoVideosDeleted, removeDemoVideos } from '../videos/index.ts';

/** Removes the demo data (see above), in the caller's transaction; answers what went, for the report. */
export async function retireDemoData(tx: Db): Promise<string> {
  // Every record is entered as deleted before anything goes: removing the companies takes the news,
  // videos and webinars with them (the cascade).
  const removed = {
    companies: await recordDemoCompaniesDeleted(tx),
    news: await recordDemoNewsDeleted(tx),
    videos: await recordDemoVideosDeleted(tx),
    events: await recordDemoEventsDeleted(tx),
  };
  await removeDemoCompanies(tx);
  await removeDemoIndexHistory(tx);
  await removeDemoIpos(tx);
  await removeDemoNews(tx);
  await removeDemoVideos(tx);
  await removeDemoEvents(tx);
  // The seed's record and its start marker (demo_seed, demo_seed_started): the database holds no demo data now.
  await tx.delete(appMeta).where(sql`${appMeta.key} like 'demo_seed%'`);
  return `${removed.companies.toLocaleString('en-US')} companies, ${removed.news.toLocaleString('en-US')} articles, ${removed.videos} videos, ${removed.events} webinars`;
}
