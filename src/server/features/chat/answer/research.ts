/**
 * What RedChat can look up, for both engines: read-only questions to the
 * site's own data, each answer carrying the page (or filing, or article)
 * where a reader can check it. Public data only, plus the asking reader's own
 * favorites; individual analyst ratings only for signed-in readers, as on
 * the company page.
 */
import { insiderTrade } from '../../../../lib/insider-codes.ts';
import { companySectionPath, type CompanySection, type FilingGroupName } from '../../../../lib/company.ts';
import type { InsiderRecordData } from '../../../../lib/content-records.ts';
import { screenToParams, defaultScreenState, type ScreenState } from '../../../../lib/screener-state.ts';
import type { ScreenerRow, SortField } from '../../../../lib/screener.ts';
import type { Db } from '../../../platform/db/client.ts';
import {
  companyProfile,
  favoriteSymbols,
  analystCoverage,
  insiderRecordsOf,
  listBioPhases,
  listFilings,
  priceHistory,
  officersOfCompany,
  requireCompany,
  teamOf,
  type CompanyRow,
} from '../../companies/index.ts';
import { listHoldings } from '../../edgar/index.ts';
import { upcomingEvents, webinarsOf } from '../../events/index.ts';
import { listIpos } from '../../ipos/index.ts';
import { indexCloseAsOf, listIndices } from '../../market/index.ts';
import { companyNews, listNews } from '../../news/index.ts';
import { leadersLaggards, runScreen, type Snapshot } from '../../screener/index.ts';
import type { CompanyDirectory } from './company-mentions.ts';
import { noSessionYet, periodStart, type Period } from './period.ts';
import { sessionAt } from './session.ts';

export interface ResearchContext {
  db: Db;
  snapshot: Snapshot;
  directory: CompanyDirectory;
  /** The reader, when signed in. */
  userId: number | null;
  now: Date;
}

/** Where a section of a company's page is. */
export const sectionLink = (company: Pick<CompanyRow, 'symbol' | 'isClient'>, section: CompanySection) =>
  companySectionPath(company.symbol, section, company.isClient);

export const company = (ctx: ResearchContext, symbol: string): Promise<CompanyRow> => requireCompany(ctx.db, symbol);

export interface PeriodChange {
  period: Period;
  /** The close the period starts from (the last one on or before its first day), or the oldest one on record. */
  from: { date: string; close: number } | null;
  /** Whether the price history begins after the period's first day (the change covers less). */
  shorter: boolean;
  /** Whether the market has had no session in the period yet ('this week' on Monday before the open). */
  noSession: boolean;
  changePercent: number | null;
}

/** The change over a period from daily closes (oldest first) to a last price. */
function changeOver(period: Period, now: Date, bars: { date: string; close: number }[], last: number | null) {
  const start = periodStart(period, now);
  let from: PeriodChange['from'] = null;
  for (const bar of bars) {
    if (bar.date > start) break;
    from = { date: bar.date, close: bar.close };
  }
  const shorter = from === null && bars.length > 0;
  if (shorter) from = { date: bars[0]!.date, close: bars[0]!.close };
  const changePercent = from && last !== null && from.close > 0 ? (last / from.close - 1) * 100 : null;
  return { period, from, shorter, noSession: noSessionYet(period, now), changePercent };
}

export interface Performance {
  /** The price the changes run to: the last sale, or the last close before the day's first trade. */
  last: number | null;
  firstDate: string | null;
  changes: PeriodChange[];
}

/** What a company's moves are measured with: its last sale and the session's change. */
export type PricedCompany = Pick<CompanyRow, 'symbol' | 'lastSale' | 'preClose' | 'changePercent'>;

/** A screener row's prices, to measure its moves with. */
export const pricedRow = (r: ScreenerRow): PricedCompany => ({
  symbol: r.symbol,
  lastSale: r.last_sale,
  preClose: r.pre_close,
  changePercent: r.change_pre,
});

/** How a company's price moved over periods, from its daily closes to the last price. */
export async function performance(ctx: ResearchContext, c: PricedCompany, periods: Period[]): Promise<Performance> {
  const history = await priceHistory(ctx.db, c.symbol, '1Y');
  const bars = history.data;
  const last = c.lastSale ?? bars.at(-1)?.close ?? null;
  const firstDate = bars[0]?.date ?? null;
  const session = sessionAt(ctx.now);
  const changes = periods.map((period): PeriodChange => {
    // The session's change is the snapshot's, unless the 3:30am reset cleared it before today's open:
    // the last session's move is then in the daily closes.
    if (period.unit === 'session' && (c.changePercent !== null || session.today)) {
      return {
        period,
        from: c.preClose === null ? null : { date: periodStart(period, ctx.now), close: c.preClose },
        shorter: false,
        noSession: false,
        changePercent: c.changePercent,
      };
    }
    return changeOver(period, ctx.now, bars, last);
  });
  return { last, firstDate, changes };
}

/**
 * The company page's analyst figures, derived from the ratings as the page
 * derives them (or from a provider's consensus, named, for a company without
 * ratings), and the latest ratings themselves: signed-in readers only (docs/product.md §9.8, §13.2).
 */
export async function analystFigures(ctx: ResearchContext, c: CompanyRow, count: number) {
  const { ratings, summary, consensus } = await analystCoverage(ctx.db, c);
  return { summary, consensus, latest: ctx.userId === null ? null : ratings.slice(0, count) };
}

export interface InsiderSummary {
  /** Market purchases and sales of the last 12 months. */
  bought: { count: number; shares: number };
  sold: { count: number; shares: number };
  recent: InsiderRecordData[];
  total: number;
}

