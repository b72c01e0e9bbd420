/**
 * Alerts from what the site publishes about a company (docs/product.md
 * §15.7): new SEC filings (raised by the import that stored them), insider
 * transactions, articles and videos tagged with the company (both are news
 * about it; a company release is raised by the sync that stored it, and seen
 * again here as an article), webinars scheduled, and webinars about to start. The watch runs in a job: it looks at what
 * changed since its last look (a little before, for writes that committed
 * late; raising a cause again changes nothing) and raises each cause for the
 * company's followers. Its first look only takes note, so a new server does
 * not alert about what was there before.
 */
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type AnyColumn } from 'drizzle-orm';
import { filingGroupOf } from '../../../lib/company.ts';
import { formatDollars } from '../../../lib/format.ts';
import type { NewsKind } from '../../../lib/content-records.ts';
import { insiderTrade } from '../../../lib/insider-codes.ts';
import { formatEventTime } from '../../../lib/time-format.ts';
import type { Db } from '../../platform/db/client.ts';
import { readMeta, writeMeta } from '../../platform/meta.ts';
import { companiesView, insiderTransactionsView, type AddedSecFiling } from '../companies/index.ts';
import { eventsView } from '../events/index.ts';
import { newsView } from '../news/index.ts';
import { videosView } from '../videos/index.ts';
import { raiseCompanyAlerts, type CompanyCause, type RaiseOptions } from './raise.ts';

/** Filings (and company releases) older than this when they are first stored are history, not news. */
const FILING_NEWS_DAYS = 7;

/** The alert kind of a form type, by the site's form groups; null for forms nobody is alerted about. */
export function filingAlertKind(filingType: string): 'filing-current' | 'filing-periodic' | 'ownership' | null {
  const group = filingGroupOf(filingType);
  if (group === '8K-related') return 'filing-current';
  if (group === 'Annual reports' || group === 'Quarterly Reports') return 'filing-periodic';
  if (group === 'Insider transactions' && /13[DG]/.test(filingType.toUpperCase())) return 'ownership';
  return null;
}

/** "an 8-K", "a 10-Q", "an SC 13D": the article as the form's name is read aloud. */
const withArticle = (form: string) => `${/^(8|11|18|[AEFHILMNORSX])/i.test(form) ? 'an' : 'a'} ${form}`;

async function namesOf(db: Db, symbols: string[]): Promise<Map<string, string>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .select({ symbol: companiesView.symbol, name: companiesView.name })
    .from(companiesView)
    .where(inArray(companiesView.symbol, [...new Set(symbols)]));
  return new Map(rows.map((r) => [r.symbol, r.name]));
}

/**
 * Raises alerts for filings an import stored for the first time, those
 * filed in the last week; answers the alert rows added.
 */
export async function raiseFilingAlerts(
  db: Db,
  filings: readonly AddedSecFiling[],
  options: RaiseOptions,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - FILING_NEWS_DAYS * 86_400_000).toISOString().slice(0, 10);
  const recent = filings.filter((f) => f.dateAsOfChange >= since && filingAlertKind(f.filingType));
  const names = await namesOf(
    db,
    recent.map((f) => f.companySymbol),
  );
  const causes: CompanyCause[] = recent.map((f) => ({
    kind: filingAlertKind(f.filingType)!,
    causeKey: `filing:${f.accessionKey}`,
    symbol: f.companySymbol,
    title: `${f.companySymbol} filed ${withArticle(f.filingType)}`,
    body: `${names.get(f.companySymbol) ?? f.companySymbol}: ${f.description}, filed ${f.dateAsOfChange}.`,
    link: f.rawTextLink,
  }));
  return raiseCompanyAlerts(db, causes, options);
}

/** An article about a company, as its followers hear of it. */
export interface NewArticle {
  id: number;
  title: string;
  symbol: string;
  kind: NewsKind;
  publishedAt: Date;
}

/** The news alert of an article: a company release says it is the company's own words. */
function articleCause(a: NewArticle, name: string): CompanyCause {
  return {
    kind: 'news',
    causeKey: `news:${a.id}`,
    symbol: a.symbol,
    title: `News: ${a.title}`,
    body:
      a.kind === 'company-release'
        ? `${name} (${a.symbol}) press release, as filed with the SEC.`
        : `An article about ${name} (${a.symbol}).`,
    link: `/news/${a.id}`,
  };
}

