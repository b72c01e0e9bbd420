/**
 * The facts RedChat gives about a company, each built once from the
 * research, with every figure worded as the site shows it (figures.ts) and
 * the source a reader can check it at. Both engines answer from these: the
 * built-in one writes them into sentences (company-sections.ts), the model's
 * tools hand them over as data (tools.ts), so a figure reads and is cited
 * the same way on both paths. Each path cites a fact's sources itself, in
 * the order its answer shows them.
 */
import { insiderCodeMeaning, insiderTrade } from '../../../../lib/insider-codes.ts';
import { BIO_PHASE_GROUP_ORDER, bioPhaseGroupOf, type FilingGroupName } from '../../../../lib/company.ts';
import { formatPartialDate } from '../../../../lib/trials.ts';
import { dataSourceLabel } from '../../../../lib/data-sources.ts';
import { formatEventTime } from '../../../../lib/time-format.ts';
import { officerSince } from '../../../../lib/company-officers.ts';
import { issuerOwnersUrl } from '../../../../lib/edgar-links.ts';
import { periodLabel, periodsOf } from '../../../../lib/financial-records.ts';
import {
  dilutionExplanation,
  formatFigure,
  formatGrowth,
  runwayExplanation,
  runwayLabel,
  type StatementLineId,
} from '../../../../lib/financials.ts';
import type { CompanyRow } from '../../companies/index.ts';
import { financialsOf } from '../../financials/index.ts';
import { latestShortInterestOf } from '../../short-interest/index.ts';
import { shortInterestFigures } from '../../../../lib/short-interest.ts';
import * as f from './figures.ts';
import type { Period } from './period.ts';
import * as research from './research.ts';
import { onSession, type Session } from './session.ts';

/** Where a fact can be checked: the label its citation shows and the page (or document) it opens. */
export interface Source {
  label: string;
  href: string;
}

/** The market statistics on the company page. */
const marketDataSource = (c: CompanyRow): Source => ({
  label: `${c.symbol} market data`,
  href: research.sectionLink(c, 'market-stats'),
});

/** The company's row in the screener, which holds its indicators and revenue growth. */
const screenerRowSource = (c: CompanyRow): Source => ({
  label: `${c.symbol} in the screener`,
  href: `/stocks?symbol=${encodeURIComponent(c.symbol)}`,
});

export const analystSource = (c: CompanyRow): Source => ({
  label: `${c.symbol} analyst ratings`,
  href: research.sectionLink(c, 'analyst-reports'),
});

export const institutionSource = (c: CompanyRow): Source => ({
  label: `${c.symbol} institutional ownership`,
  href: research.sectionLink(c, 'institutional'),
});

/** An article on the site. */
export const articleSource = (item: { id: number | string; title: string }): Source => ({
  label: item.title,
  href: `/news/${item.id}`,
});

/**
 * When a company's last sale was made: imported prices are a past session's
 * close, named with their source; demo and live quotes are the latest
 * session's, today's or the last one named (session.ts).
 */
function quoteTime(c: CompanyRow, session: Session): string {
  const imported = c.dataSource !== 'demo' && c.pricesAsOf && !c.quoteUpdatedAt;
  return imported ? `at the ${c.pricesAsOf} close (${dataSourceLabel(c.dataSource)})` : onSession(session);
}

