/**
 * The built-in engine's sections about more than one company or about the
 * site: companies side by side, a screen's matches, the market, the
 * reader's favorites, the webinars and news of the whole site, passages of
 * the news and filings, and the parts of a question it cannot answer.
 */
import type { ScreenerRow } from '../../../../lib/screener.ts';
import { screenerColumn } from '../../../../lib/screener-columns.ts';
import type { CompanyRow } from '../../companies/index.ts';
import { periodLabel } from './company-sections.ts';
import * as facts from './facts.ts';
import * as f from './figures.ts';
import { describePeriod } from './period.ts';
import type * as research from './research.ts';
import {
  favoritesFacts,
  ipoCalendarFacts,
  latestNewsFacts,
  marketFacts,
  passageFacts,
  screenFacts,
  screenSource,
} from './site-facts.ts';
import { moveInSession, moversHeading, onSession, sessionAt } from './session.ts';
import type { Question } from './understand.ts';
import type { Intent } from './vocabulary.ts';
import { rowLink, type Writer } from './writer.ts';

/** Two or more companies side by side. */
export async function compare(w: Writer, ctx: research.ResearchContext, list: CompanyRow[], q: Question) {
  const session = sessionAt(ctx.now);
  const stats = list.map((c) => facts.marketStats(c, session));
  const cites = stats.map((s) => w.cite(s.source));
  const period = q.period ?? { unit: 'month', count: 1 };
  const moves = await Promise.all(list.map((c) => facts.performanceFacts(ctx, c, [period])));
  const figures = list.map((c) => facts.screenerFigures(c));
  const coverage = list.map((c) => facts.coverage(c));
  const side = (values: string[]) => values.map((v, i) => `${list[i]!.symbol} ${v}`).join(' · ');
  w.line(`${list.map((c) => `**${c.symbol}**`).join(' vs ')} ${cites.join('')}`);
  const all = q.intents.size === 0;
  const want = (intent: Intent) => all || q.intents.has(intent);
  if (want('quote')) {
    const when = session.today ? '' : ` (${session.day})`;
    w.line(`- Last price${when}: ${side(stats.map((s) => `${s.lastPrice} (${s.sessionChange})`))}`);
  }
  if (want('performance'))
    w.line(`- ${periodLabel(period, session)}: ${side(moves.map((m) => m.changes[0]?.change ?? '—'))}`);
  if (want('valuation')) w.line(`- Market cap: ${side(stats.map((s) => s.marketCap))}`);
  if (want('range')) w.line(`- 52-week range: ${side(stats.map((s) => `${s.week52Low} – ${s.week52High}`))}`);
  if (want('volume')) w.line(`- Average volume: ${side(stats.map((s) => s.averageVolume))}`);
  if (want('analysts')) {
    const analystCites = coverage.map((a) => w.cite(a.source));
    w.line(
      `- Analysts: ${side(coverage.map((a) => `${a.buy}/${a.hold}/${a.sell} Buy/Hold/Sell, target ${a.averageTarget}`))} ${analystCites.join('')}`,
    );
  }
  if (want('institutions')) w.line(`- Institutional ownership: ${side(list.map(facts.institutionalOwnership))}`);
  if (want('technicals')) w.line(`- RSI: ${side(figures.map((s) => s.rsi))}`);
  if (want('growth')) w.line(`- Revenue YoY: ${side(figures.map((s) => s.revenueGrowthYoy))}`);
  if (all) w.line(`- Sector: ${side(list.map((c) => c.sectorName))}`);
}

/** The extra figure a screen row shows: the one its first criterion is about. */
function screenDetail(row: ScreenerRow, filters: Record<string, string>): string {
  const field = Object.keys(filters).includes('Bio Phase')
    ? 'bioPhasePipelines'
    : Object.keys(filters).includes('RSI')
      ? 'latest_rsi'
      : Object.keys(filters).includes('Price Target Upside')
        ? 'priceTargetUpside'
        : null;
  if (!field) return '';
  const column = screenerColumn(field)!;
  const value = row[field as keyof ScreenerRow];
  return `, ${column.header}: ${typeof value === 'number' ? f.decimal(value) : String(value ?? '—')}`;
}

export function screen(w: Writer, ctx: research.ResearchContext, q: Question) {
  const words = q.screen!;
  const session = sessionAt(ctx.now);
  // A screen on the day's change is a screen on the latest session's.
  const described = words.described.map((d) => moveInSession(d, session));
  const result = screenFacts(ctx, words.filters, words.sort, words.limit);
  const src = w.cite(screenSource(result.link, described));
  if (q.period && q.period.unit !== 'session' && words.filters['Change %']) {
    w.line(`The screener's change is one session's, so it cannot screen ${describePeriod(q.period)}.`);
  }
  if (result.total === 0) {
    w.line(`No stocks on RedCap match right now: ${described.join(', ')} ${src}.`);
    return;
  }
  const by = screenerColumn(words.sort.field)?.header ?? 'Market Cap';
  w.line(`**${f.count(result.total, 'stock')}** match: ${described.join(', ')} ${src}.`);
  w.line(
    `${result.total > result.rows.length ? `The first ${result.rows.length}` : 'They are'}, by ${by} (${words.sort.direction === 'desc' ? 'highest' : 'lowest'} first):`,
  );
  for (const r of result.rows) {
    w.line(
      `- ${rowLink(r)} ${r.name}: ${r.price} (${r.change}), market cap ${r.marketCap}${screenDetail(r.row, words.filters)}`,
    );
  }
  w.line(`Open the screen in the [screener](${result.link}) to sort, filter further or export it.`);
}

