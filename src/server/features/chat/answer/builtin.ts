/**
 * The built-in engine: no model, no network. It reads the question
 * (understand.ts), looks up what it asks in the site's data (research.ts)
 * and writes the answer a line at a time, every figure formatted as the site
 * shows it and followed by the number of its source. Questions it has no
 * data function for are answered from the news and filings texts
 * (retrieval.ts), or plainly not answered.
 */
import { BIO_PHASE_GROUP_ORDER, bioPhaseGroupOf, type FilingGroupName } from '../../../../lib/company.ts';
import { CHAT_TEXT } from '../../../../lib/chat.ts';
import { dataSourceLabel } from '../../../../lib/data-sources.ts';
import { formatEventTime } from '../../../../lib/time-format.ts';
import type { ScreenerRow } from '../../../../lib/screener.ts';
import { screenerColumn } from '../../../../lib/screener-columns.ts';
import type { CompanyRow } from '../../companies/index.ts';
import type { AnswerEngine, AnswerRequest, AnswerSink } from './engine.ts';
import * as f from './figures.ts';
import * as research from './research.ts';
import { findPassages } from './retrieval.ts';
import { describePeriod, type Period } from './period.ts';
import { understand, type Question } from './understand.ts';
import { FORECASTABLE, type Intent } from './vocabulary.ts';

/** At most this many companies are answered about in one answer. */
const MAX_COMPANIES = 4;
const ALL_PERIODS: Period[] = [
  { unit: 'session', count: 1 },
  { unit: 'week', count: 1 },
  { unit: 'month', count: 1 },
  { unit: 'month', count: 3 },
  { unit: 'month', count: 6 },
  { unit: 'year', count: 1 },
  { unit: 'ytd', count: 1 },
];
const PERIOD_LABEL = (p: Period) =>
  p.unit === 'session'
    ? 'Today'
    : p.unit === 'ytd'
      ? 'Year to date'
      : `${p.count} ${p.unit}${p.count === 1 ? '' : 's'}`;

const ABOUT_ME =
  "I can tell you a stock's price and performance, valuation, 52-week range, volume, analyst ratings, insider and institutional activity, SEC filings, drug pipeline, news and webinars; compare stocks; and find stocks for a screen like 'tech stocks under $10'.";

/** Writes the answer a line at a time, as soon as each is ready. */
class Writer {
  wrote = false;
  private readonly sink: AnswerSink;
  constructor(sink: AnswerSink) {
    this.sink = sink;
  }
  /** The citation mark of a source. */
  cite(label: string, href: string): string {
    return `[${this.sink.cite({ label, href })}]`;
  }
  line(text: string) {
    this.sink.text(`${text}\n`);
    this.wrote = true;
  }
  /** A blank line between blocks (none before the first). */
  gap() {
    if (this.wrote) this.sink.text('\n');
  }
}

/** Country names that read with 'the': 'the United States', 'the Cayman Islands'. */
const countryName = (country: string) =>
  /^(United|Netherlands|Cayman|Bahamas|Philippines|British|Virgin|Czech|Marshall)/.test(country)
    ? `the ${country}`
    : country;

const who = (c: CompanyRow) => `**${c.name} (${c.symbol})**`;
const rowLink = (r: { symbol: string }) => `[${r.symbol}](/stocks/${encodeURIComponent(r.symbol)})`;

/** When a company's last sale was made: imported prices are a past session's close, named with their source; demo and live quotes are today's. */
function quoteTime(c: CompanyRow): string {
  const imported = c.dataSource !== 'demo' && c.pricesAsOf && !c.quoteUpdatedAt;
  return imported ? `at the ${c.pricesAsOf} close (${dataSourceLabel(c.dataSource)})` : 'today';
}

async function quote(w: Writer, c: CompanyRow) {
  const src = w.cite(`${c.symbol} market data`, research.sectionLink(c, 'market-stats'));
  if (c.lastSale === null) {
    w.line(
      `${who(c)} has not traded yet today (the day's quote refills as exchange data arrives); its previous close was **${f.price(c.preClose)}** ${src}.`,
    );
    return;
  }
  const when = quoteTime(c);
  const asOf = c.quoteUpdatedAt ? ` As of ${formatEventTime(c.quoteUpdatedAt)}.` : '';
  w.line(
    `${who(c)} last traded at **${f.price(c.lastSale)}**, ${f.change(c.changePercent)} (${f.signedDollars(c.netChange)}) ${when} ${src}.${asOf}`,
  );
}

