/**
 * The built-in engine's sections about one company, one per intent, and
 * the short overview of a company named with nothing else: each writes the
 * company's facts (facts.ts) into sentences, every figure followed by the
 * number of its source.
 */
import type { FilingGroupName } from '../../../../lib/company.ts';
import type { CompanyRow } from '../../companies/index.ts';
import * as facts from './facts.ts';
import * as f from './figures.ts';
import { describePeriod, type Period } from './period.ts';
import type * as research from './research.ts';
import { onSession, sessionAt, type Session } from './session.ts';
import type { Question } from './understand.ts';
import type { Intent } from './vocabulary.ts';
import { who, type Writer } from './writer.ts';

/** The periods a performance question without one is answered over. */
const ALL_PERIODS: Period[] = [
  { unit: 'session', count: 1 },
  { unit: 'week', count: 1 },
  { unit: 'month', count: 1 },
  { unit: 'month', count: 3 },
  { unit: 'month', count: 6 },
  { unit: 'year', count: 1 },
  { unit: 'ytd', count: 1 },
];

/**
 * A period as a list item names it: 'Today' (or 'Last session (Fri, Nov 20)'),
 * '5 sessions', '3 months', 'This week', 'Year to date'.
 */
export function periodLabel(p: Period, session: Session): string {
  switch (p.unit) {
    case 'session':
      return session.today ? 'Today' : `Last session (${session.day})`;
    case 'wtd':
      return 'This week';
    case 'mtd':
      return 'This month';
    case 'ytd':
      return 'Year to date';
    default:
      return `${p.count} ${p.unit === 'day' ? 'session' : p.unit}${p.count === 1 ? '' : 's'}`;
  }
}

/** Country names that read with 'the': 'the United States', 'the Cayman Islands'. */
const countryName = (country: string) =>
  /^(United|Netherlands|Cayman|Bahamas|Philippines|British|Virgin|Czech|Marshall)/.test(country)
    ? `the ${country}`
    : country;

export function quote(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const session = sessionAt(ctx.now);
  const stats = facts.marketStats(c, session);
  const src = w.cite(stats.source);
  if (c.lastSale === null) {
    const when = session.today ? 'yet today' : onSession(session);
    w.line(
      `${who(c)} has not traded ${when} (the day's quote refills as exchange data arrives); its previous close was **${stats.previousClose}** ${src}.`,
    );
    return;
  }
  const asOf = stats.quotedAt ? ` As of ${stats.quotedAt}.` : '';
  // Before the open the day's change is cleared: the last sale is the last session's close.
  const move = stats.hasSessionChange ? `, ${stats.sessionChange} (${stats.netChange})` : '';
  w.line(`${who(c)} last traded at **${stats.lastPrice}**${move} ${stats.quoteTime} ${src}.${asOf}`);
}

/** The last price of a company asked about the future, said to be the latest and nothing more. */
export function latestPrice(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const stats = facts.marketStats(c, sessionAt(ctx.now));
  const src = w.cite(stats.source);
  w.line(
    `The latest price, not a forecast: ${stats.latestPrice} for ${who(c)}, last traded ${stats.tradedWhen} ${src}.`,
  );
}