/** A company's quote and market statistics, as the company page shows them. */
export function marketStats(c: CompanyRow, session: Session) {
  const last = c.lastSale ?? c.preClose;
  return {
    source: marketDataSource(c),
    symbol: c.symbol,
    name: c.name,
    lastPrice: f.price(c.lastSale),
    /** The change in the latest session; none before the open, when the day's fields are cleared. */
    hasSessionChange: c.changePercent !== null,
    sessionChange: f.change(c.changePercent),
    /** When the session's figures (change, volume) are from: 'today' or the last session, named. */
    session: onSession(session),
    netChange: f.signedDollars(c.netChange),
    previousClose: f.price(c.preClose),
    open: f.price(c.open),
    /** The last sale, or the previous close before the day's first trade. */
    latestPrice: f.price(last),
    /** When the last sale was made: 'today', or a named past session's close. */
    tradedWhen: c.lastSale === null ? 'at the previous close' : quoteTime(c, session),
    quoteTime: quoteTime(c, session),
    /** The quote's own time, as readers see times, when the quote has one. */
    quotedAt: c.quoteUpdatedAt ? formatEventTime(c.quoteUpdatedAt) : null,
    quotedAtIso: c.quoteUpdatedAt?.toISOString() ?? null,
    dayRange: c.dayLow === null ? null : `${f.price(c.dayLow)} – ${f.price(c.dayHigh)}`,
    week52Range: c.week52Low === null ? null : `${f.price(c.week52Low)} – ${f.price(c.week52High)}`,
    week52Low: f.price(c.week52Low),
    week52High: f.price(c.week52High),
    /** How far the latest price sits from the 52-week low and high. */
    week52Position:
      last !== null && c.week52Low !== null && c.week52High !== null && c.week52Low > 0
        ? {
            price: f.price(last),
            aboveLow: `${((last / c.week52Low - 1) * 100).toFixed(2)}%`,
            belowHigh: `${((1 - last / c.week52High) * 100).toFixed(2)}%`,
          }
        : null,
    volume: f.shares(c.volume),
    averageVolume: f.shares(c.volumeAvg),
    /** The session's volume against the average: '1.25×'. */
    volumeRatio: c.volume !== null && c.volumeAvg ? `${(c.volume / c.volumeAvg).toFixed(2)}×` : null,
    marketCap: f.money(c.marketCap),
    sharesOutstanding: f.shares(c.sharesOutstanding),
    floatShares: f.shares(c.floatShares),
    freeFloat: f.percent(c.freeFloat),
    exchange: c.market,
    sector: c.sectorName,
    industry: c.industry,
    country: c.country,
    ipoYear: c.ipoYear,
  };
}

/** The technical indicators and revenue growth the screener shows for a company. */
export function screenerFigures(c: CompanyRow) {
  return {
    source: screenerRowSource(c),
    rsi: f.decimal(c.latestRsi),
    ema20: f.price(c.latestEma),
    sma50: f.price(c.latestSma),
    macd: f.decimal(c.latestMacd),
    /** What traders call an RSI of 70 or more, or of 30 or less. */
    rsiReading: c.latestRsi === null ? null : c.latestRsi >= 70 ? 'overbought' : c.latestRsi <= 30 ? 'oversold' : null,
    revenueGrowthYoy: f.signedPercent(c.yearOverYearRevenue),
    revenueGrowthQoq: f.signedPercent(c.quarterOverQuarterRevenue),
    hasRevenueGrowth: c.yearOverYearRevenue !== null || c.quarterOverQuarterRevenue !== null,
  };
}

/** How a company's price moved over periods, from its daily closes to the last price. */
export async function performanceFacts(ctx: research.ResearchContext, c: CompanyRow, periods: Period[]) {
  const result = await research.performance(ctx, c, periods);
  return {
    source: { label: `${c.symbol} price history`, href: research.sectionLink(c, 'chart') } as Source,
    /** Whether there is any price at all (a last sale or a close). */
    hasPrices: result.last !== null,
    /** The price the changes run to. */
    last: f.price(result.last),
    historyStarts: result.firstDate ? f.day(result.firstDate) : null,
    changes: result.changes.map((p) => ({
      period: p.period,
      /** Null when no price is on record to measure from. */
      change: p.changePercent === null ? null : f.change(p.changePercent),
      fromClose: p.from ? f.price(p.from.close) : null,
      fromDate: p.from ? f.day(p.from.date) : null,
      /** The price history begins after the period's first day, so the change covers less. */
      shorter: p.shorter,
      /** The market has had no session in the period yet. */
      noSession: p.noSession,
    })),
  };
}
export type PerformanceFacts = Awaited<ReturnType<typeof performanceFacts>>;

/** The analyst coverage the screener's snapshot holds for a company: counts and the average target. */
export function coverage(c: CompanyRow) {
  return {
    source: analystSource(c),
    analysts: c.totalAnalysts,
    buy: c.buyRatings,
    hold: c.holdRatings,
    sell: c.sellRatings,
    averageTarget: f.price(c.priceTarget),
  };
}