export async function insiders(ctx: ResearchContext, c: CompanyRow, recentCount: number): Promise<InsiderSummary> {
  const records = (await insiderRecordsOf(ctx.db, [c.symbol])).get(c.symbol) ?? [];
  const since = periodStart({ unit: 'year', count: 1 }, ctx.now);
  const bought = { count: 0, shares: 0 };
  const sold = { count: 0, shares: 0 };
  for (const r of records) {
    if (r.date_of_purchase < since) continue;
    // Only purchases and sales in the market count: grants, exercises and tax withholding do not.
    const trade = insiderTrade(r.code ?? null, r.is_buy);
    if (!trade) continue;
    const side = trade === 'buy' ? bought : sold;
    side.count++;
    side.shares += r.amount_purchased;
  }
  return { bought, sold, recent: records.slice(0, recentCount), total: records.length };
}

export const holdings = (ctx: ResearchContext, c: CompanyRow, count: number) =>
  listHoldings(ctx.db, c.symbol, 1, count);

export const filings = (ctx: ResearchContext, c: CompanyRow, groups: FilingGroupName[], count: number) =>
  listFilings(ctx.db, c.symbol, { page: 1, pageSize: count, groups });

export const bioPhases = (ctx: ResearchContext, c: CompanyRow) => listBioPhases(ctx.db, c.symbol);

export const news = async (ctx: ResearchContext, c: CompanyRow, count: number) =>
  (await companyNews(ctx.db, c.symbol, 1, count)).items;

/** The newest articles on the site. */
export const latestNews = async (ctx: ResearchContext, count: number) => (await listNews(ctx.db, 1, count)).items;

/** The IPO calendar's newest rows, as the /stocks/IPO grid shows them. */
export const ipoCalendar = (ctx: ResearchContext, count: number) => listIpos(ctx.db, 1, count);

export const profile = (ctx: ResearchContext, c: CompanyRow) => companyProfile(ctx.db, c.symbol);

export const team = (ctx: ResearchContext, c: CompanyRow) => teamOf(ctx.db, c.symbol);

/** The officers and directors the company's ownership filings name lately (the Leadership tab's list without a team). */
export const officers = (ctx: ResearchContext, c: CompanyRow) => officersOfCompany(ctx.db, c.symbol, ctx.now);

/** Where a reader registers for an event, or watches its replay. */
export const eventLink = (e: { form_url: string | null; zoom_id: string | null; replayLink?: string | null }) =>
  e.form_url && e.zoom_id ? `/events/form/${e.form_url}/${e.zoom_id}` : '/events';

/** A company's webinars still to come, soonest first, and its latest past one. */
export async function companyWebinars(ctx: ResearchContext, c: CompanyRow) {
  const all = await webinarsOf(ctx.db, c.symbol);
  const now = ctx.now.getTime();
  const upcoming = all.filter((w) => !w.archived && Date.parse(w.upcoming_date) >= now).reverse();
  const past = all.find((w) => Date.parse(w.upcoming_date) < now || w.archived) ?? null;
  return { upcoming, past };
}

export const upcomingWebinars = (ctx: ResearchContext, count: number) => upcomingEvents(ctx.db, count, ctx.now);

export interface ScreenAnswer {
  total: number;
  rows: ScreenerRow[];
  /** The screener page showing this screen. */
  link: string;
}

/** The screener's own answer to a screen, and the link that opens it on the screener page. */
export function screen(
  ctx: ResearchContext,
  filters: Record<string, string>,
  sort: { field: SortField; direction: 'asc' | 'desc' },
  limit: number,
): ScreenAnswer {
  const result = runScreen(ctx.snapshot, {
    page: 1,
    pageSize: limit,
    filters,
    sortField: sort.field,
    sortDirection: sort.direction,
  });
  const { Sector: sector, ...panel } = filters;
  const state: ScreenState = {
    ...defaultScreenState(),
    values: panel,
    active: [...new Set([...defaultScreenState().active, ...Object.keys(panel)])],
    sector: sector ?? null,
    sortField: sort.field,
    sortDirection: sort.direction,
  };
  const query = screenToParams(state).toString();
  return { total: result.totalItems, rows: result.companies, link: `/stocks${query ? `?${query}` : ''}` };
}

/** How an index moved over a period, from its daily closes to its latest level. */
async function indexChange(ctx: ResearchContext, index: { symbol: string; last: number | null }, period: Period) {
  const from = await indexCloseAsOf(ctx.db, index.symbol, periodStart(period, ctx.now));
  const last = index.last;
  return {
    period,
    from: from && { date: from.date, close: from.close },
    shorter: from?.later ?? false,
    noSession: noSessionYet(period, ctx.now),
    changePercent: from && last !== null && from.close > 0 ? (last / from.close - 1) * 100 : null,
  } satisfies PeriodChange;
}

/**
 * The small-cap indices, with their change over a period when one is asked
 * (other than the session), and the session's biggest movers.
 */
export async function market(ctx: ResearchContext, moversCount: number, period: Period | null = null) {
  const indices = await listIndices(ctx.db);
  const over = period && period.unit !== 'session';
  return {
    indices: await Promise.all(
      indices.map(async (i) => ({ ...i, over: over ? await indexChange(ctx, i, period) : null })),
    ),
    leaders: leadersLaggards(ctx.snapshot, 'leaders', 1, moversCount).data,
    laggards: leadersLaggards(ctx.snapshot, 'laggards', 1, moversCount).data,
  };
}

/** The reader's favorite companies as the screener has them (null for a guest). */
export async function favorites(ctx: ResearchContext): Promise<ScreenerRow[] | null> {
  if (ctx.userId === null) return null;
  const symbols = await favoriteSymbols(ctx.db, ctx.userId);
  return [...symbols]
    .map((s) => ctx.snapshot.bySymbol.get(s))
    .filter((r): r is ScreenerRow => r !== undefined)
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
}