/** The last price of a company asked about the future, said to be the latest and nothing more. */
function latestPrice(w: Writer, c: CompanyRow) {
  const src = w.cite(`${c.symbol} market data`, research.sectionLink(c, 'market-stats'));
  const last = c.lastSale ?? c.preClose;
  const when = c.lastSale === null ? 'at the previous close' : quoteTime(c);
  w.line(`The latest price, not a forecast: ${f.price(last)} for ${who(c)}, last traded ${when} ${src}.`);
}

async function performance(w: Writer, ctx: research.ResearchContext, c: CompanyRow, period: Period | null) {
  const periods = period ? [period] : ALL_PERIODS;
  const result = await research.performance(ctx, c, periods);
  const src = w.cite(`${c.symbol} price history`, research.sectionLink(c, 'chart'));
  if (result.last === null) {
    w.line(`RedCap has no prices for ${c.symbol} yet ${src}.`);
    return;
  }
  const one = (p: research.PeriodChange) => {
    if (p.changePercent === null || !p.from) return 'no price on record';
    if (p.period.unit === 'session')
      return `${f.change(p.changePercent)} from the previous close of ${f.price(p.from.close)}`;
    return `${f.change(p.changePercent)} from ${f.price(p.from.close)} (close of ${f.day(p.from.date)})`;
  };
  if (period) {
    const p = result.changes[0]!;
    if (p.shorter) {
      w.line(
        `RedCap's prices for ${c.symbol} begin on ${f.day(result.firstDate!)}; since then it is ${one(p)} to ${f.price(result.last)} ${src}.`,
      );
    } else {
      w.line(`${who(c)} is ${one(p)} ${describePeriod(period)}, to ${f.price(result.last)} ${src}.`);
    }
    return;
  }
  w.line(`How ${who(c)} has moved to its last price of **${f.price(result.last)}** ${src}:`);
  for (const p of result.changes) {
    if (p.shorter && p.period.unit !== 'ytd') continue;
    w.line(`- ${PERIOD_LABEL(p.period)}: ${one(p)}`);
  }
}

function valuation(w: Writer, c: CompanyRow) {
  const src = w.cite(`${c.symbol} market data`, research.sectionLink(c, 'market-stats'));
  w.line(
    `${who(c)} has a market cap of **${f.marketCap(c.marketCap)}**, with ${f.compact(c.sharesOutstanding)} shares outstanding ${src}.`,
  );
  if (c.floatShares !== null) {
    w.line(`Its float is ${f.compact(c.floatShares)} shares (${f.percent(c.freeFloat)} free float) ${src}.`);
  }
}

function range(w: Writer, c: CompanyRow) {
  const src = w.cite(`${c.symbol} market data`, research.sectionLink(c, 'market-stats'));
  if (c.week52Low === null || c.week52High === null) {
    w.line(`RedCap has no 52-week range for ${c.symbol} ${src}.`);
    return;
  }
  w.line(`${who(c)} has a 52-week range of **${f.price(c.week52Low)} – ${f.price(c.week52High)}** ${src}.`);
  const last = c.lastSale ?? c.preClose;
  if (last !== null && c.week52Low > 0) {
    const aboveLow = (last / c.week52Low - 1) * 100;
    const belowHigh = (1 - last / c.week52High) * 100;
    w.line(
      `At ${f.price(last)} it is ${aboveLow.toFixed(2)}% above its 52-week low and ${belowHigh.toFixed(2)}% below its 52-week high.`,
    );
  }
}

function volume(w: Writer, c: CompanyRow) {
  const src = w.cite(`${c.symbol} market data`, research.sectionLink(c, 'market-stats'));
  if (c.volume === null || c.volume === 0) {
    w.line(`No ${c.symbol} shares have traded yet today; its average volume is **${f.compact(c.volumeAvg)}** ${src}.`);
    return;
  }
  const ratio = c.volumeAvg ? ` (${(c.volume / c.volumeAvg).toFixed(2)}× average)` : '';
  w.line(
    `${who(c)} has traded **${f.compact(c.volume)}** shares today against an average of **${f.compact(c.volumeAvg)}**${ratio} ${src}.`,
  );
}