/** The analysts' ratings and targets; the latest individual ratings for signed-in readers only. */
export async function analystFacts(ctx: research.ResearchContext, c: CompanyRow, count: number) {
  const { summary: a, latest, consensus } = await research.analystFigures(ctx, c, count);
  return {
    source: analystSource(c),
    /** Where the figures come from when they are a provider's consensus ('Consensus of 46 analysts, Finnhub, …'). */
    consensus: consensus?.line ?? null,
    analysts: a.totalAnalysts,
    buy: a.buyRatings,
    hold: a.holdRatings,
    sell: a.sellRatings,
    hasTarget: a.priceTarget !== null,
    averageTarget: f.price(a.priceTarget),
    highTarget: f.price(a.highPriceTarget),
    lowTarget: f.price(a.lowPriceTarget),
    targetUpside: f.signedPercent(a.priceTargetUpside),
    /** Null for a guest. */
    latest:
      latest?.map((r) => ({
        firm: r.firmName,
        analyst: r.analystName,
        rating: r.recommendation,
        date: f.day(r.recommendationDate),
        hasTarget: r.priceTarget !== null,
        target: f.price(r.priceTarget),
      })) ?? null,
  };
}

/** Insider buys and sells: the past 12 months' totals and the latest transactions. */
export async function insiderFacts(ctx: research.ResearchContext, c: CompanyRow, recentCount: number) {
  const s = await research.insiders(ctx, c, recentCount);
  return {
    source: { label: `${c.symbol} insider transactions`, href: research.sectionLink(c, 'insider') } as Source,
    total: s.total,
    bought: { count: s.bought.count, shares: f.shares(s.bought.shares) },
    sold: { count: s.sold.count, shares: f.shares(s.sold.shares) },
    recent: s.recent.map((r) => ({
      date: f.day(r.date_of_purchase),
      insider: r.purchaser,
      shares: f.shares(r.amount_purchased),
      /** Bought or sold in the market; null for a grant, an exercise, a withholding, a gift… */
      trade: insiderTrade(r.code ?? null, r.is_buy),
      /** What the code says the row was ('Grant or award from the company'). */
      kind: insiderCodeMeaning(r.code ?? null),
    })),
  };
}

/** The share of a company institutions own, as the screener's snapshot holds it. */
export const institutionalOwnership = (c: CompanyRow) => f.percent(c.institutionalOwnership);

/** Institutional ownership and the largest holders. */
export async function institutionFacts(ctx: research.ResearchContext, c: CompanyRow, count: number) {
  const held = await research.holdings(ctx, c, count);
  return {
    source: institutionSource(c),
    hasOwnership: c.institutionalOwnership !== null,
    ownership: institutionalOwnership(c),
    netBuying: f.signedPercent(c.institutionalBuying),
    reporting: held.totalItems,
    largest: held.data.map((h) => ({
      institution: h.institutionName,
      percentOfShares: `${h.sharesHeldPercentage.toFixed(2)}%`,
      shares: f.shares(h.sharesHeld),
      value: f.money(h.marketValue),
      filed: f.day(h.filingDate),
    })),
  };
}

/** The latest SEC filings, of some groups or of all, each with the document itself. */
export async function filingFacts(
  ctx: research.ResearchContext,
  c: CompanyRow,
  groups: FilingGroupName[],
  count: number,
) {
  const found = await research.filings(ctx, c, groups, count);
  return {
    source: { label: `${c.symbol} SEC filings`, href: research.sectionLink(c, 'filings') } as Source,
    total: found.totalItems,
    filings: found.data.map((r) => ({
      form: r.filing_type,
      description: r.description,
      date: f.day(r.date_as_of_change),
      document: { label: `${r.filing_type} filed ${f.day(r.date_as_of_change)}`, href: r.raw_text_link } as Source,
    })),
  };
}

/**
 * The drug-pipeline milestones and trials on record, as recorded, each with its document when there is
 * one: a trial's page on ClinicalTrials.gov, a milestone's filing.
 */