async function performance(w: Writer, ctx: research.ResearchContext, c: CompanyRow, period: Period | null) {
  const session = sessionAt(ctx.now);
  const result = await facts.performanceFacts(ctx, c, period ? [period] : ALL_PERIODS);
  const src = w.cite(result.source);
  if (!result.hasPrices) {
    w.line(`RedCap has no prices for ${c.symbol} yet ${src}.`);
    return;
  }
  const one = (p: facts.PerformanceFacts['changes'][number]) => {
    if (p.change === null || p.fromClose === null) return 'no price on record';
    if (p.period.unit === 'session') return `${p.change} from the previous close of ${p.fromClose}`;
    return `${p.change} from ${p.fromClose} (close of ${p.fromDate})`;
  };
  // The price the changes run to, named by its session when that is not today's.
  const closeOf = session.today ? '' : ` (close of ${session.day})`;
  const to = `${result.last}${closeOf}`;
  if (period) {
    const p = result.changes[0]!;
    const when = describePeriod(period, onSession(session));
    if (p.noSession) {
      w.line(
        `The market has had no session ${when} yet; ${who(c)} last closed at ${result.last} on ${session.day} ${src}.`,
      );
    } else if (p.shorter) {
      w.line(
        `RedCap's prices for ${c.symbol} begin on ${result.historyStarts}; since then it is ${one(p)} to ${to} ${src}.`,
      );
    } else {
      w.line(`${who(c)} is ${one(p)} ${when}, to ${to} ${src}.`);
    }
    return;
  }
  w.line(`How ${who(c)} has moved to its last price of **${result.last}**${closeOf} ${src}:`);
  for (const p of result.changes) {
    if (p.shorter && p.period.unit !== 'ytd') continue;
    w.line(`- ${periodLabel(p.period, session)}: ${one(p)}`);
  }
}

export function valuation(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const stats = facts.marketStats(c, sessionAt(ctx.now));
  const src = w.cite(stats.source);
  w.line(
    `${who(c)} has a market cap of **${stats.marketCap}**, with ${stats.sharesOutstanding} shares outstanding ${src}.`,
  );
  if (c.floatShares !== null) {
    w.line(`Its float is ${stats.floatShares} shares (${stats.freeFloat} free float) ${src}.`);
  }
}

function range(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const stats = facts.marketStats(c, sessionAt(ctx.now));
  const src = w.cite(stats.source);
  if (stats.week52Range === null || c.week52High === null) {
    w.line(`RedCap has no 52-week range for ${c.symbol} ${src}.`);
    return;
  }
  w.line(`${who(c)} has a 52-week range of **${stats.week52Range}** ${src}.`);
  const at = stats.week52Position;
  if (at) {
    w.line(`At ${at.price} it is ${at.aboveLow} above its 52-week low and ${at.belowHigh} below its 52-week high.`);
  }
}

function volume(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const session = sessionAt(ctx.now);
  const stats = facts.marketStats(c, session);
  const src = w.cite(stats.source);
  if (c.volume === null || c.volume === 0) {
    // Before the open the day's volume is cleared: today has none yet.
    const when = session.today || session.closed === 'before the open' ? 'yet today' : onSession(session);
    w.line(`No ${c.symbol} shares have traded ${when}; its average volume is **${stats.averageVolume}** ${src}.`);
    return;
  }
  const ratio = stats.volumeRatio ? ` (${stats.volumeRatio} average)` : '';
  const traded = session.today ? 'has traded' : 'traded';
  w.line(
    `${who(c)} ${traded} **${stats.volume}** shares ${onSession(session)} against an average of **${stats.averageVolume}**${ratio} ${src}.`,
  );
}

async function analysts(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const src = w.cite(facts.analystSource(c));
  const a = await facts.analystFacts(ctx, c, 3);
  if (a.analysts === 0) {
    w.line(`No analysts rate ${who(c)} on RedCap ${src}.`);
    return;
  }
  w.line(`${f.count(a.analysts, 'analyst')} rate ${who(c)}: **${a.buy} Buy, ${a.hold} Hold, ${a.sell} Sell** ${src}.`);
  if (a.hasTarget) {
    w.line(
      `Their average price target is **${a.averageTarget}** (high ${a.highTarget}, low ${a.lowTarget}), ${a.targetUpside} from the price ${src}.`,
    );
  }
  // A provider's count names no analyst: it is said whose it is, and there is no rating to list.
  if (a.consensus) {
    w.line(`${a.consensus.replace(/\.$/, '')}: strong buys are counted as Buy, strong sells as Sell ${src}.`);
    return;
  }
  if (a.latest === null) {
    w.line(`[Sign in](/login) to see each analyst's rating and track record.`);
  } else if (a.latest.length > 0) {
    w.line('Latest ratings:');
    for (const r of a.latest) {
      const target = r.hasTarget ? `, target ${r.target}` : '';
      w.line(`- ${r.firm} (${r.analyst}): ${r.rating} on ${r.date}${target} ${src}`);
    }
  }
}

