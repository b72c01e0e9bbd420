/**
 * The data functions a model may call: the same read-only research the
 * built-in engine uses, scoped to public data and the asking reader's own
 * favorites (no tool takes a user). Each result gives its figures formatted
 * as the site shows them and the number of the source that holds them
 * (`source`), which the model cites as `[n]`. Text written by others
 * (articles, filings) comes back as quoted data under `untrusted_text`.
 */
import { z } from 'zod';
import { FILING_GROUP_NAMES, type FilingGroupName } from '../../../../lib/company.ts';
import { FILTERS, FilterError, SORT_FIELDS, type SortField } from '../../../../lib/screener.ts';
import { isDomainError } from '../../../platform/errors.ts';
import type { CompanyRow } from '../../companies/index.ts';
import * as f from './figures.ts';
import * as research from './research.ts';
import { findPassages } from './retrieval.ts';
import type { Period } from './period.ts';

/** Registers a source and gives the number to cite it by. */
export type Cite = (label: string, href: string) => number;

export interface ToolRun {
  ctx: research.ResearchContext;
  cite: Cite;
  /** The tool looked at this company (the answer is about it). */
  looked(company: CompanyRow): void;
}

interface Tool<S extends z.ZodType> {
  description: string;
  parameters: S;
  run(args: z.infer<S>, run: ToolRun): Promise<unknown> | unknown;
}

const tool = <S extends z.ZodType>(t: Tool<S>) => t;

const symbolArg = z.object({ symbol: z.string().min(1).max(12).describe('Ticker, e.g. "AA"') }).strict();

async function companyOf(symbol: string, run: ToolRun): Promise<CompanyRow> {
  const row = await research.company(run.ctx, symbol);
  run.looked(row);
  return row;
}

const PERIODS: Record<string, Period> = {
  today: { unit: 'session', count: 1 },
  '1w': { unit: 'week', count: 1 },
  '1m': { unit: 'month', count: 1 },
  '3m': { unit: 'month', count: 3 },
  '6m': { unit: 'month', count: 6 },
  '1y': { unit: 'year', count: 1 },
  ytd: { unit: 'ytd', count: 1 },
};