export async function bioFacts(ctx: research.ResearchContext, c: CompanyRow) {
  const phases = await research.bioPhases(ctx, c);
  return {
    source: { label: `${c.symbol} bio phases`, href: research.sectionLink(c, 'bio-phases') } as Source,
    milestones: phases.map((p) => ({
      drug: p.drug_name,
      stage: p.stage,
      condition: p.conditions.slice(0, 2).join(', ') || null,
      date: p.start_date ? `started ${formatPartialDate(p.start_date)}` : p.date ? f.day(p.date) : null,
      document: p.raw_text_link
        ? ({
            label: p.nct_id ? `${p.nct_id} on ClinicalTrials.gov` : `${p.drug_name}: ${p.stage}`,
            href: p.raw_text_link,
          } as Source)
        : null,
    })),
  };
}
export type Milestone = Awaited<ReturnType<typeof bioFacts>>['milestones'][number];

/** Milestones furthest along first (approvals before trials before preclinical work). */
export function furthestFirst(milestones: Milestone[]): Milestone[] {
  const order = (stage: string) => {
    const group = bioPhaseGroupOf(stage);
    return group ? BIO_PHASE_GROUP_ORDER.indexOf(group) : BIO_PHASE_GROUP_ORDER.length;
  };
  return [...milestones].sort((a, b) => order(b.stage) - order(a.stage));
}

/** The latest articles about a company. */
export async function companyNewsFacts(ctx: research.ResearchContext, c: CompanyRow, count: number) {
  const items = await research.news(ctx, c, count);
  return {
    source: { label: `${c.symbol} news`, href: research.sectionLink(c, 'news') } as Source,
    articles: items.map((n) => ({ headline: n.title, date: f.dayOf(n.published_at), source: articleSource(n) })),
  };
}

/** What a company does and where it is. */
export async function profileFacts(ctx: research.ResearchContext, c: CompanyRow) {
  const about = await research.profile(ctx, c);
  return {
    source: { label: `About ${c.symbol}`, href: research.sectionLink(c, 'description') } as Source,
    name: c.name,
    sector: c.sectorName,
    industry: c.industry,
    exchange: c.market,
    country: c.country,
    ipoYear: c.ipoYear,
    description: about?.description ?? null,
    website: about?.websiteUrl ?? null,
    headquarters: about?.headquarters ?? null,
    employees: about?.employees ?? null,
  };
}

/** A webinar: its title, when it starts (worded, and as an ISO instant) and where to register. */
const webinar = (e: Parameters<typeof research.eventLink>[0] & { title: string; upcoming_date: string }) => ({
  title: e.title,
  when: formatEventTime(new Date(e.upcoming_date)),
  startsAt: new Date(e.upcoming_date).toISOString(),
  source: { label: e.title, href: research.eventLink(e) } as Source,
});

/** A company's webinars still to come, soonest first, and the replay of its latest past one. */
export async function companyWebinarFacts(ctx: research.ResearchContext, c: CompanyRow) {
  const { upcoming, past } = await research.companyWebinars(ctx, c);
  return {
    upcoming: upcoming.map(webinar),
    replay: past?.replayLink
      ? {
          title: past.title,
          date: f.dayOf(past.upcoming_date),
          source: { label: `${past.title} (replay)`, href: past.replayLink } as Source,
        }
      : null,
  };
}

/** The webinars still to come on the whole site, soonest first. */
export async function upcomingWebinarFacts(ctx: research.ResearchContext, count: number) {
  const events = await research.upcomingWebinars(ctx, count);
  return events.map((e) => ({ ...webinar(e), company: e.company_symbol }));
}

/**
 * The company's leadership: a client's team as staff wrote it; else the officers and directors its
 * SEC ownership filings name lately, as the Leadership tab lists them, cited there (a company
 * without that tab: its insiders on EDGAR).
 */
