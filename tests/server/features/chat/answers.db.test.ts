/**
 * The built-in engine over a seeded universe: a table of questions (every
 * intent, typos, lower-case tickers, names instead of tickers, comparisons,
 * screens in words, follow-ups) whose answers must state the database's own
 * values, formatted as the site shows them, each cited with the link to
 * where it came from; and questions it must decline or admit not knowing.
 */
import { and, asc, count, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySectionPath, type CompanySection } from '../../../../src/lib/company.ts';
import { describeChange, formatCompact, formatDollars, formatMarketCapMillions } from '../../../../src/lib/format.ts';
import { formatCell } from '../../../../src/lib/screener-columns.ts';
import { filterMap, screenFromParams } from '../../../../src/lib/screener-state.ts';
import {
  analystRatings,
  bioPhases,
  chatThreads,
  companies,
  dailyPrices,
  favoriteCompanies,
  institutionalHoldings,
  insiderTransactions,
  news,
  secFilings,
  users,
} from '../../../../src/server/schema.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { ask, type StreamedAnswer } from '../../../helpers/chat.ts';

type Company = typeof companies.$inferSelect;

let t: TestApp;
let reader: Record<string, string>;
/** A company with analysts, insider trades and institutional holders. */
let s: Company;
/** Another one, for comparisons. */
let u: Company;
/** A life-science company with a drug pipeline. */
let b: Company;
/** A client company (team, webinars). */
let c: Company;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 200 });
  const db = t.database.db;
  const withEverything = await db
    .select({ company: companies })
    .from(companies)
    .where(and(eq(companies.isClient, false), gte(companies.totalAnalysts, 2), isNotNull(companies.lastSale)))
    .orderBy(asc(companies.symbol));
  const traded = async (symbol: string) =>
    (await db.select({ n: count() }).from(insiderTransactions).where(eq(insiderTransactions.companySymbol, symbol)))[0]!
      .n > 0;
  const candidates = [];
  for (const row of withEverything) if (await traded(row.company.symbol)) candidates.push(row.company);
  [s, u] = candidates as [Company, Company];
  const [bio] = await db
    .select({ symbol: bioPhases.companySymbol })
    .from(bioPhases)
    .orderBy(asc(bioPhases.companySymbol))
    .limit(1);
  b = (await db.select().from(companies).where(eq(companies.symbol, bio!.symbol)))[0]!;
  c = (await db.select().from(companies).where(eq(companies.isClient, true)).orderBy(asc(companies.symbol)))[0]!;
  reader = bearer(await verifiedUser(t, 'reader.answers@example.com'));
  // Two names that differ only by their legal form.
  const twin = {
    sicCode: 7372,
    sectorName: 'Technology',
    industry: 'Prepackaged software',
    market: 'NASDAQ',
    country: 'United States',
  };
  await db.insert(companies).values([
    { ...twin, symbol: 'ZWID', name: 'Zephyrine Widgets Inc.' },
    { ...twin, symbol: 'ZWIL', name: 'Zephyrine Widgets Ltd.' },
  ]);
});
afterAll(() => t.close());

/** The citation number of a link, which the answer's text must use. */
function cites(answer: StreamedAnswer, href: string) {
  const n = answer.citations.findIndex((citation) => citation.href === href) + 1;
  expect(n, `${href} among ${JSON.stringify(answer.citations)}`).toBeGreaterThan(0);
  expect(answer.text).toContain(`[${n}]`);
}
const section = (company: Company, name: CompanySection) => companySectionPath(company.symbol, name, company.isClient);
const price = formatDollars;
const change = (p: number | null) => describeChange(p).text;

async function asked(question: string, options: Parameters<typeof ask>[2] = {}) {
  const answer = await ask(t, question, options);
  expect(answer.status, `${question}: ${JSON.stringify(answer.error)}`).toBe(200);
  expect(answer.events.at(-1)?.event).toBe('done');
  return answer;
}

/** The New York date `months` before today. */
function monthsAgo(months: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1 - months, d, 12));
  return at.toISOString().slice(0, 10);
}

async function closeOnOrBefore(symbol: string, date: string) {
  const [bar] = await t.database.db
    .select({ close: dailyPrices.close })
    .from(dailyPrices)
    .where(and(eq(dailyPrices.symbol, symbol), lte(dailyPrices.date, date)))
    .orderBy(desc(dailyPrices.date))
    .limit(1);
  return bar!.close;
}

