/**
 * The tools a model may call about the site as a whole rather than one company: a screen, the
 * market and its movers, the IPO calendar, the reader's favorites, the glossary and a search of the
 * news and filings; the same facts the built-in engine writes (site-facts.ts), with their sources.
 */
import { z } from 'zod';
import { CHAT_TEXT } from '../../../../lib/chat.ts';
import { FILTERS, SORT_FIELDS, type SortField } from '../../../../lib/screener.ts';
import { GLOSSARY, glossaryEntry } from './glossary.ts';
import { PERIODS, tool } from './model-tool.ts';
import { describePeriod } from './period.ts';
import { onSession, sessionAt } from './session.ts';
import {
  favoritesFacts,
  ipoCalendarFacts,
  marketFacts,
  passageFacts,
  screenFacts,
  screenSource,
} from './site-facts.ts';

export const SITE_TOOLS = {
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
      const result = screenFacts(ctx, filters, sort, limit ?? 10);
      return {
        total_matches: result.total,
        screener_source: cite(screenSource(result.link)),
        session: onSession(sessionAt(ctx.now)),
        rows: result.rows.map((r) => ({
          symbol: r.symbol,
          name: r.name,
          last_price: r.price,
          session_change: r.change,
          market_cap: r.marketCap,
          bio_phase: r.row.bioPhasePipelines,
        })),
      };
    },
  }),
  get_market_overview: tool({
    description:
      'The three small-cap indices (with their change over a period when one is given) and the top gainers and losers of the latest session (`session` says which: today’s or the last one, named). Gainers and losers are ranked by one session’s change only.',
    parameters: z.object({ period: z.enum(Object.keys(PERIODS) as [string, ...string[]]).optional() }).strict(),
    async run({ period }, { ctx, cite }) {
      const asked = period ? PERIODS[period]! : null;
      const m = await marketFacts(ctx, 5, asked);
      const mover = (r: (typeof m.leaders)[number]) => ({
        symbol: r.symbol,
        name: r.name,
        session_change: r.change,
        price: r.price,
      });
      return {
        session: onSession(m.session),
        market_closed: m.closed,
        indices: m.indices.map((i) => ({
          name: i.name,
          last: i.last,
          session_change: i.change,
          as_of: i.asOf,
          ...(i.over && asked
            ? {
                period: describePeriod(asked),
                period_change: i.over.noSession ? 'no session yet' : i.over.change,
                from_level: i.over.fromLevel,
                from_date: i.over.fromDate,
              }
            : {}),
        })),
        indices_source: cite(m.indicesSource),
        gainers: m.leaders.map(mover),
        gainers_source: cite(m.leadersSource),
        losers: m.laggards.map(mover),
        losers_source: cite(m.laggardsSource),
      };
    },
  }),
  get_ipo_calendar: tool({
    description:
      'The IPO calendar: companies that filed to sell shares to the public for the first time, with their proposed symbol and exchange, price range or price, shares offered, status (Filed, Expected, Priced, Withdrawn) and dates, from their SEC registration statements and prospectuses. `company` narrows it to the listings whose name or proposed symbol it gives.',
    parameters: z.object({ company: z.string().max(100).optional() }).strict(),
    async run({ company }, { ctx, cite }) {
      const calendar = await ipoCalendarFacts(ctx, company ?? '', 10);
      return {
        source: cite(calendar.source),
        from: calendar.from,
        listings: (company && !calendar.named ? [] : calendar.rows).map((r) => ({
          company: r.company_name,
          symbol: r.symbol,
          exchange: r.exchange,
          status: r.status,
          price_range: r.price_range,
          offer_price: r.offer_price,
          shares_offered: r.shares_offered,
          filed: r.filed_date,
          priced: r.priced_date,
          listed: r.listed_date,
          filing: r.filing ? cite({ label: `${r.company_name} on SEC EDGAR`, href: String(r.filing) }) : null,
        })),
      };
    },
  }),
  get_my_favorites: tool({
    description:
      'The companies the asking reader keeps as favorites, with their prices and the latest session’s change, or their change over a period when one is given (signed-in readers only).',
    parameters: z.object({ period: z.enum(Object.keys(PERIODS) as [string, ...string[]]).optional() }).strict(),
    async run({ period }, { ctx, cite }) {
      const asked = period ? PERIODS[period]! : null;
      const mine = await favoritesFacts(ctx, asked);
      if (mine === null) return { error: 'The reader is not signed in; favorites need an account.' };
      return {
        session: onSession(mine.session),
        ...(mine.period ? { period: describePeriod(mine.period) } : {}),
        favorites: mine.companies.map((r) => ({
          symbol: r.symbol,
          name: r.name,
          price: r.price,
          session_change: r.change,
          ...(mine.period ? { period_change: r.over } : {}),
        })),
        source: cite(mine.source),
      };
    },
  }),
  define_term: tool({
    description: `What an investing term means, from RedCap's glossary: a brief definition, general education about no company. Its terms: ${GLOSSARY.map((e) => e.term).join(', ')}.`,
    parameters: z.object({ term: z.string().min(1).max(100) }).strict(),
    run({ term }) {
      const entry = glossaryEntry(term);
      if (!entry) return { error: `RedCap's glossary has no entry for "${term}".` };
      return { term: entry.term, definition: entry.definition, note: CHAT_TEXT.definitionNote };
    },
  }),
  search_documents: tool({
    description: "Full-text search over RedCap's news articles and SEC filings, for questions no other tool answers.",
    parameters: z.object({ query: z.string().min(1).max(300), symbol: z.string().min(1).max(12).optional() }).strict(),
    async run({ query, symbol }, { ctx, cite }) {
      const passages = await passageFacts(ctx, query, symbol?.toUpperCase() ?? null);
      return {
        passages: passages.map((p) => ({
          kind: p.kind,
          title: { untrusted_text: p.title },
          date: p.date,
          quote: { untrusted_text: p.quote },
          source: cite(p.source),
        })),
      };
    },
  }),
};
