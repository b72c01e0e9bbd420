/**
 * Company-page reads (spec 001 §3, §7; 002 §2): the market record, price
 * history, filings, holdings, bio phases, analyst ratings, the team, videos,
 * webinars and a client's landing page. Every read by symbol answers 404 for
 * a symbol that is not listed.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { CHART_RANGE_DAYS, filingTypesOf, type ChartRange } from '../../../lib/company.ts';
import { addDays } from '../../../lib/market-calendar.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  analystRatings,
  bioPhases,
  clients,
  companies,
  companyLandingPages,
  companyLeaders,
  companyProfiles,
  dailyPrices,
  events,
  favoriteEvents,
  institutionalHoldings,
  insiderTransactions,
  secFilings,
  specialists,
  videos,
} from '../../schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import { FAVORITE_WEBINARS, favoriteIds } from '../favorites/service.ts';
import { videoById, type VideoItem } from '../videos/service.ts';
import type { InsiderRecordData } from '../../../lib/content-records.ts';

export const normalizeSymbol = (symbol: string) => symbol.trim().toUpperCase();

/** The listed company, or a 404 naming the symbol. */
export async function requireCompany(db: Db, symbol: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.symbol, normalizeSymbol(symbol)))
    .limit(1);
  if (!row) throw notFound(`No company with the symbol ${normalizeSymbol(symbol)}.`);
  return row;
}

/** Newest first: the order every list of insider transactions uses. */
export const insiderOrder = [desc(insiderTransactions.dateOfPurchase), desc(insiderTransactions.id)];

export const insiderOut = (r: typeof insiderTransactions.$inferSelect): InsiderRecordData => ({
  amount_purchased: r.amountPurchased,
  purchaser: r.purchaser,
  date_of_purchase: r.dateOfPurchase,
  company_symbol: r.companySymbol,
  is_buy: r.isBuy,
});

export async function insiderRecords(db: Db, symbol: string): Promise<InsiderRecordData[]> {
  const rows = await db
    .select()
    .from(insiderTransactions)
    .where(eq(insiderTransactions.companySymbol, symbol))
    .orderBy(...insiderOrder);
  return rows.map(insiderOut);
}

export async function companyDescription(db: Db, symbol: string): Promise<string | null> {
  const [row] = await db
    .select({ description: companyProfiles.description })
    .from(companyProfiles)
    .where(eq(companyProfiles.symbol, symbol));
  return row?.description ?? null;
}

/** The company market record (001 §3), with the last sale and the quote's time for the header. */
export async function companyMarketRecord(db: Db, symbol: string) {
  const c = await requireCompany(db, symbol);
  const [description, insider] = await Promise.all([companyDescription(db, c.symbol), insiderRecords(db, c.symbol)]);
  return {
    name: c.name,
    symbol: c.symbol,
    last_sale: c.lastSale,
    open: c.open,
    pre_close: c.preClose,
    volume: c.volume,
    volume_avg: c.volumeAvg,
    market_cap: c.marketCap,
    daylow: c.dayLow,
    dayhigh: c.dayHigh,
    week52low: c.week52Low,
    week52high: c.week52High,
    shares_outstanding: c.sharesOutstanding,
    net_change: c.netChange,
    change_pre: c.changePercent,
    market: c.market,
    sector_name: c.sectorName,
    industry: c.industry,
    ipo_year: c.ipoYear,
    country: c.country,
    is_client: c.isClient,
    description,
    quote_updated_at: c.quoteUpdatedAt?.toISOString() ?? null,
    insiderOwnershipRecords: insider,
  };
}

/** Daily bars over a range, oldest first, ending at the latest bar. */
export async function priceHistory(db: Db, symbol: string, range: ChartRange) {
  const c = await requireCompany(db, symbol);
  const [last] = await db
    .select({ date: dailyPrices.date })
    .from(dailyPrices)
    .where(eq(dailyPrices.symbol, c.symbol))
    .orderBy(desc(dailyPrices.date))
    .limit(1);
  if (!last) return { symbol: c.symbol, range, data: [] };
  const rows = await db
    .select()
    .from(dailyPrices)
    .where(and(eq(dailyPrices.symbol, c.symbol), gte(dailyPrices.date, addDays(last.date, -CHART_RANGE_DAYS[range]))))
    .orderBy(asc(dailyPrices.date));
  return {
    symbol: c.symbol,
    range,
    data: rows.map((r) => ({ date: r.date, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume })),
  };
}

/** Newest first, undated last. */
export const bioPhaseOrder = [sql`${bioPhases.date} desc nulls last`, asc(bioPhases.id)];