async function analysts(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const src = w.cite(`${c.symbol} analyst ratings`, research.sectionLink(c, 'analyst-reports'));
  const { summary: a, latest: ratings } = await research.analystFigures(ctx, c, 3);
  if (a.totalAnalysts === 0) {
    w.line(`No analysts rate ${who(c)} on RedCap ${src}.`);
    return;
  }
  w.line(
    `${f.count(a.totalAnalysts, 'analyst')} rate ${who(c)}: **${a.buyRatings} Buy, ${a.holdRatings} Hold, ${a.sellRatings} Sell** ${src}.`,
  );
  if (a.priceTarget !== null) {
    w.line(
      `Their average price target is **${f.price(a.priceTarget)}** (high ${f.price(a.highPriceTarget)}, low ${f.price(a.lowPriceTarget)}), ${f.signedPercent(a.priceTargetUpside)} from the price ${src}.`,
    );
  }
  if (ratings === null) {
    w.line(`[Sign in](/login) to see each analyst's rating and track record.`);
  } else if (ratings.length > 0) {
    w.line('Latest ratings:');
    for (const r of ratings) {
      const target = r.priceTarget === null ? '' : `, target ${f.price(r.priceTarget)}`;
      w.line(
        `- ${r.firmName} (${r.analystName}): ${r.recommendation} on ${f.day(r.recommendationDate)}${target} ${src}`,
      );
    }
  }
}

async function insiders(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const summary = await research.insiders(ctx, c, 3);
  const src = w.cite(`${c.symbol} insider transactions`, research.sectionLink(c, 'insider'));
  if (summary.total === 0) {
    w.line(`No insider transactions are on record for ${who(c)} ${src}.`);
    return;
  }
  const { bought, sold } = summary;
  w.line(
    `Over the past 12 months insiders of ${who(c)} bought ${f.count(bought.count, 'time')} (${f.compact(bought.shares)} shares) and sold ${f.count(sold.count, 'time')} (${f.compact(sold.shares)} shares) ${src}.`,
  );
  w.line('Most recent:');
  for (const r of summary.recent) {
    w.line(
      `- ${f.day(r.date_of_purchase)}: ${r.purchaser} ${r.is_buy ? 'bought' : 'sold'} ${f.compact(r.amount_purchased)} shares`,
    );
  }
}

async function institutions(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const src = w.cite(`${c.symbol} institutional ownership`, research.sectionLink(c, 'institutional'));
  const held = await research.holdings(ctx, c, 3);
  if (c.institutionalOwnership !== null) {
    w.line(
      `Institutions own **${f.percent(c.institutionalOwnership)}** of ${who(c)}; net institutional buying is ${f.signedPercent(c.institutionalBuying)} ${src}.`,
    );
  }
  if (held.totalItems === 0) {
    w.line(`No institutional holdings are reported for ${c.symbol} ${src}.`);
    return;
  }
  w.line(`${f.count(held.totalItems, 'institution')} report holdings; the largest ${src}:`);
  for (const h of held.data) {
    w.line(
      `- ${h.institutionName}: ${h.sharesHeldPercentage.toFixed(2)}% (${f.compact(h.sharesHeld)} shares, $${f.compact(h.marketValue)}), filed ${f.day(h.filingDate)}`,
    );
  }
}

async function filings(w: Writer, ctx: research.ResearchContext, c: CompanyRow, groups: FilingGroupName[]) {
  const found = await research.filings(ctx, c, groups, 5);
  const src = w.cite(`${c.symbol} SEC filings`, research.sectionLink(c, 'filings'));
  const kind = groups.length ? groups.map((g) => g.toLowerCase()).join(' and ') : 'SEC filings';
  if (found.totalItems === 0) {
    w.line(`No ${kind} are on record for ${who(c)} ${src}.`);
    return;
  }
  w.line(
    `${who(c)} has ${f.count(found.totalItems, 'filing')}${groups.length ? ` (${kind})` : ''} on record; the latest ${src}:`,
  );
  for (const r of found.data) {
    const doc = w.cite(`${r.filing_type} filed ${f.day(r.date_as_of_change)}`, r.raw_text_link);
    w.line(`- ${f.day(r.date_as_of_change)}: **${r.filing_type}**, ${r.description} ${doc}`);
  }
}