export const TOOLS = {
  find_companies: tool({
    description:
      'Find listed companies by ticker or (part of a) name. Use it when the reader names a company you cannot tie to a ticker.',
    parameters: z.object({ query: z.string().min(1).max(100) }).strict(),
    run({ query }, { ctx, cite }) {
      const mentioned = ctx.directory.find(query).companies.map((m) => m.company);
      const words = query.toLowerCase();
      const byName = ctx.snapshot.rows.filter((r) => r.name.toLowerCase().includes(words)).slice(0, 8);
      const found = [...mentioned, ...byName].filter((c, i, all) => all.findIndex((o) => o.symbol === c.symbol) === i);
      return {
        companies: found.slice(0, 8).map((c) => ({
          symbol: c.symbol,
          name: c.name,
          source: cite(`${c.symbol} company page`, `/stocks/${encodeURIComponent(c.symbol)}`),
        })),
      };
    },
  }),
  get_quote: tool({
    description:
      'Latest quote and market statistics of a company: price, change today, day and 52-week range, volume, market cap, shares, sector.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      return {
        symbol: c.symbol,
        name: c.name,
        last_price: f.price(c.lastSale),
        change_today: f.change(c.changePercent),
        net_change: f.signedDollars(c.netChange),
        previous_close: f.price(c.preClose),
        open: f.price(c.open),
        day_range: c.dayLow === null ? null : `${f.price(c.dayLow)} – ${f.price(c.dayHigh)}`,
        week52_range: c.week52Low === null ? null : `${f.price(c.week52Low)} – ${f.price(c.week52High)}`,
        volume: f.compact(c.volume),
        average_volume: f.compact(c.volumeAvg),
        market_cap: f.marketCap(c.marketCap),
        shares_outstanding: f.compact(c.sharesOutstanding),
        float_shares: f.compact(c.floatShares),
        exchange: c.market,
        sector: c.sectorName,
        industry: c.industry,
        country: c.country,
        ipo_year: c.ipoYear,
        rsi: f.decimal(c.latestRsi),
        ema_20: f.price(c.latestEma),
        sma_50: f.price(c.latestSma),
        macd: f.decimal(c.latestMacd),
        revenue_growth_yoy: f.signedPercent(c.yearOverYearRevenue),
        revenue_growth_qoq: f.signedPercent(c.quarterOverQuarterRevenue),
        quote_time: c.quoteUpdatedAt?.toISOString() ?? null,
        source: run.cite(`${c.symbol} market data`, research.sectionLink(c, 'market-stats')),
      };
    },
  }),
  get_performance: tool({
    description: 'How a company’s price changed over a period, from its daily closes to the last price.',
    parameters: symbolArg.extend({ period: z.enum(Object.keys(PERIODS) as [string, ...string[]]) }).strict(),
    async run({ symbol, period }, run) {
      const c = await companyOf(symbol, run);
      const result = await research.performance(run.ctx, c, [PERIODS[period]!]);
      const p = result.changes[0]!;
      return {
        symbol: c.symbol,
        period,
        last_price: f.price(result.last),
        from_close: p.from ? f.price(p.from.close) : null,
        from_date: p.from ? f.day(p.from.date) : null,
        change: p.changePercent === null ? null : f.change(p.changePercent),
        history_starts: result.firstDate ? f.day(result.firstDate) : null,
        source: run.cite(`${c.symbol} price history`, research.sectionLink(c, 'chart')),
      };
    },
  }),
  get_analyst_ratings: tool({
    description:
      'Analyst coverage of a company: Buy/Hold/Sell counts, price targets and, for signed-in readers, the latest individual ratings.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const source = run.cite(`${c.symbol} analyst ratings`, research.sectionLink(c, 'analyst-reports'));
      const { summary: a, latest: ratings } = await research.analystFigures(run.ctx, c, 5);
      return {
        symbol: c.symbol,
        analysts: a.totalAnalysts,
        buy: a.buyRatings,
        hold: a.holdRatings,
        sell: a.sellRatings,
        average_target: f.price(a.priceTarget),
        high_target: f.price(a.highPriceTarget),
        low_target: f.price(a.lowPriceTarget),
        target_upside: f.signedPercent(a.priceTargetUpside),
        latest_ratings:
          ratings?.map((r) => ({
            firm: r.firmName,
            analyst: r.analystName,
            rating: r.recommendation,
            date: f.day(r.recommendationDate),
            target: f.price(r.priceTarget),
          })) ?? 'Individual ratings are shown to signed-in readers only.',
        source,
      };
    },
  }),
  get_insider_transactions: tool({
    description: 'Insider buys and sells of a company: totals over the past 12 months and the latest transactions.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const s = await research.insiders(run.ctx, c, 5);
      return {
        symbol: c.symbol,
        past_12_months: {
          buys: s.bought.count,
          shares_bought: f.compact(s.bought.shares),
          sells: s.sold.count,
          shares_sold: f.compact(s.sold.shares),
        },
        latest: s.recent.map((r) => ({
          date: f.day(r.date_of_purchase),
          insider: r.purchaser,
          side: r.is_buy ? 'buy' : 'sell',
          shares: f.compact(r.amount_purchased),
        })),
        source: run.cite(`${c.symbol} insider transactions`, research.sectionLink(c, 'insider')),
      };
    },
  }),
  get_institutional_ownership: tool({
    description: 'Institutional ownership of a company and its largest holders.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const held = await research.holdings(run.ctx, c, 5);
      return {
        symbol: c.symbol,
        institutional_ownership: f.percent(c.institutionalOwnership),
        net_institutional_buying: f.signedPercent(c.institutionalBuying),
        institutions_reporting: held.totalItems,
        largest: held.data.map((h) => ({
          institution: h.institutionName,
          percent_of_shares: `${h.sharesHeldPercentage.toFixed(2)}%`,
          shares: f.compact(h.sharesHeld),
          value: `$${f.compact(h.marketValue)}`,
          filed: f.day(h.filingDate),
        })),
        source: run.cite(`${c.symbol} institutional ownership`, research.sectionLink(c, 'institutional')),
      };
    },
  }),
  get_sec_filings: tool({
    description: `A company's latest SEC filings, optionally of one group: ${FILING_GROUP_NAMES.join(', ')}.`,
    parameters: symbolArg
      .extend({
        group: z.enum(FILING_GROUP_NAMES as [FilingGroupName, ...FilingGroupName[]]).optional(),
        limit: z.number().int().min(1).max(10).optional(),
      })
      .strict(),
    async run({ symbol, group, limit }, run) {
      const c = await companyOf(symbol, run);
      const found = await research.filings(run.ctx, c, group ? [group] : [], limit ?? 5);
      return {
        symbol: c.symbol,
        total_on_record: found.totalItems,
        filings: found.data.map((r) => ({
          form: r.filing_type,
          description: r.description,
          date: f.day(r.date_as_of_change),
          source: run.cite(`${r.filing_type} filed ${f.day(r.date_as_of_change)}`, r.raw_text_link),
        })),
        source: run.cite(`${c.symbol} SEC filings`, research.sectionLink(c, 'filings')),
      };
    },
  }),
  get_bio_phases: tool({
    description: 'Drug-pipeline milestones (trial phases, filings, approvals) of a life-science company.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const phases = await research.bioPhases(run.ctx, c);
      return {
        symbol: c.symbol,
        milestones: phases.map((p) => ({ drug: p.drug_name, stage: p.stage, date: p.date ? f.day(p.date) : null })),
        source: run.cite(`${c.symbol} bio phases`, research.sectionLink(c, 'bio-phases')),
      };
    },
  }),
  get_company_news: tool({
    description: 'The latest news articles about a company.',
    parameters: symbolArg.extend({ limit: z.number().int().min(1).max(10).optional() }).strict(),
    async run({ symbol, limit }, run) {
      const c = await companyOf(symbol, run);
      const items = await research.news(run.ctx, c, limit ?? 5);
      return {
        symbol: c.symbol,
        articles: items.map((n) => ({
          headline: { untrusted_text: n.title },
          date: f.dayOf(n.published_at),
          source: run.cite(n.title, `/news/${n.id}`),
        })),
      };
    },
  }),
  get_company_profile: tool({
    description: 'What a company does: its description, sector, industry, exchange, country, IPO year, web site.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const about = await research.profile(run.ctx, c);
      return {
        symbol: c.symbol,
        name: c.name,
        sector: c.sectorName,
        industry: c.industry,
        exchange: c.market,
        country: c.country,
        ipo_year: c.ipoYear,
        description: { untrusted_text: about?.description ?? null },
        website: about?.websiteUrl ?? null,
        headquarters: about?.headquarters ?? null,
        employees: about?.employees ?? null,
        source: run.cite(`About ${c.symbol}`, research.sectionLink(c, 'description')),
      };
    },
  }),
  get_webinars: tool({
    description: 'Upcoming webinars and virtual-conference sessions, of one company or of all.',
    parameters: z.object({ symbol: z.string().min(1).max(12).optional() }).strict(),
    async run({ symbol }, run) {
      if (symbol) {
        const c = await companyOf(symbol, run);
        const { upcoming } = await research.companyWebinars(run.ctx, c);
        return {
          webinars: upcoming.map((e) => ({
            title: e.title,
            when: new Date(e.upcoming_date).toISOString(),
            source: run.cite(e.title, research.eventLink(e)),
          })),
        };
      }
      const events = await research.upcomingWebinars(run.ctx, 8);
      return {
        webinars: events.map((e) => ({
          title: e.title,
          company: e.company_symbol,
          when: e.upcoming_date,
          source: run.cite(e.title, research.eventLink(e)),
        })),
      };
    },
  }),
  screen_stocks: tool({
    description: `Run a screen on the screener (all covered US small caps). Filters map a filter name to a value: ranges as "min to max", fixed values comma-separated; "Sector" takes a sector card id. Filters: ${FILTERS.map((d) => (d.kind === 'range' ? `"${d.name}" (range)` : `"${d.name}" (${d.options.join('|')})`)).join(', ')}, "Sector" (technology|finance|crypto-assets|energy-transportation|real-estate-construction|industrial-applications|manufacturing|trade-services|life-sciences). Market cap and volume are in dollars and shares; percentages as numbers (5 = 5%).`,
    parameters: z
      .object({
        filters: z.record(z.string(), z.string()),
        sort_field: z.enum(SORT_FIELDS as [SortField, ...SortField[]]).optional(),
        sort_direction: z.enum(['asc', 'desc']).optional(),
        limit: z.number().int().min(1).max(20).optional(),
      })
      .strict(),
    run({ filters, sort_field, sort_direction, limit }, { ctx, cite }) {
      const sort = { field: sort_field ?? ('market_cap' as SortField), direction: sort_direction ?? 'desc' };
      const result = research.screen(ctx, filters, sort, limit ?? 10);
      return {
        total_matches: result.total,
        screener_source: cite('Screener', result.link),
        rows: result.rows.map((r) => ({
          symbol: r.symbol,
          name: r.name,
          last_price: f.price(r.last_sale),
          change_today: f.change(r.change_pre),
          market_cap: f.marketCap(r.market_cap),
          bio_phase: r.bioPhasePipelines,
        })),
      };
    },
  }),
  get_market_overview: tool({
    description: 'The three small-cap indices and today’s top gainers and losers.',
    parameters: z.object({}).strict(),
    async run(_args, { ctx, cite }) {
      const m = await research.market(ctx, 5);
      const mover = (r: { symbol: string; name: string; change_pre: number | null; last_sale: number | null }) => ({
        symbol: r.symbol,
        name: r.name,
        change: f.change(r.change_pre),
        price: f.price(r.last_sale),
      });
      return {
        indices: m.indices.map((i) => ({
          name: i.name,
          last: i.last,
          change: f.change(i.changePercent),
          as_of: i.asOf,
        })),
        indices_source: cite('Small-cap indices', '/#indices'),
        gainers: m.leaders.map(mover),
        gainers_source: cite('Leaders', '/stocks/Leaders'),
        losers: m.laggards.map(mover),
        losers_source: cite('Laggards', '/stocks/Laggards'),
      };
    },
  }),
  get_my_favorites: tool({
    description: 'The companies the asking reader keeps as favorites, with their prices (signed-in readers only).',
    parameters: z.object({}).strict(),
    async run(_args, { ctx, cite }) {
      const rows = await research.favorites(ctx);
      if (rows === null) return { error: 'The reader is not signed in; favorites need an account.' };
      return {
        favorites: rows.map((r) => ({
          symbol: r.symbol,
          name: r.name,
          price: f.price(r.last_sale),
          change: f.change(r.change_pre),
        })),
        source: cite('Your favorite companies', '/favorites/Companies'),
      };
    },
  }),
  search_documents: tool({
    description: "Full-text search over RedCap's news articles and SEC filings, for questions no other tool answers.",
    parameters: z.object({ query: z.string().min(1).max(300), symbol: z.string().min(1).max(12).optional() }).strict(),
    async run({ query, symbol }, { ctx, cite }) {
      const passages = await findPassages(ctx, query, symbol?.toUpperCase() ?? null);
      return {
        passages: passages.map((p) => ({
          kind: p.kind,
          title: { untrusted_text: p.title },
          date: p.date,
          quote: { untrusted_text: p.quote },
          source: cite(p.title, p.href),
        })),
      };
    },
  }),
};

export type ToolName = keyof typeof TOOLS;

/** The tools as the chat completions API declares them. */
export const TOOL_DECLARATIONS = Object.entries(TOOLS).map(([name, t]) => ({
  type: 'function' as const,
  function: {
    name,
    description: t.description,
    parameters: z.toJSONSchema(t.parameters) as Record<string, unknown>,
  },
}));

/**
 * Runs a tool the model asked for. Unknown tools, malformed arguments and
 * refusals come back as an error the model can read, never as an exception.
 */
export async function runTool(name: string, rawArguments: string, run: ToolRun): Promise<unknown> {
  const t = (TOOLS as Record<string, Tool<z.ZodType>>)[name];
  if (!t) return { error: `There is no tool named ${name}.` };
  let parsed: unknown;
  try {
    parsed = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch {
    return { error: 'The arguments are not valid JSON.' };
  }
  const args = t.parameters.safeParse(parsed);
  if (!args.success) return { error: `Invalid arguments: ${args.error.issues.map((i) => i.message).join('; ')}` };
  try {
    return await t.run(args.data, run);
  } catch (err) {
    if (err instanceof FilterError) return { error: err.message };
    if (isDomainError(err)) return { error: err.message };
    throw err;
  }
}