async function insiders(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const s = await facts.insiderFacts(ctx, c, 3);
  const src = w.cite(s.source);
  if (s.total === 0) {
    w.line(`No insider transactions are on record for ${who(c)} ${src}.`);
    return;
  }
  w.line(
    `Over the past 12 months insiders of ${who(c)} bought ${f.count(s.bought.count, 'time')} (${s.bought.shares} shares) and sold ${f.count(s.sold.count, 'time')} (${s.sold.shares} shares) ${src}.`,
  );
  w.line('Most recent:');
  for (const r of s.recent) {
    const what = r.trade
      ? ` ${r.trade === 'buy' ? 'bought' : 'sold'} ${r.shares} shares`
      : `: ${r.shares} shares, ${(r.kind ?? 'reported').toLowerCase()}`;
    w.line(`- ${r.date}: ${r.insider}${what}`);
  }
}

async function institutions(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const src = w.cite(facts.institutionSource(c));
  const held = await facts.institutionFacts(ctx, c, 3);
  if (held.hasOwnership) {
    w.line(
      `Institutions own **${held.ownership}** of ${who(c)}; net institutional buying is ${held.netBuying} ${src}.`,
    );
  }
  if (held.reporting === 0) {
    w.line(`No institutional holdings are reported for ${c.symbol} ${src}.`);
    return;
  }
  w.line(`${f.count(held.reporting, 'institution')} report holdings; the largest ${src}:`);
  for (const h of held.largest) {
    w.line(`- ${h.institution}: ${h.percentOfShares} (${h.shares} shares, ${h.value}), filed ${h.filed}`);
  }
}

async function shortInterest(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const { source, latest } = await facts.shortInterestFacts(ctx, c);
  const src = w.cite(source);
  if (!latest) {
    w.line(`RedCap holds no short-interest report for ${who(c)} ${src}.`);
    return;
  }
  const share = latest.percentOfShares ? `, ${latest.percentOfShares} of the shares outstanding` : '';
  const cover = latest.daysToCover ? `; days to cover: ${latest.daysToCover}` : '';
  w.line(`**${latest.shares}** shares of ${who(c)} were sold short as of ${latest.date}${share}${cover} ${src}.`);
  if (latest.change) w.line(`That is ${latest.change} since the report before.`);
}

async function filings(w: Writer, ctx: research.ResearchContext, c: CompanyRow, groups: FilingGroupName[]) {
  const found = await facts.filingFacts(ctx, c, groups, 5);
  const src = w.cite(found.source);
  const kind = groups.length ? groups.map((g) => g.toLowerCase()).join(' and ') : 'SEC filings';
  if (found.total === 0) {
    w.line(`No ${kind} are on record for ${who(c)} ${src}.`);
    return;
  }
  w.line(
    `${who(c)} has ${f.count(found.total, 'filing')}${groups.length ? ` (${kind})` : ''} on record; the latest ${src}:`,
  );
  for (const r of found.filings) {
    w.line(`- ${r.date}: **${r.form}**, ${r.description} ${w.cite(r.document)}`);
  }
}

async function bio(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const { source, milestones } = await facts.bioFacts(ctx, c);
  const src = w.cite(source);
  if (milestones.length === 0) {
    w.line(`RedCap tracks no drug-pipeline milestones for ${who(c)} ${src}.`);
    return;
  }
  w.line(`${who(c)} has ${f.count(milestones.length, 'pipeline milestone')} on record ${src}:`);
  for (const p of facts.furthestFirst(milestones).slice(0, 8)) {
    const doc = p.document ? ` ${w.cite(p.document)}` : '';
    const condition = p.condition ? ` for ${p.condition}` : '';
    w.line(`- **${p.drug}**${condition}: ${p.stage} (${p.date ?? 'date not disclosed'})${doc}`);
  }
}