export const bioPhaseOut = (r: typeof bioPhases.$inferSelect) => ({
  id: r.id,
  company_symbol: r.companySymbol,
  stage: r.stage,
  drug_name: r.drugName,
  date: r.date,
  raw_text_link: r.rawTextLink,
});

export async function listBioPhases(db: Db, symbol: string) {
  const c = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(bioPhases)
    .where(eq(bioPhases.companySymbol, c.symbol))
    .orderBy(...bioPhaseOrder);
  return rows.map(bioPhaseOut);
}

export async function listAnalystRatings(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const where = eq(analystRatings.companySymbol, c.symbol);
  const rows = await db
    .select()
    .from(analystRatings)
    .where(where)
    .orderBy(desc(analystRatings.recommendationDate), asc(analystRatings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(analystRatings).where(where);
  return {
    data: rows.map((r) => ({
      companySymbol: r.companySymbol,
      analystName: r.analystName,
      firmName: r.firmName,
      recommendation: r.recommendation,
      recommendationDate: r.recommendationDate,
      priceTarget: r.priceTarget,
      analystRank: r.analystRank,
      successRate: r.successRate,
    })),
    total: Number(total?.n ?? 0),
  };
}

export async function listHoldings(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const where = eq(institutionalHoldings.companySymbol, c.symbol);
  const rows = await db
    .select()
    .from(institutionalHoldings)
    .where(where)
    .orderBy(desc(institutionalHoldings.sharesHeld), asc(institutionalHoldings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(institutionalHoldings).where(where);
  return {
    data: rows.map((r) => ({
      id: r.id,
      institutionName: r.institutionName,
      sharesHeldPercentage: r.sharesHeldPercentage,
      sharesHeld: r.sharesHeld,
      marketValue: r.marketValue,
      filingDate: r.filingDate,
    })),
    totalItems: Number(total?.n ?? 0),
  };
}

export interface FilingQuery {
  page: number;
  pageSize: number;
  /** Filed on or before this date. */
  date?: string;
  /** Filing-type group names; none means every filing. */
  groups?: string[];
}

export async function listFilings(db: Db, symbol: string, query: FilingQuery) {
  const c = await requireCompany(db, symbol);
  const conditions = [eq(secFilings.companySymbol, c.symbol)];
  if (query.date) conditions.push(lte(secFilings.dateAsOfChange, query.date));
  if (query.groups?.length) conditions.push(inArray(secFilings.filingType, filingTypesOf(query.groups)));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(secFilings)
    .where(where)
    .orderBy(desc(secFilings.dateAsOfChange), desc(secFilings.accessionKey))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(secFilings).where(where);
  return { data: rows.map(filingOut), totalItems: Number(total?.n ?? 0) };
}

const filingOut = (r: typeof secFilings.$inferSelect) => ({
  accession_key: r.accessionKey,
  company_symbol: r.companySymbol,
  filing_type: r.filingType,
  description: r.description,
  raw_text_link: r.rawTextLink,
  document_count: r.documentCount,
  date_as_of_change: r.dateAsOfChange,
});

export async function filingByAccession(db: Db, accession: string) {
  const [row] = await db
    .select({ filing: secFilings, name: companies.name, market: companies.market, sic: companies.sicCode })
    .from(secFilings)
    .innerJoin(companies, eq(companies.symbol, secFilings.companySymbol))
    .where(eq(secFilings.accessionKey, accession));
  if (!row) throw notFound('No filing with that accession number.');
  return { ...filingOut(row.filing), company_name: row.name, market: row.market, sic_code: row.sic };
}

export async function teamOf(db: Db, symbol: string) {
  const c = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(companyLeaders)
    .where(eq(companyLeaders.companySymbol, c.symbol))
    .orderBy(asc(companyLeaders.sortOrder), asc(companyLeaders.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    headshot_url: r.headshotUrl,
    description: r.description,
  }));
}

/** The latest interview and the latest overview video of a company (disabled videos aside). */
export async function companyVideos(
  db: Db,
  symbol: string,
  userId?: number,
): Promise<{ interview: VideoItem | null; overview: VideoItem | null }> {
  const c = await requireCompany(db, symbol);
  const latest = async (type: 'Interview' | 'Overview') => {
    const [row] = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.companySymbol, c.symbol), eq(videos.type, type), eq(videos.disabled, false)))
      .orderBy(sql`${videos.published} desc nulls last`, desc(videos.id))
      .limit(1);
    return row ? videoById(db, row.id, userId) : null;
  };
  return { interview: await latest('Interview'), overview: await latest('Overview') };
}