const quoteChecks = (a: StreamedAnswer, co: Company) => {
  expect(a.text).toContain(price(co.lastSale));
  expect(a.text).toContain(change(co.changePercent));
  cites(a, section(co, 'market-stats'));
  expect(a.subject?.symbol).toBe(co.symbol);
};

describe('a stock’s price, however it is asked', () => {
  const questions = [
    (co: Company) => `What's ${co.symbol} trading at?`,
    (co: Company) => `${co.symbol.toLowerCase()} price`,
    (co: Company) => `how much is ${co.name} stock?`,
    (co: Company) => `${co.symbol} pirce today?`,
    (co: Company) => `$${co.symbol.toLowerCase()} quote`,
    (co: Company) => `WHAT IS THE PRICE OF ${co.symbol}`,
  ];
  for (const [i, question] of questions.entries()) {
    it(`answers with the last sale and the day's change (${i + 1})`, async () => {
      quoteChecks(await asked(question(s)), s);
    });
  }
  it('links a client company’s figures to its Market Data tab', async () => {
    const a = await asked(`${c.symbol} price`);
    quoteChecks(a, c);
    expect(a.citations[0]!.href).toBe(`/stocks/${c.symbol}/marketdata#market-stats`);
  });
});

describe('performance over a period', () => {
  it('measures three months from the close on or before the first day', async () => {
    const a = await asked(`how has ${s.symbol.toLowerCase()} performed over the last 3 months`);
    const from = await closeOnOrBefore(s.symbol, monthsAgo(3));
    expect(a.text).toContain(change((s.lastSale! / from - 1) * 100));
    expect(a.text).toContain(price(from));
    cites(a, section(s, 'chart'));
  });
  it('measures a year, and six months with a typo', async () => {
    const year = await asked(`${s.symbol} 1 year performance`);
    expect(year.text).toContain(change((s.lastSale! / (await closeOnOrBefore(s.symbol, monthsAgo(12))) - 1) * 100));
    const six = await asked(`${s.symbol} perfomance past six months`);
    expect(six.text).toContain(change((s.lastSale! / (await closeOnOrBefore(s.symbol, monthsAgo(6))) - 1) * 100));
  });
  it('gives every period when none is named, by the company’s name', async () => {
    const a = await asked(`${u.name} performance`);
    for (const label of ['Today', '1 week', '1 month', '3 months', '6 months', '1 year', 'Year to date'])
      expect(a.text).toContain(`- ${label}:`);
    expect(a.subject?.symbol).toBe(u.symbol);
  });
  it('says the day’s move for “today”', async () => {
    const a = await asked(`is ${s.symbol} up today?`);
    expect(a.text).toContain(change(s.changePercent));
    expect(a.text).toContain(price(s.preClose));
  });
  it('counts the year so far from the last close of last year', async () => {
    const a = await asked(`${s.symbol.toLowerCase()} ytd return`);
    const lastYear = `${Number(new Date().toISOString().slice(0, 4)) - 1}-12-31`;
    expect(a.text).toContain(change((s.lastSale! / (await closeOnOrBefore(s.symbol, lastYear)) - 1) * 100));
  });
});