async function news(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const { source, articles } = await facts.companyNewsFacts(ctx, c, 5);
  const src = w.cite(source);
  if (articles.length === 0) {
    w.line(`There is no news about ${who(c)} on RedCap ${src}.`);
    return;
  }
  w.line(`The latest news about ${who(c)} ${src}:`);
  for (const item of articles) w.line(`- ${item.date}: ${item.headline} ${w.cite(item.source)}`);
}

async function webinars(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const { upcoming, replay } = await facts.companyWebinarFacts(ctx, c);
  if (upcoming.length === 0) {
    w.line(`${who(c)} has no upcoming webinar on RedCap.`);
  } else {
    w.line(`Upcoming webinars of ${who(c)}:`);
    for (const e of upcoming.slice(0, 3)) w.line(`- ${e.title}, ${e.when} ${w.cite(e.source)}`);
  }
  if (replay) w.line(`The latest replay: ${replay.title} (${replay.date}) ${w.cite(replay.source)}.`);
}

async function profile(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const about = await facts.profileFacts(ctx, c);
  const src = w.cite(about.source);
  const since = about.ipoYear ? ` since ${about.ipoYear}` : '';
  w.line(
    `${who(c)} is in the ${about.sector} sector (${about.industry}), listed on the ${about.exchange}${since} and based in ${countryName(about.country)} ${src}.`,
  );
  if (about.description) {
    const sentences = about.description.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+/g) ?? [about.description];
    w.line(`${sentences.slice(0, 2).join('').trim()} ${src}`);
  }
  const extra = [
    about.headquarters ? `headquarters: ${about.headquarters}` : null,
    about.employees ? `${about.employees.toLocaleString('en-US')} employees` : null,
    about.website ? `web site: ${about.website}` : null,
  ].filter(Boolean);
  if (extra.length) w.line(`${extra.join('; ')} ${src}.`.replace(/^./, (m) => m.toUpperCase()));
}

function technicals(w: Writer, c: CompanyRow) {
  const s = facts.screenerFigures(c);
  const src = w.cite(s.source);
  w.line(`${who(c)}: RSI ${s.rsi}, EMA (20) ${s.ema20}, SMA (50) ${s.sma50}, MACD ${s.macd} ${src}.`);
  if (s.rsiReading === 'overbought') w.line('An RSI of 70 or more is what traders call overbought.');
  else if (s.rsiReading === 'oversold') w.line('An RSI of 30 or less is what traders call oversold.');
}

/** A revenue line from the statements: the latest period's, and the trailing year's. */
function revenueLine(w: Writer, s: NonNullable<Awaited<ReturnType<typeof facts.financialFacts>>>) {
  if (!s.revenue) return;
  const trailing = s.revenueTtm ? `; ${s.revenueTtm} over the trailing year` : '';
  w.line(`Revenue: ${s.revenue.value} in ${s.revenue.period}${trailing} ${w.cite(s.revenue.source)}.`);
}

async function growth(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const statements = await facts.financialFacts(ctx, c);
  if (statements) revenueLine(w, statements);
  const s = facts.screenerFigures(c);
  const src = w.cite(s.source);
  if (!s.hasRevenueGrowth) {
    if (!statements?.revenue) w.line(`RedCap has no revenue growth figures for ${who(c)} ${src}.`);
    return;
  }
  w.line(
    `${who(c)} revenue growth: ${s.revenueGrowthYoy} year over year and ${s.revenueGrowthQoq} quarter over quarter ${src}.`,
  );
}