/**
 * Raises news alerts for articles stored outside the staff console (a company release the EDGAR
 * sync stored), those published in the last week (an older one is history by the time it is
 * read); the watch raises the same cause for them, which then changes nothing. Answers the alert
 * rows added.
 */
export async function raiseNewsAlerts(
  db: Db,
  articles: readonly NewArticle[],
  options: RaiseOptions,
  now = new Date(),
): Promise<number> {
  const recent = articles.filter((a) => a.publishedAt.getTime() >= now.getTime() - FILING_NEWS_DAYS * 86_400_000);
  const names = await namesOf(
    db,
    recent.map((a) => a.symbol),
  );
  return raiseCompanyAlerts(
    db,
    recent.map((a) => articleCause(a, names.get(a.symbol) ?? a.symbol)),
    options,
  );
}

/** Where the watch stopped: the time of its last look and the last insider transaction it saw. */
interface WatchMark {
  at: string;
  insiderId: number;
}

export const META_ALERT_WATCH = 'alerts_watch';

/** Writes that committed this much after their timestamp are still seen. */
const LATE_COMMIT_MS = 60_000;
/** An edit of an article published this recently can still make its alerts (a company tag added after publishing). */
const NEWS_EDIT_WINDOW_MS = 86_400_000;
/** How long before a webinar starts its "in one hour" alert is raised. */
export const WEBINAR_SOON_MS = 3600_000;

/** How recently a trade must have been filed for its followers to hear of it. */
const INSIDER_NEWS_DAYS = 7;

/**
 * Published by `now` and new since the last look, or edited since then
 * within a day of publishing (a company tag added after publishing).
 */
const publishedSince = (published: AnyColumn, updated: AnyColumn, since: Date, now: Date) =>
  and(
    lte(published, now),
    or(gt(published, since), and(gt(updated, since), gt(published, new Date(now.getTime() - NEWS_EDIT_WINDOW_MS)))),
  );

/** A company's webinar that is listed and still to come. */
const upcomingWebinar = (now: Date) =>
  and(
    isNotNull(eventsView.companySymbol),
    eq(eventsView.isActive, true),
    eq(eventsView.archived, false),
    gt(eventsView.upcomingDate, now),
  );

export interface ContentWatch {
  /** Raises what is due; answers the alert rows added. */
  look(now?: Date, signal?: AbortSignal): Promise<number>;
}