/** An index's change over the period asked, or why there is none. */
function indexOver(over: NonNullable<Awaited<ReturnType<typeof marketFacts>>['indices'][number]['over']>) {
  if (over.noSession) return 'no session yet';
  if (over.change === null || over.fromLevel === null) return 'no level on record to measure from';
  const since = over.shorter ? `its first level on record, ${over.fromLevel} on ${over.fromDate}` : over.fromLevel;
  return `${over.change} from ${since}${over.shorter ? '' : ` (close of ${over.fromDate})`}`;
}

export async function market(w: Writer, ctx: research.ResearchContext, q: Question) {
  const period = q.period && q.period.unit !== 'session' ? q.period : null;
  const m = await marketFacts(ctx, 5, period);
  if (m.closed) w.line(m.closed);
  if (q.movers === null || m.indices.length > 0) {
    w.line(`The small-cap indices${period ? ` ${describePeriod(period)}` : ''} ${w.cite(m.indicesSource)}:`);
    for (const i of m.indices) {
      if (i.over) {
        w.line(`- **${i.name}**: ${i.lastWorded}, ${indexOver(i.over)}`);
        continue;
      }
      const asOf = i.asOfDay ? ` (${i.asOfDay})` : '';
      w.line(`- **${i.name}**: ${i.lastWorded}, ${i.change}${asOf}`);
    }
  }
  const show = (kind: 'leaders' | 'laggards') => {
    const rows = kind === 'leaders' ? m.leaders : m.laggards;
    const src = w.cite(kind === 'leaders' ? m.leadersSource : m.laggardsSource);
    if (rows.length === 0) {
      w.line(`No moves yet today: the day's quotes refill as exchange data arrives ${src}.`);
      return;
    }
    w.line(`${moversHeading(kind, m.session)} ${src}:`);
    for (const r of rows) w.line(`- ${rowLink(r)} ${r.name}: ${r.change} at ${r.price}`);
  };
  if (q.movers !== null && period) {
    w.line(`RedCap ranks gainers and losers by one session's change, so it has no ranking ${describePeriod(period)}.`);
  }
  if (q.movers !== 'laggards') show('leaders');
  if (q.movers !== 'leaders') show('laggards');
}

export async function favorites(w: Writer, ctx: research.ResearchContext, q: Question) {
  const mine = await favoritesFacts(ctx, q.period);
  if (mine === null) {
    w.line(
      "[Sign in](/login) and keep companies with the ♥ on the screener or any company page; then I can tell you how they're doing.",
    );
    return;
  }
  const src = w.cite(mine.source);
  if (mine.companies.length === 0) {
    w.line(`You have no favorite companies yet: keep some with the ♥ on the screener or a company page ${src}.`);
    return;
  }
  const when = mine.period ? describePeriod(mine.period) : onSession(mine.session);
  w.line(
    `Your ${f.count(mine.companies.length, 'favorite company', 'favorite companies')}, with their change ${when} ${src}:`,
  );
  for (const r of mine.companies.slice(0, 20)) {
    const change = mine.period ? (r.over ?? 'no price on record to measure from') : r.change;
    w.line(`- ${rowLink(r)} ${r.name}: ${r.price} (${change})`);
  }
}

/** The next webinars on the whole site. */
export async function allWebinars(w: Writer, ctx: research.ResearchContext) {
  const events = await facts.upcomingWebinarFacts(ctx, 5);
  const src = w.cite({ label: 'Events', href: '/events' });
  if (events.length === 0) {
    w.line(`No webinars are scheduled right now ${src}.`);
    return;
  }
  w.line(`The next webinars on RedCap ${src}:`);
  for (const e of events) {
    const symbol = e.company ? ` (${e.company})` : '';
    w.line(`- ${e.title}${symbol}, ${e.when} ${w.cite(e.source)}`);
  }
}

/** The IPO calendar: the listings the question names, or the coming and latest ones. */
export async function ipoCalendar(w: Writer, ctx: research.ResearchContext, question: string) {
  const { named, source, from, rows } = await ipoCalendarFacts(ctx, question, 5);
  const src = w.cite(source);
  if (rows.length === 0) {
    w.line(`The IPO calendar has no listings right now ${src}.`);
    return;
  }
  w.line(named ? `On RedCap's IPO calendar ${src}:` : `The IPO calendar's coming and latest listings ${src}:`);
  for (const r of rows) {
    const filing = r.filing ? ` ${w.cite({ label: `${r.company_name} on SEC EDGAR`, href: String(r.filing) })}` : '';
    w.line(`- ${r.line}${filing}`);
  }
  w.line(`Source: ${from}.`);
}

export async function latestNews(w: Writer, ctx: research.ResearchContext) {
  const { source, articles } = await latestNewsFacts(ctx, 5);
  w.line(`The latest news on RedCap ${w.cite(source)}:`);
  for (const item of articles) {
    const about = item.company ? ` (${item.company})` : '';
    w.line(`- ${item.date}: ${item.headline}${about} ${w.cite(item.source)}`);
  }
}

/**
 * Quotes the news and filings on the question; false when nothing in them
 * answers it. `everyWord`: nothing else ties the question to RedCap's data.
 */
export async function passages(
  w: Writer,
  ctx: research.ResearchContext,
  question: string,
  symbol: string | null,
  everyWord = false,
) {
  const found = await passageFacts(ctx, question, symbol, everyWord);
  if (found.length === 0) return false;
  w.line("Here is what RedCap's news and filings say:");
  for (const p of found) {
    w.line(`> ${p.quote}`);
    w.line(`- ${p.title}, ${p.date} ${w.cite(p.source)}`);
  }
  return true;
}

/** Names back the parts of a compound question nothing in RedCap's data answers. */
export function unanswered(w: Writer, q: Question) {
  if (q.unanswered.length === 0) return;
  w.gap();
  for (const part of q.unanswered) w.line(`I can't answer "${part}" from RedCap's data.`);
}