export interface Webinar {
  id: number;
  title: string;
  replayLink: string | null;
  upcoming_date: string;
  company_symbol: string | null;
  archived: boolean;
  form_url: string | null;
  zoom_id: string | null;
  isFavorite: boolean;
}

const webinarOut = (e: typeof events.$inferSelect, favorite: boolean): Webinar => ({
  id: e.id,
  title: e.title,
  replayLink: e.archiveUrl,
  upcoming_date: e.upcomingDate.toISOString(),
  company_symbol: e.companySymbol,
  archived: e.archived,
  form_url: e.formUrl,
  zoom_id: e.zoomId,
  isFavorite: favorite,
});

/** A company's active webinars, newest first (upcoming ones on top). */
export async function webinarsOf(db: Db, symbol: string, userId?: number): Promise<Webinar[]> {
  const c = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.companySymbol, c.symbol), eq(events.isActive, true)))
    .orderBy(desc(events.upcomingDate), desc(events.id));
  const favorites = await favoriteIds(
    db,
    FAVORITE_WEBINARS,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => webinarOut(r, favorites.has(r.id)));
}

export async function eventByZoomId(db: Db, zoomId: string, userId?: number) {
  const [row] = await db
    .select({ event: events, companyName: companies.name })
    .from(events)
    .leftJoin(companies, eq(companies.symbol, events.companySymbol))
    .where(eq(events.zoomId, zoomId))
    .limit(1);
  if (!row) throw notFound('No event with that zoom id.');
  const favorites = await favoriteIds(db, FAVORITE_WEBINARS, userId, [row.event.id]);
  return { ...webinarOut(row.event, favorites.has(row.event.id)), company_name: row.companyName };
}

export async function favoriteWebinars(db: Db, userId: number): Promise<Webinar[]> {
  const rows = await db
    .select({ event: events })
    .from(favoriteEvents)
    .innerJoin(events, eq(events.id, favoriteEvents.eventId))
    .where(eq(favoriteEvents.userId, userId))
    .orderBy(desc(favoriteEvents.createdAt));
  return rows.map((r) => webinarOut(r.event, true));
}

/** A client's landing-page data (001 §3 "Company profile page data"), with its disclosure. */
export async function landingPageOf(db: Db, ticker: string) {
  const c = await requireCompany(db, ticker);
  const [row] = await db
    .select({ page: companyLandingPages, client: clients, specialist: specialists })
    .from(companyLandingPages)
    .leftJoin(clients, eq(clients.companySymbol, companyLandingPages.companySymbol))
    .leftJoin(specialists, eq(specialists.id, clients.assignedSpecialistId))
    .where(eq(companyLandingPages.companySymbol, c.symbol));
  if (!row || !row.page.active) throw notFound(`${c.symbol} has no company landing page.`);
  const p = row.page;
  return {
    company_symbol: c.symbol,
    title: p.title,
    seo: p.seo,
    subtitle: p.subtitle,
    jumbo_video: p.jumboVideo,
    letter: p.letter,
    website_url: p.websiteUrl,
    overview: p.overview,
    extra_title: p.extraTitle,
    extra_info: p.extraInfo,
    extra_title_two: p.extraTitleTwo,
    extra_info_two: p.extraInfoTwo,
    presentation: p.presentation,
    presentation_title: p.presentationTitle,
    valueprop_title: p.valuepropTitle,
    value_prop: p.valueProp,
    highlights: p.investmentHighlights ?? p.highlights,
    disclosure: row.client?.disclosure ?? null,
    podcast_link: p.podcastLink,
    askceo_title: p.askceoTitle,
    jumbotron_gradient_opacity: p.jumbotronGradientOpacity,
    jumbotron_title_color: p.jumbotronTitleColor,
    jumbotron_subtitle_color: p.jumbotronSubtitleColor,
    specialist: row.specialist
      ? {
          name: row.specialist.name,
          title: row.specialist.title,
          email: row.specialist.email,
          phone: row.specialist.phone,
        }
      : null,
  };
}

export type LandingPage = Awaited<ReturnType<typeof landingPageOf>>;

export async function podcastLinkOf(db: Db, symbol: string): Promise<string | null> {
  const c = await requireCompany(db, symbol);
  const [row] = await db
    .select({ link: companyLandingPages.podcastLink })
    .from(companyLandingPages)
    .where(eq(companyLandingPages.companySymbol, c.symbol));
  return row?.link ?? null;
}