async function bio(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const phases = await research.bioPhases(ctx, c);
  const src = w.cite(`${c.symbol} bio phases`, research.sectionLink(c, 'bio-phases'));
  if (phases.length === 0) {
    w.line(`RedCap tracks no drug-pipeline milestones for ${who(c)} ${src}.`);
    return;
  }
  const order = (stage: string) => {
    const group = bioPhaseGroupOf(stage);
    return group ? BIO_PHASE_GROUP_ORDER.indexOf(group) : BIO_PHASE_GROUP_ORDER.length;
  };
  const sorted = [...phases].sort((a, b) => order(b.stage) - order(a.stage));
  w.line(`${who(c)} has ${f.count(phases.length, 'pipeline milestone')} on record ${src}:`);
  for (const p of sorted.slice(0, 8)) {
    const when = p.date ? f.day(p.date) : 'date not disclosed';
    const doc = p.raw_text_link ? ` ${w.cite(`${p.drug_name}: ${p.stage}`, p.raw_text_link)}` : '';
    w.line(`- **${p.drug_name}**: ${p.stage} (${when})${doc}`);
  }
}

async function news(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const items = await research.news(ctx, c, 5);
  const src = w.cite(`${c.symbol} news`, research.sectionLink(c, 'news'));
  if (items.length === 0) {
    w.line(`There is no news about ${who(c)} on RedCap ${src}.`);
    return;
  }
  w.line(`The latest news about ${who(c)} ${src}:`);
  for (const item of items) {
    w.line(`- ${f.dayOf(item.published_at)}: ${item.title} ${w.cite(item.title, `/news/${item.id}`)}`);
  }
}

async function companyWebinars(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const { upcoming, past } = await research.companyWebinars(ctx, c);
  if (upcoming.length === 0) {
    w.line(`${who(c)} has no upcoming webinar on RedCap.`);
  } else {
    w.line(`Upcoming webinars of ${who(c)}:`);
    for (const e of upcoming.slice(0, 3)) {
      w.line(`- ${e.title}, ${formatEventTime(new Date(e.upcoming_date))} ${w.cite(e.title, research.eventLink(e))}`);
    }
  }
  if (past?.replayLink) {
    w.line(
      `The latest replay: ${past.title} (${f.dayOf(past.upcoming_date)}) ${w.cite(`${past.title} (replay)`, past.replayLink)}.`,
    );
  }
}

async function allWebinars(w: Writer, ctx: research.ResearchContext) {
  const events = await research.upcomingWebinars(ctx, 5);
  const src = w.cite('Events', '/events');
  if (events.length === 0) {
    w.line(`No webinars are scheduled right now ${src}.`);
    return;
  }
  w.line(`The next webinars on RedCap ${src}:`);
  for (const e of events) {
    const symbol = e.company_symbol ? ` (${e.company_symbol})` : '';
    w.line(
      `- ${e.title}${symbol}, ${formatEventTime(new Date(e.upcoming_date))} ${w.cite(e.title, research.eventLink(e))}`,
    );
  }
}

async function profile(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const about = await research.profile(ctx, c);
  const src = w.cite(`About ${c.symbol}`, research.sectionLink(c, 'description'));
  const since = c.ipoYear ? ` since ${c.ipoYear}` : '';
  w.line(
    `${who(c)} is in the ${c.sectorName} sector (${c.industry}), listed on the ${c.market}${since} and based in ${countryName(c.country)} ${src}.`,
  );
  if (about?.description) {
    const sentences = about.description.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+/g) ?? [about.description];
    w.line(`${sentences.slice(0, 2).join('').trim()} ${src}`);
  }
  const extra = [
    about?.headquarters ? `headquarters: ${about.headquarters}` : null,
    about?.employees ? `${about.employees.toLocaleString('en-US')} employees` : null,
    about?.websiteUrl ? `web site: ${about.websiteUrl}` : null,
  ].filter(Boolean);
  if (extra.length) w.line(`${extra.join('; ')} ${src}.`.replace(/^./, (m) => m.toUpperCase()));
}

