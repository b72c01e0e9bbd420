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

/** A calendar row as the grid words it (ipos/service.ts). */
type CalendarRow = Awaited<ReturnType<typeof research.ipoCalendar>>['data'][number];

/** Rows still to come lead; then the latest priced. */
const STATUS_ORDER: Record<string, number> = { Expected: 0, Filed: 1, Priced: 2, Withdrawn: 3 };
const UPCOMING = new Set(['Expected', 'Filed']);
const CALENDAR_ROWS = 1000;

/**
 * The IPO calendar's answer: the rows the question names (by proposed symbol or by the company's
 * name), or else the coming ones and the latest priced, with the calendar's own source line.
 */
export async function ipoCalendarFacts(ctx: research.ResearchContext, question: string, count: number) {
  // The calendar holds a few hundred rows a year: a named listing is looked for among all of them.
  const calendar = await research.ipoCalendar(ctx, CALENDAR_ROWS);
  const words = new Set(question.split(/[^A-Za-z0-9.&'-]+/).filter(Boolean));
  const lower = question.toLowerCase();
  const named = calendar.data.filter(
    (r) =>
      (typeof r.symbol === 'string' && r.symbol.length >= 2 && words.has(r.symbol)) ||
      namesIn(lower, distinctiveName(r.company_name).toLowerCase()),
  );
  // The calendar runs newest first: of the listings to come, the soonest lead.
  const rows = named.length
    ? named
    : [...calendar.data]
        .map((r, at) => ({ r, at }))
        .sort(
          (a, b) =>
            (STATUS_ORDER[String(a.r.status)] ?? 9) - (STATUS_ORDER[String(b.r.status)] ?? 9) ||
            (UPCOMING.has(String(a.r.status)) ? b.at - a.at : a.at - b.at),
        )
        .map(({ r }) => r);
  return {
    named: named.length > 0,
    source: { label: 'IPO Calendar', href: '/stocks/IPO' } satisfies Source,
    from: calendar.source,
    rows: rows.slice(0, count).map((r) => ({ ...r, line: calendarLine(r) })),
  };
}

/** The question names the company: its name as whole words, long enough not to be a common word ('Arm', 'Go'). */
const namesIn = (question: string, name: string) =>
  name.length >= 5 &&
  new RegExp(`(?:^|[^a-z0-9])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^a-z0-9])`).test(question);

/** A company's name without its legal form, as a reader would type it ('CAMP4 Therapeutics'). */
const distinctiveName = (name: string) =>
  name.replace(/[,.]?\s+(?:Inc|Corp|Corporation|Co|Ltd|Limited|plc|Holdings|N\.V|S\.A)\.?$/i, '').trim();

function calendarLine(r: CalendarRow): string {
  const parts: string[] = [String(r.status)];
  if (r.price_range) parts.push(`price range ${r.price_range}`);
  if (r.offer_price) parts.push(`priced at ${r.offer_price}`);
  if (typeof r.shares_offered === 'number') parts.push(`${f.shares(r.shares_offered)} shares offered`);
  if (r.priced_date) parts.push(`priced ${r.priced_date}`);
  else if (r.expected_date) parts.push(`expected ${r.expected_date}`);
  else if (r.filed_date) parts.push(`registration filed ${r.filed_date}`);
  const where = [r.symbol, r.exchange].filter(Boolean).join(' on ');
  return `${r.company_name}${where ? ` (${where})` : ''}: ${parts.join(', ')}`;
}