/** `withRevenue`: false when the growth section, which gives revenue, is part of the answer too. */
async function financials(w: Writer, ctx: research.ResearchContext, c: CompanyRow, withRevenue: boolean) {
  const s = await facts.financialFacts(ctx, c);
  if (!s) {
    w.line(`I don't have financial statements for ${who(c)}: RedCap holds none of its XBRL company facts yet.`);
    return;
  }
  const tab = w.cite(s.tab);
  if (withRevenue) revenueLine(w, s);
  if (s.netIncome)
    w.line(
      `Net income: ${s.netIncome.value} in ${s.netIncome.period}${s.netIncomeTtm ? `; ${s.netIncomeTtm} over the trailing year` : ''} ${w.cite(s.netIncome.source)}.`,
    );
  if (s.cash) w.line(`Cash and equivalents: ${s.cash.value} at ${s.cash.end} ${w.cite(s.cash.source)}.`);
  w.line(`Cash runway: ${s.runway}. ${s.runwayWhy} ${tab}`);
  if (s.dilution1y || s.dilution3y)
    w.line(
      `Share count: ${s.dilution1y ?? '—'} over a year, ${s.dilution3y ?? '—'} over three years. ${s.dilutionWhy} ${tab}`,
    );
  if (s.demo) w.line('These statements are demo data generated for demonstration.');
}

async function team(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  const { source, members, fromFilings } = await facts.teamFacts(ctx, c);
  if (members.length === 0) {
    w.line(`RedCap has no leadership profiles for ${who(c)}.`);
    return;
  }
  if (!fromFilings) {
    w.line(`The leadership of ${who(c)} ${w.cite(source)}:`);
    for (const m of members.slice(0, 6)) w.line(`- ${m.name}, ${m.title}`);
    return;
  }
  // Names and titles as filed: the filings are the source, not a team the company gave.
  w.line(`The officers and directors named in ${who(c)}'s SEC ownership filings ${w.cite(source)}:`);
  for (const m of members.slice(0, 8)) w.line(`- ${m.name}, ${m.title} (${m.since})`);
}

/** A short picture of a company when the question names it and nothing else. */
export async function overview(w: Writer, ctx: research.ResearchContext, c: CompanyRow) {
  quote(w, ctx, c);
  valuation(w, ctx, c);
  range(w, ctx, c);
  const a = facts.coverage(c);
  if (a.analysts > 0) {
    const src = w.cite(a.source);
    w.line(
      `${f.count(a.analysts, 'analyst')}: ${a.buy} Buy, ${a.hold} Hold, ${a.sell} Sell; average target ${a.averageTarget} ${src}.`,
    );
  }
  const [latest] = (await facts.companyNewsFacts(ctx, c, 1)).articles;
  if (latest) w.line(`Latest news: ${latest.headline} (${latest.date}) ${w.cite(latest.source)}.`);
}

/** The section that answers each intent about a company, in the order an answer gives them. */
export const SECTIONS: Record<
  Intent,
  (w: Writer, ctx: research.ResearchContext, c: CompanyRow, q: Question) => Promise<void> | void
> = {
  quote: (w, ctx, c) => quote(w, ctx, c),
  performance: (w, ctx, c, q) => performance(w, ctx, c, q.period),
  valuation: (w, ctx, c) => valuation(w, ctx, c),
  range: (w, ctx, c) => range(w, ctx, c),
  volume: (w, ctx, c) => volume(w, ctx, c),
  analysts: (w, ctx, c) => analysts(w, ctx, c),
  insiders: (w, ctx, c) => insiders(w, ctx, c),
  institutions: (w, ctx, c) => institutions(w, ctx, c),
  short: (w, ctx, c) => shortInterest(w, ctx, c),
  filings: (w, ctx, c, q) => filings(w, ctx, c, q.filingGroups),
  bio: (w, ctx, c) => bio(w, ctx, c),
  news: (w, ctx, c) => news(w, ctx, c),
  webinars: (w, ctx, c) => webinars(w, ctx, c),
  profile: (w, ctx, c) => profile(w, ctx, c),
  technicals: (w, _ctx, c) => technicals(w, c),
  growth: (w, ctx, c) => growth(w, ctx, c),
  financials: (w, ctx, c, q) => financials(w, ctx, c, !q.intents.has('growth')),
  team: (w, ctx, c) => team(w, ctx, c),
};
export const INTENT_ORDER = Object.keys(SECTIONS) as Intent[];
