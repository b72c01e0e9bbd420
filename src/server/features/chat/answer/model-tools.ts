/**
 * The data functions a model may call: the same facts the built-in engine
 * writes (facts.ts; those about the site as a whole in model-site-tools.ts), scoped to public data and the asking
 * reader's own favorites (no tool takes a user). Each result gives its
 * figures formatted as the site shows them and the number of the source that
 * holds them (`source`), which the model cites as `[n]`. Text written by
 * others (articles, filings) comes back as quoted data under `untrusted_text`.
 */
import { z } from 'zod';
import { FILING_GROUP_NAMES, type FilingGroupName } from '../../../../lib/company.ts';
import { FilterError } from '../../../../lib/screener.ts';
import { isDomainError } from '../../../platform/errors.ts';
import * as facts from './facts.ts';
import { PERIODS, companyOf, symbolArg, tool, type Tool, type ToolRun } from './model-tool.ts';
import { SITE_TOOLS } from './model-site-tools.ts';
import { describePeriod } from './period.ts';
import { onSession, sessionAt } from './session.ts';

export type { Cite, ToolRun } from './model-tool.ts';

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
          source: cite({ label: `${c.symbol} company page`, href: `/stocks/${encodeURIComponent(c.symbol)}` }),
        })),
      };
    },
  }),
  get_quote: tool({
    description:
      'Latest quote and market statistics of a company: price, the latest session’s change (`session` says which session: today’s or the last one, named), day and 52-week range, volume, market cap, shares, sector.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const s = facts.marketStats(c, sessionAt(run.ctx.now));
      const screener = facts.screenerFigures(c);
      return {
        symbol: s.symbol,
        name: s.name,
        last_price: s.lastPrice,
        session: s.quoteTime,
        session_change: s.sessionChange,
        net_change: s.netChange,
        previous_close: s.previousClose,
        open: s.open,
        day_range: s.dayRange,
        week52_range: s.week52Range,
        volume: s.volume,
        average_volume: s.averageVolume,
        market_cap: s.marketCap,
        shares_outstanding: s.sharesOutstanding,
        float_shares: s.floatShares,
        exchange: s.exchange,
        sector: s.sector,
        industry: s.industry,
        country: s.country,
        ipo_year: s.ipoYear,
        rsi: screener.rsi,
        ema_20: screener.ema20,
        sma_50: screener.sma50,
        macd: screener.macd,
        revenue_growth_yoy: screener.revenueGrowthYoy,
        revenue_growth_qoq: screener.revenueGrowthQoq,
        quote_time: s.quotedAtIso,
        source: run.cite(s.source),
      };
    },
  }),
  get_performance: tool({
    description:
      'How a company’s price changed over a period, from its daily closes to the last price: the latest session (today), the past 5 sessions, this week or month so far, the past week, 1, 3 or 6 months, a year, or the year so far.',
    parameters: symbolArg.extend({ period: z.enum(Object.keys(PERIODS) as [string, ...string[]]) }).strict(),
    async run({ symbol, period }, run) {
      const c = await companyOf(symbol, run);
      const asked = PERIODS[period]!;
      const result = await facts.performanceFacts(run.ctx, c, [asked]);
      const p = result.changes[0]!;
      const session = sessionAt(run.ctx.now);
      return {
        symbol: c.symbol,
        period: describePeriod(asked, onSession(session)),
        no_session_yet: p.noSession,
        last_price: result.last,
        last_price_session: onSession(session),
        from_close: p.fromClose,
        from_date: p.fromDate,
        change: p.change,
        history_starts: result.historyStarts,
        source: run.cite(result.source),
      };
    },
  }),
  get_analyst_ratings: tool({
    description:
      'Analyst coverage of a company: Buy/Hold/Sell counts, price targets and, for signed-in readers, the latest individual ratings.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const source = run.cite(facts.analystSource(c));
      const a = await facts.analystFacts(run.ctx, c, 5);
      return {
        symbol: c.symbol,
        analysts: a.analysts,
        buy: a.buy,
        hold: a.hold,
        sell: a.sell,
        average_target: a.averageTarget,
        high_target: a.highTarget,
        low_target: a.lowTarget,
        target_upside: a.targetUpside,
        ...(a.consensus && { figures_from: a.consensus }),
        latest_ratings:
          a.latest?.map((r) => ({
            firm: r.firm,
            analyst: r.analyst,
            rating: r.rating,
            date: r.date,
            target: r.target,
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
      const s = await facts.insiderFacts(run.ctx, c, 5);
      return {
        symbol: c.symbol,
        past_12_months: {
          buys: s.bought.count,
          shares_bought: s.bought.shares,
          sells: s.sold.count,
          shares_sold: s.sold.shares,
        },
        latest: s.recent.map((r) => ({
          date: r.date,
          insider: r.insider,
          side: r.trade ?? 'other',
          transaction: r.kind,
          shares: r.shares,
        })),
        source: run.cite(s.source),
      };
    },
  }),
  get_institutional_ownership: tool({
    description: 'Institutional ownership of a company and its largest holders.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const held = await facts.institutionFacts(run.ctx, c, 5);
      return {
        symbol: c.symbol,
        institutional_ownership: held.ownership,
        net_institutional_buying: held.netBuying,
        institutions_reporting: held.reporting,
        largest: held.largest.map((h) => ({
          institution: h.institution,
          percent_of_shares: h.percentOfShares,
          shares: h.shares,
          value: h.value,
          filed: h.filed,
        })),
        source: run.cite(held.source),
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
      const found = await facts.filingFacts(run.ctx, c, group ? [group] : [], limit ?? 5);
      return {
        symbol: c.symbol,
        total_on_record: found.total,
        filings: found.filings.map((r) => ({
          form: r.form,
          description: r.description,
          date: r.date,
          source: run.cite(r.document),
        })),
        source: run.cite(found.source),
      };
    },
  }),
  get_bio_phases: tool({
    description: 'Drug-pipeline milestones (trial phases, filings, approvals) of a life-science company.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const { source, milestones } = await facts.bioFacts(run.ctx, c);
      return {
        symbol: c.symbol,
        milestones: milestones.map((p) => ({ drug: p.drug, stage: p.stage, date: p.date })),
        source: run.cite(source),
      };
    },
  }),
  get_short_interest: tool({
    description:
      'A company’s latest short interest as FINRA reports it twice a month: shares sold short, their percent of the shares outstanding, days to cover and the change since the report before; null when none is held.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const { source, latest } = await facts.shortInterestFacts(run.ctx, c);
      return { symbol: c.symbol, short_interest: latest && { ...latest, source: run.cite(source) } };
    },
  }),
  get_financials: tool({
    description:
      'A company’s financial statements: revenue and net income (latest period and trailing year), cash, cash runway and share-count growth (dilution), each with its period and filing; null when none are held.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const s = await facts.financialFacts(run.ctx, c);
      if (!s) return { symbol: c.symbol, financials: null };
      const cited = (figure: typeof s.revenue) =>
        figure && { value: figure.value, period: figure.period, source: run.cite(figure.source) };
      return {
        symbol: c.symbol,
        demo_data: s.demo,
        revenue: cited(s.revenue),
        revenue_trailing_year: s.revenueTtm,
        net_income: cited(s.netIncome),
        net_income_trailing_year: s.netIncomeTtm,
        cash: cited(s.cash),
        cash_runway: { value: s.runway, explanation: s.runwayWhy, source: run.cite(s.tab) },
        share_count_growth: { one_year: s.dilution1y, three_years: s.dilution3y, explanation: s.dilutionWhy },
      };
    },
  }),
  get_company_news: tool({
    description: 'The latest news articles about a company.',
    parameters: symbolArg.extend({ limit: z.number().int().min(1).max(10).optional() }).strict(),
    async run({ symbol, limit }, run) {
      const c = await companyOf(symbol, run);
      const { articles } = await facts.companyNewsFacts(run.ctx, c, limit ?? 5);
      return {
        symbol: c.symbol,
        articles: articles.map((n) => ({
          headline: { untrusted_text: n.headline },
          date: n.date,
          source: run.cite(n.source),
        })),
      };
    },
  }),
  get_company_profile: tool({
    description: 'What a company does: its description, sector, industry, exchange, country, IPO year, web site.',
    parameters: symbolArg,
    async run({ symbol }, run) {
      const c = await companyOf(symbol, run);
      const about = await facts.profileFacts(run.ctx, c);
      return {
        symbol: c.symbol,
        name: about.name,
        sector: about.sector,
        industry: about.industry,
        exchange: about.exchange,
        country: about.country,
        ipo_year: about.ipoYear,
        description: { untrusted_text: about.description },
        website: about.website,
        headquarters: about.headquarters,
        employees: about.employees,
        source: run.cite(about.source),
      };
    },
  }),
  get_webinars: tool({
    description: 'Upcoming webinars and virtual-conference sessions, of one company or of all.',
    parameters: z.object({ symbol: z.string().min(1).max(12).optional() }).strict(),
    async run({ symbol }, run) {
      if (symbol) {
        const c = await companyOf(symbol, run);
        const { upcoming } = await facts.companyWebinarFacts(run.ctx, c);
        return {
          webinars: upcoming.map((e) => ({ title: e.title, when: e.startsAt, source: run.cite(e.source) })),
        };
      }
      const events = await facts.upcomingWebinarFacts(run.ctx, 8);
      return {
        webinars: events.map((e) => ({
          title: e.title,
          company: e.company,
          when: e.startsAt,
          source: run.cite(e.source),
        })),
      };
    },
  }),
  ...SITE_TOOLS,
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