function technicals(w: Writer, c: CompanyRow) {
  const src = w.cite(`${c.symbol} in the screener`, `/stocks?symbol=${encodeURIComponent(c.symbol)}`);
  w.line(
    `${who(c)}: RSI ${f.decimal(c.latestRsi)}, EMA (20) ${f.price(c.latestEma)}, SMA (50) ${f.price(c.latestSma)}, MACD ${f.decimal(c.latestMacd)} ${src}.`,
  );
  if (c.latestRsi !== null) {
    if (c.latestRsi >= 70) w.line('An RSI of 70 or more is what traders call overbought.');
    else if (c.latestRsi <= 30) w.line('An RSI of 30 or less is what traders call oversold.');
  }
}

function growth(w: Writer, c: CompanyRow) {
  const src = w.cite(`${c.symbol} in the screener`, `/stocks?symbol=${encodeURIComponent(c.symbol)}`);
  if (c.yearOverYearRevenue === null && c.quarterOverQuarterRevenue === null) {
    w.line(`RedCap has no revenue growth figures for ${who(c)} ${src}.`);
    return;
  }
  w.line(
    `${who(c)} revenue growth: ${f.signedPercent(c.yearOverYearRevenue)} year over year and ${f.signedPercent(c.quarterOverQuarterRevenue)} quarter over quarter ${src}.`,
  );
}

async function team(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const members = c.isClient ? await research.team(ctx, c) : [];
  if (members.length === 0) {
    w.line(`RedCap has no leadership profiles for ${who(c)}.`);
    return;
  }
  const src = w.cite(`${c.symbol} leadership`, `/stocks/${encodeURIComponent(c.symbol)}/team`);
  w.line(`The leadership of ${who(c)} ${src}:`);
  for (const m of members.slice(0, 6)) w.line(`- ${m.name}, ${m.title}`);
}

/** A short picture of a company when the question names it and nothing else. */
async function overview(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  await quote(w, c);
  valuation(w, c);
  range(w, c);
  if (c.totalAnalysts > 0) {
    const src = w.cite(`${c.symbol} analyst ratings`, research.sectionLink(c, 'analyst-reports'));
    w.line(
      `${f.count(c.totalAnalysts, 'analyst')}: ${c.buyRatings} Buy, ${c.holdRatings} Hold, ${c.sellRatings} Sell; average target ${f.price(c.priceTarget)} ${src}.`,
    );
  }
  const [latest] = await research.news(ctx, c, 1);
  if (latest)
    w.line(
      `Latest news: ${latest.title} (${f.dayOf(latest.published_at)}) ${w.cite(latest.title, `/news/${latest.id}`)}.`,
    );
}

const SECTIONS: Record<
  Intent,
  (w: Writer, ctx: research.ResearchContext, c: CompanyRow, q: Question) => Promise<void> | void
> = {
  quote: (w, _ctx, c) => quote(w, c),
  performance: (w, ctx, c, q) => performance(w, ctx, c, q.period),
  valuation: (w, _ctx, c) => valuation(w, c),
  range: (w, _ctx, c) => range(w, c),
  volume: (w, _ctx, c) => volume(w, c),
  analysts: (w, ctx, c) => analysts(w, ctx, c),
  insiders: (w, ctx, c) => insiders(w, ctx, c),
  institutions: (w, ctx, c) => institutions(w, ctx, c),
  filings: (w, ctx, c, q) => filings(w, ctx, c, q.filingGroups),
  bio: (w, ctx, c) => bio(w, ctx, c),
  news: (w, ctx, c) => news(w, ctx, c),
  webinars: (w, ctx, c) => companyWebinars(w, ctx, c),
  profile: (w, ctx, c) => profile(w, ctx, c),
  technicals: (w, _ctx, c) => technicals(w, c),
  growth: (w, _ctx, c) => growth(w, c),
  team: (w, ctx, c) => team(w, ctx, c),
};
const INTENT_ORDER = Object.keys(SECTIONS) as Intent[];