describe('size, range, volume and technicals', () => {
  it('gives the market cap in millions, shares and float', async () => {
    for (const q of [
      `${s.symbol} market cap`,
      `how big is ${s.symbol.toLowerCase()}?`,
      `${s.symbol} shares outstanding and float`,
    ]) {
      const a = await asked(q);
      expect(a.text).toContain(`$${formatMarketCapMillions(s.marketCap)}`);
      expect(a.text).toContain(formatCompact(s.sharesOutstanding));
      cites(a, section(s, 'market-stats'));
    }
  });
  it('gives the 52-week range', async () => {
    for (const q of [
      `${s.symbol} 52-week range`,
      `${s.symbol.toLowerCase()} 52 week high and low`,
      `${u.symbol} year high`,
    ]) {
      const co = q.startsWith(u.symbol) ? u : s;
      const a = await asked(q);
      expect(a.text).toContain(`${price(co.week52Low)} – ${price(co.week52High)}`);
      cites(a, section(co, 'market-stats'));
    }
  });
  it('gives volume against the average', async () => {
    for (const q of [
      `${s.symbol} volume`,
      `how liquid is ${s.symbol.toLowerCase()}`,
      `${s.symbol} trading volume today`,
    ]) {
      const a = await asked(q);
      expect(a.text).toContain(formatCompact(s.volumeAvg));
      cites(a, section(s, 'market-stats'));
    }
  });
  it('gives RSI, moving averages and MACD, and revenue growth', async () => {
    const tech = await asked(`${s.symbol} rsi and macd`);
    expect(tech.text).toContain(formatCell('decimal', s.latestRsi));
    expect(tech.text).toContain(formatCell('decimal', s.latestMacd));
    const moving = await asked(`${u.symbol.toLowerCase()} moving averages`);
    expect(moving.text).toContain(price(u.latestSma));
    const growth = await asked(`${s.symbol} revenue growth`);
    expect(growth.text).toContain(formatCell('signed-percent', s.yearOverYearRevenue));
  });
});

describe('analysts, insiders and institutions', () => {
  it('counts the ratings and gives the targets; each rating only to a signed-in reader', async () => {
    const guest = await asked(`what do analysts think of ${s.symbol}`);
    expect(guest.text).toContain(`${s.buyRatings} Buy, ${s.holdRatings} Hold, ${s.sellRatings} Sell`);
    expect(guest.text).toContain(price(s.priceTarget));
    expect(guest.text).toContain('[Sign in](/login)');
    cites(guest, section(s, 'analyst-reports'));
    const [latest] = await t.database.db
      .select()
      .from(analystRatings)
      .where(eq(analystRatings.companySymbol, s.symbol))
      .orderBy(desc(analystRatings.recommendationDate), asc(analystRatings.id))
      .limit(1);
    const signedIn = await asked(`${s.symbol.toLowerCase()} analyst ratings`, { headers: reader });
    expect(signedIn.text).toContain(latest!.firmName);
    expect(signedIn.text).not.toContain('Sign in');
    const target = await asked(`${s.symbol} price target`);
    expect(target.text).toContain(formatCell('signed-percent', s.priceTargetUpside));
    const consensus = await asked(`${u.symbol} consensus rating`);
    expect(consensus.text).toContain(`${u.buyRatings} Buy`);
  });

  it('sums the last year of insider trades and lists the latest', async () => {
    const rows = await t.database.db
      .select()
      .from(insiderTransactions)
      .where(eq(insiderTransactions.companySymbol, s.symbol))
      .orderBy(desc(insiderTransactions.dateOfPurchase), desc(insiderTransactions.id));
    for (const q of [
      `any insider buying at ${s.symbol}?`,
      `${s.symbol.toLowerCase()} insidr trades`,
      `have ${s.name} insiders been selling?`,
    ]) {
      const a = await asked(q);
      expect(a.text).toContain(rows[0]!.purchaser);
      expect(a.text).toContain(formatCompact(rows[0]!.amountPurchased));
      cites(a, section(s, 'insider'));
    }
  });

  it('gives institutional ownership and the largest holders', async () => {
    const [top] = await t.database.db
      .select()
      .from(institutionalHoldings)
      .where(eq(institutionalHoldings.companySymbol, s.symbol))
      .orderBy(desc(institutionalHoldings.sharesHeld), asc(institutionalHoldings.id))
      .limit(1);
    for (const q of [
      `who owns ${s.symbol}`,
      `${s.symbol.toLowerCase()} institutional ownership`,
      `largest holders of ${s.symbol}`,
    ]) {
      const a = await asked(q);
      expect(a.text).toContain(formatCell('percent', s.institutionalOwnership));
      expect(a.text).toContain(top!.institutionName);
      cites(a, section(s, 'institutional'));
    }
  });
});

