/**
 * The built-in engine on one company's facts: its price however it is asked,
 * its performance over a period, its size, range, volume and technicals, its
 * analysts, insiders and institutions, its filings, pipeline, news, webinars,
 * profile and team. Each answer must state the database's own values,
 * formatted as the site shows them, each cited with the link to where it
 * came from.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, formatShares } from '../../../../src/lib/format.ts';
import { formatCell } from '../../../../src/lib/screener-columns.ts';
import { officerSince } from '../../../../src/lib/company-officers.ts';
import {
  analystRatings,
  bioPhases,
  companyOfficers,
  institutionalHoldings,
  insiderTransactions,
  news,
  secFilings,
} from '../../../../src/server/schema.ts';
import { TEST_AS_OF, type TestApp } from '../../../helpers/app.ts';
import {
  ASKED_AT,
  answerHelpers,
  change,
  cites,
  type Company,
  monthsAgo,
  price,
  quoteChecks,
  section,
  seedAnswersUniverse,
} from './answers-universe.ts';

let t: TestApp;
let reader: Record<string, string>;
let s: Company, u: Company, b: Company, c: Company;
beforeAll(async () => {
  ({ t, reader, s, u, b, c } = await seedAnswersUniverse());
});
afterAll(() => t.close());
const { asked, closeOnOrBefore } = answerHelpers(() => t);

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
    const lastYear = `${Number(TEST_AS_OF.slice(0, 4)) - 1}-12-31`;
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
      expect(a.text).toContain(formatMoney(s.marketCap));
      expect(a.text).toContain(formatShares(s.sharesOutstanding));
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
      expect(a.text).toContain(formatShares(s.volumeAvg));
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
      expect(a.text).toContain(formatShares(rows[0]!.amountPurchased));
      cites(a, section(s, 'insider'));
    }
  });

  it('counts only purchases and sales in the market as insiders buying and selling, and says what the other rows were', async () => {
    await t.database.db.delete(insiderTransactions).where(eq(insiderTransactions.companySymbol, c.symbol));
    const row = (code: string, shares: number, day: string) => ({
      companySymbol: c.symbol,
      purchaser: `Insider ${code}`,
      amountPurchased: shares,
      dateOfPurchase: day,
      isBuy: code === 'P',
      code,
    });
    await t.database.db
      .insert(insiderTransactions)
      .values([row('A', 50_000, TEST_AS_OF), row('F', 7_000, TEST_AS_OF), row('S', 1_200, TEST_AS_OF)]);
    const a = await asked(`any insider buying at ${c.symbol}?`);
    expect(a.text).toContain(`bought 0 times (0 shares) and sold 1 time (${formatShares(1_200)} shares)`);
    expect(a.text).toContain(`Insider S sold ${formatShares(1_200)} shares`);
    expect(a.text).toContain(`Insider A: ${formatShares(50_000)} shares, grant or award from the company`);
    expect(a.text).toContain(
      `Insider F: ${formatShares(7_000)} shares, shares withheld to pay the exercise price or tax`,
    );
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

  it('names the officers and directors a company’s ownership filings name, where it has no team', async () => {
    // The owner of a real Form 4 (tests/fixtures/edgar/ownership/form4.374water.xml), named a month before the question.
    const filed = new Date(ASKED_AT.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.insert(companyOfficers).values({
      companySymbol: u.symbol,
      ownerCik: 2064133,
      name: 'Melkote Rajesh Ramaswamy',
      title: 'Chief Technology Officer',
      isDirector: false,
      isOfficer: true,
      firstFiled: filed,
      lastFiled: filed,
      lastAccession: null,
    });
    try {
      const a = await asked(`${u.symbol} management team`);
      expect(a.text).toContain(`The officers and directors named in`);
      expect(a.text).toContain(`- Melkote Rajesh Ramaswamy, Chief Technology Officer (${officerSince(filed)})`);
      cites(a, section(u, 'insider'));
    } finally {
      await t.database.db.delete(companyOfficers).where(eq(companyOfficers.companySymbol, u.symbol));
    }
  });
});