/** Two or more companies side by side. */
async function compare(w: Writer, ctx: research.ResearchContext, list: CompanyRow[], q: Question) {
  const cites = list.map((c) => w.cite(`${c.symbol} market data`, research.sectionLink(c, 'market-stats')));
  const period = q.period ?? { unit: 'month', count: 1 };
  const moves = await Promise.all(list.map((c) => research.performance(ctx, c, [period])));
  const side = (values: string[]) => values.map((v, i) => `${list[i]!.symbol} ${v}`).join(' · ');
  w.line(`${list.map((c) => `**${c.symbol}**`).join(' vs ')} ${cites.join('')}`);
  const all = q.intents.size === 0;
  const want = (intent: Intent) => all || q.intents.has(intent);
  if (want('quote'))
    w.line(`- Last price: ${side(list.map((c) => `${f.price(c.lastSale)} (${f.change(c.changePercent)})`))}`);
  if (want('performance')) {
    w.line(
      `- ${PERIOD_LABEL(period)}: ${side(moves.map((m) => (m.changes[0]?.changePercent == null ? '—' : f.change(m.changes[0].changePercent))))}`,
    );
  }
  if (want('valuation')) w.line(`- Market cap: ${side(list.map((c) => f.marketCap(c.marketCap)))}`);
  if (want('range'))
    w.line(`- 52-week range: ${side(list.map((c) => `${f.price(c.week52Low)} – ${f.price(c.week52High)}`))}`);
  if (want('volume')) w.line(`- Average volume: ${side(list.map((c) => f.compact(c.volumeAvg)))}`);
  if (want('analysts')) {
    const analystCites = list.map((c) =>
      w.cite(`${c.symbol} analyst ratings`, research.sectionLink(c, 'analyst-reports')),
    );
    w.line(
      `- Analysts: ${side(list.map((c) => `${c.buyRatings}/${c.holdRatings}/${c.sellRatings} Buy/Hold/Sell, target ${f.price(c.priceTarget)}`))} ${analystCites.join('')}`,
    );
  }
  if (want('institutions'))
    w.line(`- Institutional ownership: ${side(list.map((c) => f.percent(c.institutionalOwnership)))}`);
  if (want('technicals')) w.line(`- RSI: ${side(list.map((c) => f.decimal(c.latestRsi)))}`);
  if (want('growth')) w.line(`- Revenue YoY: ${side(list.map((c) => f.signedPercent(c.yearOverYearRevenue)))}`);
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

function screen(w: Writer, ctx: research.ResearchContext, q: Question) {
  const words = q.screen!;
  const result = research.screen(ctx, words.filters, words.sort, words.limit);
  const src = w.cite(`Screener: ${words.described.join(', ')}`, result.link);
  if (result.total === 0) {
    w.line(`No stocks on RedCap match right now: ${words.described.join(', ')} ${src}.`);
    return;
  }
  const by = screenerColumn(words.sort.field)?.header ?? 'Market Cap';
  w.line(`**${f.count(result.total, 'stock')}** match: ${words.described.join(', ')} ${src}.`);
  w.line(
    `${result.total > result.rows.length ? `The first ${result.rows.length}` : 'They are'}, by ${by} (${words.sort.direction === 'desc' ? 'highest' : 'lowest'} first):`,
  );
  for (const r of result.rows) {
    w.line(
      `- ${rowLink(r)} ${r.name}: ${f.price(r.last_sale)} (${f.change(r.change_pre)}), market cap ${f.marketCap(r.market_cap)}${screenDetail(r, words.filters)}`,
    );
  }
  w.line(`Open the screen in the [screener](${result.link}) to sort, filter further or export it.`);
}

async function market(w: Writer, ctx: research.ResearchContext, q: Question) {
  const { indices, leaders, laggards } = await research.market(ctx, 5);
  if (q.movers === null || indices.length > 0) {
    const src = w.cite('Small-cap indices', '/#indices');
    w.line(`The small-cap indices ${src}:`);
    for (const i of indices) {
      const asOf = i.asOf ? ` (${f.day(i.asOf)})` : '';
      w.line(
        `- **${i.name}**: ${i.last === null ? '—' : i.last.toLocaleString('en-US', { maximumFractionDigits: 2 })}, ${f.change(i.changePercent)}${asOf}`,
      );
    }
  }
  const show = (kind: 'leaders' | 'laggards', rows: ScreenerRow[]) => {
    const src = w.cite(
      kind === 'leaders' ? 'Leaders' : 'Laggards',
      kind === 'leaders' ? '/stocks/Leaders' : '/stocks/Laggards',
    );
    if (rows.length === 0) {
      w.line(`No moves yet today: the day's quotes refill as exchange data arrives ${src}.`);
      return;
    }
    w.line(`${kind === 'leaders' ? "Today's top gainers" : "Today's biggest losers"} ${src}:`);
    for (const r of rows) w.line(`- ${rowLink(r)} ${r.name}: ${f.change(r.change_pre)} at ${f.price(r.last_sale)}`);
  };
  if (q.movers !== 'laggards') show('leaders', leaders);
  if (q.movers !== 'leaders') show('laggards', laggards);
}

async function favorites(w: Writer, ctx: research.ResearchContext) {
  const rows = await research.favorites(ctx);
  if (rows === null) {
    w.line(
      "[Sign in](/login) and keep companies with the ♥ on the screener or any company page; then I can tell you how they're doing.",
    );
    return;
  }
  const src = w.cite('Your favorite companies', '/favorites/Companies');
  if (rows.length === 0) {
    w.line(`You have no favorite companies yet: keep some with the ♥ on the screener or a company page ${src}.`);
    return;
  }
  w.line(`Your ${f.count(rows.length, 'favorite company', 'favorite companies')} ${src}:`);
  for (const r of rows.slice(0, 20))
    w.line(`- ${rowLink(r)} ${r.name}: ${f.price(r.last_sale)} (${f.change(r.change_pre)})`);
}

async function latestNews(w: Writer, ctx: research.ResearchContext) {
  const items = await research.latestNews(ctx, 5);
  w.line(`The latest news on RedCap ${w.cite('News', '/news')}:`);
  for (const item of items) {
    const about = item.company_symbol ? ` (${item.company_symbol})` : '';
    w.line(`- ${f.dayOf(item.published_at)}: ${item.title}${about} ${w.cite(item.title, `/news/${item.id}`)}`);
  }
}

async function passages(w: Writer, ctx: research.ResearchContext, question: string, symbol: string | null) {
  const found = await findPassages(ctx, question, symbol);
  if (found.length === 0) return false;
  w.line("Here is what RedCap's news and filings say:");
  for (const p of found) {
    w.line(`> ${p.quote}`);
    w.line(`- ${p.title}, ${p.date} ${w.cite(p.title, p.href)}`);
  }
  return true;
}

/** Names back the parts of a compound question nothing in RedCap's data answers. */
function unanswered(w: Writer, q: Question) {
  if (q.unanswered.length === 0) return;
  w.gap();
  for (const part of q.unanswered) w.line(`I can't answer "${part}" from RedCap's data.`);
}

async function compose(q: Question, req: AnswerRequest, w: Writer, sink: AnswerSink) {
  const ctx = req.research;
  if (q.smallTalk) {
    w.line(`Hello! ${ABOUT_ME}`);
    return;
  }
  if (q.ambiguous.length > 0 && q.companies.length === 0) {
    for (const a of q.ambiguous) {
      w.line(`"${a.phrase}" could be any of these. Which one do you mean?`);
      for (const c of a.candidates.slice(0, 6)) w.line(`- ${rowLink(c)} ${c.name}`);
    }
    return;
  }
  const general = q.screen !== null || q.market || q.favorites;
  let symbols = q.companies.map((c) => c.symbol);
  if (symbols.length === 0 && !general && req.subject && (q.intents.size > 0 || q.advice || q.unknown.length > 0)) {
    symbols = [req.subject];
  }
  const list = await Promise.all(symbols.slice(0, MAX_COMPANIES).map((s) => research.company(ctx, s)));
  if (list.length === 1) sink.subject(list[0]!.symbol, list[0]!.name);

  if (q.advice) {
    w.line(
      `I can't tell you whether to buy, sell or hold: ${CHAT_TEXT.disclaimer} Small-cap stocks can be volatile and illiquid; do your own research and consider a licensed adviser ${w.cite('Information, not investment advice', '/terms#not-advice')}.`,
    );
    for (const c of list.slice(0, 2)) {
      w.gap();
      w.line(`The facts RedCap has on ${c.symbol}:`);
      const asked = INTENT_ORDER.filter((i) => q.intents.has(i));
      if (asked.length === 0) await overview(w, ctx, c);
      for (const intent of asked) await SECTIONS[intent](w, ctx, c, q);
    }
    unanswered(w, q);
    return;
  }
  if (q.forecast) {
    w.line(
      `I can't predict prices: no one knows what a stock will be worth tomorrow or next year. ${CHAT_TEXT.disclaimer}`,
    );
  }
  if (q.favorites) {
    await favorites(w, ctx);
  }
  if (q.market) {
    w.gap();
    await market(w, ctx, q);
  }
  if (q.screen) {
    w.gap();
    screen(w, ctx, q);
  }
  if (list.length >= 2 && q.compare) {
    w.gap();
    await compare(w, ctx, list, q);
  } else {
    for (const c of list) {
      if (q.forecast) {
        w.gap();
        latestPrice(w, c);
      }
      // Asked of the future, a figure that changes with time is answered by the latest price above.
      const intents = INTENT_ORDER.filter((i) => q.intents.has(i) && !(q.forecast && FORECASTABLE.has(i)));
      if (q.forecast && intents.length === 0) continue;
      if (intents.length === 0) {
        w.gap();
        if (q.unknown.length > 0) {
          w.line(`RedCap doesn't have ${q.unknown.join(' or ')} for ${c.symbol}. What it has:`);
          await quote(w, c);
          valuation(w, c);
        } else await overview(w, ctx, c);
        continue;
      }
      for (const intent of intents) {
        w.gap();
        await SECTIONS[intent](w, ctx, c, q);
      }
    }
  }
  if (list.length === 0 && !general) {
    if (q.intents.has('webinars')) {
      await allWebinars(w, ctx);
    } else if (q.intents.size > 0 && !q.intents.has('news') && !q.intents.has('profile')) {
      w.line(
        'Which company do you mean? Name it by its ticker or its name, for example "AA price" or "Acme Corp filings".',
      );
      return;
    }
  }
  const answeredUnknown = list.length > 0 && INTENT_ORDER.every((i) => !q.intents.has(i));
  if (q.unknown.length > 0 && !answeredUnknown) {
    w.gap();
    const of = list.length === 1 ? ` for ${list[0]!.symbol}` : '';
    w.line(`RedCap doesn't have ${q.unknown.join(' or ')}${of}, so I can't answer that part.`);
  }
  if (w.wrote) unanswered(w, q);
  const siteNews = list.length === 0 && !general && q.intents.has('news');
  if (!w.wrote || siteNews) {
    const quoted = await passages(w, ctx, req.question, list[0]?.symbol ?? req.subject);
    if (!quoted && siteNews) await latestNews(w, ctx);
    else if (!quoted && !w.wrote) w.line(`I don't know that from RedCap's data. ${ABOUT_ME}`);
  }
}

/** The last question asked before this one. */
const previousQuestion = (history: AnswerRequest['history']) =>
  [...history].reverse().find((m) => m.role === 'user')?.content ?? null;

/**
 * A follow-up ('and AAC?', 'over 6 months?') keeps what the last question
 * asked about, or whom it asked about.
 */
function withFollowUp(q: Question, before: Question | null): Question {
  if (!before) return q;
  const asksNothing = q.intents.size === 0 && !q.screen && !q.market && !q.favorites && !q.advice && !q.smallTalk;
  if (asksNothing && q.companies.length > 0 && before.intents.size > 0) {
    return {
      ...q,
      intents: new Set(before.intents),
      filingGroups: before.filingGroups,
      period: q.period ?? before.period,
    };
  }
  return q;
}

export function createBuiltinEngine(): AnswerEngine {
  return {
    kind: 'builtin',
    async answer(req, sink) {
      const directory = req.research.directory;
      const previous = previousQuestion(req.history);
      const now = req.research.now;
      const q = withFollowUp(
        understand(req.question, directory, now),
        previous ? understand(previous, directory, now) : null,
      );
      await compose(q, req, new Writer(sink), sink);
    },
  };
}