describe('filings, pipeline, news, webinars, profile and team', () => {
  const filingsOf = async (symbol: string, types?: string[]) =>
    t.database.db
      .select()
      .from(secFilings)
      .where(and(eq(secFilings.companySymbol, symbol), types ? sql`${secFilings.filingType} in ${types}` : undefined))
      .orderBy(desc(secFilings.dateAsOfChange), desc(secFilings.accessionKey));

  it('lists the latest filings, each linked to its document', async () => {
    const all = await filingsOf(s.symbol);
    for (const q of [`${s.symbol} latest SEC filings`, `${s.symbol.toLowerCase()} recent filngs`]) {
      const a = await asked(q);
      expect(a.text).toContain(`${all.length} filings`);
      cites(a, all[0]!.rawTextLink);
      cites(a, section(s, 'filings'));
    }
  });

  it('narrows filings to a form group', async () => {
    for (const [q, types] of [
      [`${s.symbol} 8-K`, ['8-K', '8-K/A', '8-K12B']],
      [`${u.symbol.toLowerCase()} quarterly reports`, ['10-Q', '10-Q/A']],
      [`${s.symbol} form 4 filings`, ['3', '4', '5', '144', 'SC 13D', 'SC 13G', 'SC 13G/A']],
    ] as const) {
      const symbol = q.toUpperCase().startsWith(u.symbol) ? u.symbol : s.symbol;
      const found = await filingsOf(symbol, [...types]);
      const a = await asked(q);
      if (found.length === 0) expect(a.text).toMatch(/No .* are on record/);
      else cites(a, found[0]!.rawTextLink);
    }
  });

  it('gives the drug pipeline', async () => {
    const phases = await t.database.db.select().from(bioPhases).where(eq(bioPhases.companySymbol, b.symbol));
    for (const q of [
      `${b.symbol} pipeline`,
      `${b.symbol.toLowerCase()} drug trials`,
      `what phase is ${b.name}'s lead drug in?`,
    ]) {
      const a = await asked(q);
      for (const p of phases.slice(0, 3)) expect(a.text).toContain(p.drugName);
      cites(a, section(b, 'bio-phases'));
    }
    const none = await asked(`${s.symbol} pipeline`);
    expect(none.text).toContain('no drug-pipeline milestones');
  });

  it('lists the latest news, each linked to its article', async () => {
    const [newest] = await t.database.db
      .select()
      .from(news)
      .where(eq(news.companySymbol, c.symbol))
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(1);
    for (const q of [`${c.symbol} news`, `latest headlines for ${c.name.toLowerCase()}`]) {
      const a = await asked(q);
      expect(a.text).toContain(newest!.title);
      cites(a, `/news/${newest!.id}`);
    }
  });

  it('quotes the articles that answer an open question', async () => {
    const a = await asked('any news about contract wins?');
    expect(a.text).toContain("Here is what RedCap's news and filings say");
    const [first] = a.citations;
    expect(first!.href).toMatch(/^\/news\/\d+$/);
    const [article] = await t.database.db
      .select()
      .from(news)
      .where(eq(news.id, Number(first!.href.split('/').pop())));
    expect(article!.title.toLowerCase()).toContain('contract');
  });

  it('gives a client’s upcoming webinars with their registration links', async () => {
    for (const q of [`${c.symbol} webinars`, `when is ${c.name}'s next webinar?`]) {
      const a = await asked(q);
      expect(
        a.citations.some((x) => /^\/events\/form\/[^/]+\/\d+$/.test(x.href)) || a.text.includes('no upcoming webinar'),
      ).toBe(true);
    }
    const all = await asked('upcoming webinars');
    cites(all, '/events');
  });

  it('describes a company from its profile', async () => {
    for (const q of [`tell me about ${u.name}`, `what does ${u.symbol} do?`]) {
      const a = await asked(q);
      expect(a.text).toContain(u.industry);
      cites(a, section(u, 'description'));
    }
  });

  it('names a client’s leadership', async () => {
    const a = await asked(`${c.symbol} management team`);
    cites(a, `/stocks/${c.symbol}/team`);
  });
});

describe('two or more companies', () => {
  it('compares them side by side, each figure from its own row', async () => {
    for (const q of [`compare ${s.symbol} and ${u.symbol}`, `${s.symbol.toLowerCase()} vs ${u.symbol.toLowerCase()}`]) {
      const a = await asked(q);
      expect(a.text).toContain(`${s.symbol} ${price(s.lastSale)}`);
      expect(a.text).toContain(`${u.symbol} ${price(u.lastSale)}`);
      expect(a.text).toContain(`$${formatMarketCapMillions(u.marketCap)}`);
      cites(a, section(s, 'market-stats'));
      cites(a, section(u, 'market-stats'));
    }
  });
  it('compares only what is asked, by name', async () => {
    const a = await asked(`${s.name} versus ${u.name} market cap`);
    expect(a.text).toContain(`Market cap: ${s.symbol} $${formatMarketCapMillions(s.marketCap)}`);
    expect(a.text).not.toContain('Last price');
  });
  it('answers a question about several companies for each', async () => {
    const a = await asked(`${s.symbol} and ${u.symbol} analyst ratings`);
    cites(a, section(s, 'analyst-reports'));
    cites(a, section(u, 'analyst-reports'));
  });
});