export function createContentWatch(db: Db, options: { batch: number }): ContentWatch {
  /** Causes raised by this process: not raised again while they are in the overlap. */
  const raised = new Set<string>();

  async function look(now = new Date(), signal?: AbortSignal): Promise<number> {
    const mark = await readMeta<WatchMark>(db, META_ALERT_WATCH);
    const [top] = await db
      .select({ id: sql<number | null>`max(${insiderTransactionsView.id})` })
      .from(insiderTransactionsView);
    const topInsider = Number(top?.id ?? 0);
    if (!mark) {
      // The first look takes note of what is there.
      await writeMeta(db, META_ALERT_WATCH, { at: now.toISOString(), insiderId: topInsider } satisfies WatchMark);
      return 0;
    }
    const since = new Date(new Date(mark.at).getTime() - LATE_COMMIT_MS);
    const causes: CompanyCause[] = [];

    const articles = await db
      .select({
        id: newsView.id,
        title: newsView.title,
        symbol: newsView.companySymbol,
        kind: newsView.kind,
        publishedAt: newsView.publishedAt,
      })
      .from(newsView)
      .where(
        and(isNotNull(newsView.companySymbol), publishedSince(newsView.publishedAt, newsView.updatedAt, since, now)),
      );
    // A video staff publish about a company (an interview, a presentation) is news about it too.
    const clips = await db
      .select({ id: videosView.id, title: videosView.name, symbol: videosView.companySymbol })
      .from(videosView)
      .where(
        and(
          isNotNull(videosView.companySymbol),
          eq(videosView.disabled, false),
          publishedSince(videosView.published, videosView.updatedAt, since, now),
        ),
      );
    const webinarFields = {
      id: eventsView.id,
      title: eventsView.title,
      symbol: eventsView.companySymbol,
      startsAt: eventsView.upcomingDate,
    };
    const scheduled = await db
      .select(webinarFields)
      .from(eventsView)
      .where(and(upcomingWebinar(now), or(gt(eventsView.createdAt, since), gt(eventsView.updatedAt, since))));
    const soon = await db
      .select(webinarFields)
      .from(eventsView)
      .where(and(upcomingWebinar(now), lte(eventsView.upcomingDate, new Date(now.getTime() + WEBINAR_SOON_MS))));
    // A trade filed long before it reached the site (a quarter's data set imported) is history, not news.
    const filedSince = new Date(now.getTime() - INSIDER_NEWS_DAYS * 86_400_000).toISOString().slice(0, 10);
    const insiders = await db
      .select()
      .from(insiderTransactionsView)
      .where(
        and(
          gt(insiderTransactionsView.id, mark.insiderId),
          or(isNull(insiderTransactionsView.filedOn), gte(insiderTransactionsView.filedOn, filedSince)),
        ),
      );

    const names = await namesOf(db, [
      ...articles.map((a) => a.symbol!),
      ...clips.map((v) => v.symbol!),
      ...scheduled.map((e) => e.symbol!),
      ...soon.map((e) => e.symbol!),
      ...insiders.map((i) => i.companySymbol),
    ]);
    const name = (symbol: string) => names.get(symbol) ?? symbol;
    for (const a of articles) causes.push(articleCause({ ...a, symbol: a.symbol! }, name(a.symbol!)));
    for (const v of clips) {
      causes.push({
        kind: 'news',
        causeKey: `video:${v.id}`,
        symbol: v.symbol!,
        title: `Video: ${v.title}`,
        body: `A video about ${name(v.symbol!)} (${v.symbol}).`,
        link: `/video/${v.id}`,
      });
    }
    for (const e of scheduled) {
      causes.push({
        kind: 'webinar-scheduled',
        causeKey: `event:${e.id}:scheduled`,
        symbol: e.symbol!,
        title: `Webinar with ${e.symbol} on ${formatEventTime(e.startsAt)}`,
        body: `${name(e.symbol!)}: ${e.title}`,
        link: '/events',
      });
    }
    for (const e of soon) {
      causes.push({
        kind: 'webinar-soon',
        causeKey: `event:${e.id}:soon`,
        symbol: e.symbol!,
        title: `Webinar with ${e.symbol} in one hour`,
        body: `${name(e.symbol!)}: ${e.title}, ${formatEventTime(e.startsAt)}.`,
        link: '/events',
      });
    }
    for (const t of insiders) {
      // Only a purchase or a sale in the market is an insider buying or selling; a grant, an exercise or
      // shares withheld for tax alert nobody.
      const trade = insiderTrade(t.code, t.isBuy);
      if (!trade) continue;
      const did = trade === 'buy' ? 'bought' : 'sold';
      causes.push({
        kind: trade === 'buy' ? 'insider-buy' : 'insider-sell',
        causeKey: `insider:${t.id}`,
        symbol: t.companySymbol,
        title: `${t.companySymbol} insider ${did} ${t.amountPurchased.toLocaleString('en-US')} shares`,
        body: `${t.purchaser} ${did} ${name(t.companySymbol)} shares on ${t.dateOfPurchase}${
          t.price ? ` at ${formatDollars(t.price)}` : ''
        }${t.tradingPlan ? ', under a Rule 10b5-1 trading plan' : ''}.`,
        link: `/stocks/${t.companySymbol}#insider`,
      });
    }
    const fresh = causes.filter((c) => !raised.has(c.causeKey));
    const added = await raiseCompanyAlerts(db, fresh, { batch: options.batch, signal });
    if (signal?.aborted) return added;
    if (raised.size > 100_000) raised.clear();
    for (const c of fresh) raised.add(c.causeKey);
    await writeMeta(db, META_ALERT_WATCH, {
      at: now.toISOString(),
      insiderId: Math.max(mark.insiderId, topInsider),
    } satisfies WatchMark);
    return added;
  }

  return { look };
}