export async function teamFacts(ctx: research.ResearchContext, c: CompanyRow) {
  const tab = { label: `${c.symbol} leadership`, href: `/stocks/${encodeURIComponent(c.symbol)}/team` } as Source;
  const members = c.isClient ? await research.team(ctx, c) : [];
  if (members.length)
    return {
      source: tab,
      fromFilings: false,
      members: members.map((m) => ({ name: m.name, title: m.title, since: null })),
    };
  const officers = await research.officers(ctx, c);
  const filings: Source = c.cik
    ? { label: `${c.symbol} insiders on SEC EDGAR`, href: issuerOwnersUrl(c.cik) }
    : { label: `${c.symbol} insider transactions`, href: research.sectionLink(c, 'insider') };
  return {
    source: c.isClient ? tab : filings,
    fromFilings: true,
    members: officers.map((o) => ({ name: o.name, title: o.title, since: officerSince(o.first_filed) })),
  };
}

/**
 * A company's financial statements as an answer gives them (docs/product.md §9.12): the trailing
 * year's revenue and net income, the latest cash, the runway and the dilution, each with the period
 * it is of and the filing it came from; null when RedCap holds no statements of the company.
 */
export async function financialFacts(ctx: research.ResearchContext, c: CompanyRow) {
  const record = await financialsOf(ctx.db, c.symbol);
  if (!record) return null;
  const tab: Source = { label: `${c.symbol} financials`, href: `/stocks/${encodeURIComponent(c.symbol)}/financials` };
  const filings = new Map(record.filings.map((filing) => [filing.accession, filing]));
  const all = [...periodsOf(record, 'annual'), ...periodsOf(record, 'quarterly')];
  /** The latest period giving a line, with its value and the filing it came from. */
  const latest = (line: StatementLineId) => {
    const period = all
      .filter((p) => p.lines[line])
      .sort((a, b) => (a.end < b.end ? -1 : a.end > b.end ? 1 : 0))
      .at(-1);
    if (!period) return null;
    const figure = period.lines[line]!;
    const filing = filings.get(figure.filing);
    return {
      value: formatFigure(figure.value, figure.unit),
      period: `${periodLabel(period)} (${period.start} to ${period.end})`,
      end: period.end,
      source: filing?.url ? ({ label: `${filing.form} filed ${filing.filed}`, href: filing.url } as Source) : tab,
    };
  };
  const k = record.key_figures;
  const currency = record.currency ?? 'USD';
  return {
    tab,
    currency,
    demo: record.source === 'demo',
    revenue: latest('revenue'),
    netIncome: latest('netIncome'),
    cash: latest('cash'),
    revenueTtm: k.revenue_ttm === null ? null : formatFigure(k.revenue_ttm, currency),
    netIncomeTtm: k.net_income_ttm === null ? null : formatFigure(k.net_income_ttm, currency),
    asOf: k.as_of,
    runway: runwayLabel(k.runway),
    runwayWhy: runwayExplanation(k.runway, currency),
    dilution1y: k.shares_growth_1y === null ? null : formatGrowth(k.shares_growth_1y),
    dilution3y: k.shares_growth_3y === null ? null : formatGrowth(k.shares_growth_3y),
    dilutionWhy: dilutionExplanation(k.shares_growth_1y, 1),
  };
}

/**
 * A company's latest short-interest report as an answer gives it (docs/product.md §9.14): shares short,
 * their share of the shares outstanding, days to cover and the change since the report before.
 */
export async function shortInterestFacts(ctx: research.ResearchContext, c: CompanyRow) {
  const source: Source = { label: `${c.symbol} short interest`, href: research.sectionLink(c, 'short-interest') };
  const report = await latestShortInterestOf(ctx.db, c.symbol);
  if (!report) return { source, latest: null };
  const figures = shortInterestFigures(report, c.sharesOutstanding);
  return {
    source,
    latest: {
      date: f.day(figures.settlementDate),
      shares: f.shares(figures.shortPosition),
      percentOfShares: figures.percentOfShares === null ? null : `${figures.percentOfShares.toFixed(2)}%`,
      daysToCover: figures.daysToCover === null ? null : figures.daysToCover.toFixed(2),
      change:
        figures.change === null
          ? null
          : `${figures.change > 0 ? 'up' : figures.change < 0 ? 'down' : 'unchanged'}${
              figures.change === 0 ? '' : ` ${f.shares(Math.abs(figures.change))} shares`
            }${figures.changePercent === null || figures.change === 0 ? '' : ` (${f.signedPercent(figures.changePercent)})`}`,
    },
  };
}