describe('screens in words', () => {
  const countWhere = async (where: ReturnType<typeof and>) =>
    Number((await t.database.db.select({ n: count() }).from(companies).where(where))[0]!.n);

  it('answers from the screener with a link that reproduces the screen', async () => {
    const a = await asked('life-science small caps under $5 with a phase 3 drug');
    const expected = await countWhere(and(eq(companies.bioPhasePipelines, 'Phase 3'), lte(companies.lastSale, 5)));
    if (expected === 0) expect(a.text).toContain('No stocks on RedCap match');
    else expect(a.text).toContain(`**${expected} stock`);
    const link = a.citations.find((x) => x.href.startsWith('/stocks?'))!.href;
    const screen = screenFromParams(new URLSearchParams(link.split('?')[1]));
    expect(filterMap(screen)).toEqual({ 'Bio Phase': 'Phase 3', 'Last Price': '0 to 5' });
    cites(a, link);
  });

  it('reads sectors, sizes, exchanges and counts', async () => {
    const tech = await asked('tech stocks under $10');
    const link = tech.citations.find((x) => x.href.startsWith('/stocks?'))!.href;
    expect(filterMap(screenFromParams(new URLSearchParams(link.split('?')[1])))).toEqual({
      'Last Price': '0 to 10',
      Sector: 'technology',
    });
    const micro = await asked('micro caps on nasdaq');
    const microCount = await countWhere(
      and(eq(companies.market, 'NASDAQ'), gte(companies.marketCap, 50e6), lte(companies.marketCap, 300e6)),
    );
    if (microCount > 0) expect(micro.text).toContain(`**${microCount} stock`);
    const top = await asked('top 5 oversold biotechs');
    expect(top.text.match(/^- \[/gm)?.length ?? 0).toBeLessThanOrEqual(5);
  });
});

describe('the market and the reader’s favorites', () => {
  it('gives the indices and the day’s movers', async () => {
    const a = await asked('how are small caps doing today?');
    expect(a.text).toContain('Russell 2000');
    cites(a, '/#indices');
    const losers = await asked('top losers today');
    cites(losers, '/stocks/Laggards');
  });
  it('asks a guest to sign in, and lists a reader’s favorites with their prices', async () => {
    const guest = await asked('how are my favorites doing?');
    expect(guest.text).toContain('[Sign in](/login)');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'reader.answers@example.com'));
    await t.database.db.insert(favoriteCompanies).values({ userId: user!.id, symbol: u.symbol });
    const mine = await asked('how are my favorites doing?', { headers: reader });
    expect(mine.text).toContain(`${u.name}: ${price(u.lastSale)}`);
    cites(mine, '/favorites/Companies');
  });
});

