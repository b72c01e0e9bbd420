/**
 * The facts RedChat gives about the site as a whole: a screen's matches,
 * the small-cap indices and the day's movers, the reader's favorites, the
 * latest news and passages of the news and filings. Built once, worded as
 * the site shows them, with their sources, for both engines (see facts.ts).
 */
import type { ScreenerRow, SortField } from '../../../../lib/screener.ts';
import { articleSource, type Source } from './facts.ts';
import * as f from './figures.ts';
import type { Period } from './period.ts';
import * as research from './research.ts';
import { findPassages } from './retrieval.ts';
import { marketClosed, sessionAt } from './session.ts';

/** A screener row as an answer lists it. */
const listed = (r: ScreenerRow) => ({
  symbol: r.symbol,
  name: r.name,
  price: f.price(r.last_sale),
  change: f.change(r.change_pre),
});

/** The screener's answer to a screen, and the screener page that shows it. */
export function screenFacts(
  ctx: research.ResearchContext,
  filters: Record<string, string>,
  sort: { field: SortField; direction: 'asc' | 'desc' },
  limit: number,
) {
  const result = research.screen(ctx, filters, sort, limit);
  return {
    link: result.link,
    total: result.total,
    rows: result.rows.map((r) => ({ ...listed(r), marketCap: f.money(r.market_cap), row: r })),
  };
}

/** The screener page of a screen, named by the criteria when the answer said them. */
export const screenSource = (link: string, described?: string[]): Source => ({
  label: described ? `Screener: ${described.join(', ')}` : 'Screener',
  href: link,
});

/** An index level as answers write it: '1,094.01'. */
const level = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * The small-cap indices, with their change over a period when one is asked,
 * and the biggest movers of the latest session (named by session.ts).
 */
export async function marketFacts(ctx: research.ResearchContext, moversCount: number, period: Period | null = null) {
  const m = await research.market(ctx, moversCount, period);
  const session = sessionAt(ctx.now);
  return {
    session,
    /** Why the day's figures are the last session's; null when they are today's. */
    closed: marketClosed(session),
    indicesSource: { label: 'Small-cap indices', href: '/#indices' } as Source,
    indices: m.indices.map((i) => ({
      name: i.name,
      last: i.last,
      lastWorded: level(i.last),
      change: f.change(i.changePercent),
      asOf: i.asOf,
      asOfDay: i.asOf ? f.day(i.asOf) : null,
      /** The change over the period asked, from the index's daily closes. */
      over: i.over && {
        change: i.over.changePercent === null ? null : f.change(i.over.changePercent),
        fromLevel: i.over.from ? level(i.over.from.close) : null,
        fromDate: i.over.from ? f.day(i.over.from.date) : null,
        shorter: i.over.shorter,
        noSession: i.over.noSession,
      },
    })),
    leadersSource: { label: 'Leaders', href: '/stocks/Leaders' } as Source,
    leaders: m.leaders.map(listed),
    laggardsSource: { label: 'Laggards', href: '/stocks/Laggards' } as Source,
    laggards: m.laggards.map(listed),
  };
}

/**
 * The reader's favorite companies with their prices and the latest session's
 * change, or their change over a period when one is asked ('no session yet',
 * or null with no close to measure from); null for a guest.
 */
export async function favoritesFacts(ctx: research.ResearchContext, period: Period | null = null) {
  const rows = await research.favorites(ctx);
  if (rows === null) return null;
  const over = period && period.unit !== 'session' ? period : null;
  return {
    source: { label: 'Your favorite companies', href: '/favorites/Companies' } as Source,
    session: sessionAt(ctx.now),
    period: over,
    companies: await Promise.all(
      rows.map(async (r) => {
        if (!over) return { ...listed(r), over: null };
        const moved = await research.performance(ctx, research.pricedRow(r), [over]);
        const p = moved.changes[0]!;
        const moves = p.noSession ? 'no session yet' : p.changePercent === null ? null : f.change(p.changePercent);
        return { ...listed(r), over: moves };
      }),
    ),
  };
}

/** The newest articles on the site. */
export async function latestNewsFacts(ctx: research.ResearchContext, count: number) {
  const items = await research.latestNews(ctx, count);
  return {
    source: { label: 'News', href: '/news' } as Source,
    articles: items.map((n) => ({
      headline: n.title,
      company: n.company_symbol,
      date: f.dayOf(n.published_at),
      source: articleSource(n),
    })),
  };
}

/**
 * The passages of the news and filings that answer a question best, each
 * quoted with its document (every word of the question in each when nothing
 * else ties it to RedCap's data: retrieval.ts).
 */
export async function passageFacts(
  ctx: research.ResearchContext,
  query: string,
  symbol: string | null,
  everyWord = false,
) {
  const found = await findPassages(ctx, query, symbol, everyWord);
  return found.map((p) => ({
    kind: p.kind,
    title: p.title,
    date: p.date,
    quote: p.quote,
    source: { label: p.title, href: p.href } as Source,
  }));
}