describe('what it declines or does not know', () => {
  it('declines advice with the site’s disclaimer, then gives the facts', async () => {
    for (const q of [
      `should I buy ${s.symbol}?`,
      `will ${s.symbol.toLowerCase()} go up?`,
      `is ${s.name} a good investment?`,
    ]) {
      const a = await asked(q);
      expect(a.text).toContain('RedChat gives information only, not investment advice.');
      cites(a, '/terms#not-advice');
      expect(a.text).toContain(price(s.lastSale));
      expect(a.text).not.toMatch(/\byou should (buy|sell)\b/i);
    }
  });
  it('says plainly which figures it does not have', async () => {
    const pe = await asked(`${s.symbol} P/E ratio`);
    expect(pe.text).toContain("RedCap doesn't have P/E ratio");
    const dividend = await asked(`${u.symbol} dividend yield`);
    expect(dividend.text).toContain("RedCap doesn't have dividends");
  });
  it('admits not knowing what the site’s data does not cover', async () => {
    const a = await asked('what is the weather in Paris?');
    expect(a.text).toContain("I don't know that from RedCap's data.");
    expect(a.citations).toEqual([]);
  });
  it('says it cannot predict a price, then gives the latest price labelled as the latest', async () => {
    for (const q of [
      `what will the price of ${s.symbol} be on March 3, 2027?`,
      `${s.symbol.toLowerCase()} price tomorrow`,
      `where will ${s.name} trade next year?`,
    ]) {
      const a = await asked(q);
      expect(a.text, q).toMatch(/^I can't predict prices\b/);
      expect(a.text, q).toContain(`The latest price, not a forecast: ${price(s.lastSale)}`);
      cites(a, section(s, 'market-stats'));
    }
    // A past price is still just the price.
    const today = await asked(`what is the price of ${s.symbol}?`);
    expect(today.text).not.toContain("can't predict");
  });
  it('in a chat opened for a company, admits not knowing what is not about it rather than describing the company', async () => {
    for (const q of [
      "what's the weather tomorrow",
      'what is the weather tomorrow?',
      'tell me about the weather tomorrow',
      'who won the world cup',
      'who is the world cup winner?',
    ]) {
      const a = await asked(q, { symbol: u.symbol });
      expect(a.text, q).toContain("I don't know that from RedCap's data.");
      expect(a.text, q).not.toContain(u.industry);
      expect(a.citations, q).toEqual([]);
    }
    // What is about the company is still answered for it.
    const about = await asked('tell me about the company', { symbol: u.symbol });
    expect(about.text).toContain(u.industry);
  });
  it('answers every part of a compound question it understands, and names the part it could not answer', async () => {
    const partly = await asked(`price of ${s.symbol} and who won the world cup`);
    quoteChecks(partly, s);
    expect(partly.text).toContain(`I can't answer "who won the world cup" from RedCap's data.`);

    const both = await asked(`price of ${b.symbol} and pipeline`);
    expect(both.text).toContain(price(b.lastSale));
    cites(both, section(b, 'bio-phases'));
    expect(both.text).not.toContain("can't answer");

    const market = await asked(`how are small caps doing today and what is the price of ${s.symbol}?`);
    expect(market.text).toContain('Russell 2000');
    quoteChecks(market, s);

    const advice = await asked(`should I buy ${b.symbol} and what is its pipeline?`);
    expect(advice.text).toContain('RedChat gives information only, not investment advice.');
    cites(advice, section(b, 'bio-phases'));

    const future = await asked(`what will ${b.symbol} be worth next year and what is in its pipeline?`);
    expect(future.text).toMatch(/^I can't predict prices\b/);
    cites(future, section(b, 'bio-phases'));

    const first = await asked('price', { symbol: b.symbol });
    const followUp = await asked('… and pipeline', { threadId: first.threadId! });
    cites(followUp, section(b, 'bio-phases'));
  });
  it('asks which company when none is named, and which one when a name fits two', async () => {
    const which = await asked("what's the price target?");
    expect(which.text).toContain('Which company do you mean?');
    const twins = await asked('Zephyrine Widgets price');
    expect(twins.text).toContain('Which one do you mean?');
    expect(twins.text).toContain('ZWID');
    expect(twins.text).toContain('ZWIL');
    const one = await asked('Zephyrine Widgets Ltd. price');
    expect(one.subject?.symbol).toBe('ZWIL');
  });
});

describe('a conversation', () => {
  it('keeps its stock and its question across follow-ups', async () => {
    const first = await asked(`${s.symbol} analyst ratings`);
    const other = await asked(`and ${u.symbol}?`, { threadId: first.threadId! });
    cites(other, section(u, 'analyst-reports'));
    const later = await asked('over 6 months?', { threadId: other.threadId! });
    expect(later.text).toContain(change((u.lastSale! / (await closeOnOrBefore(u.symbol, monthsAgo(6))) - 1) * 100));
  });
  it('answers about the stock a chat was opened for, and names the thread by its first question', async () => {
    const a = await asked("what's the volume?", { symbol: s.symbol.toLowerCase(), headers: reader });
    expect(a.text).toContain(formatCompact(s.volumeAvg));
    const [thread] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, a.threadId!));
    expect(thread).toMatchObject({ title: "what's the volume?", symbol: s.symbol, companyName: s.name });
  });
});
