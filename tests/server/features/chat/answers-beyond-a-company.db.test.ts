/**
 * The built-in engine beyond one company's facts: several companies side by
 * side, screens in words, the market and the reader's favorites, what it
 * declines or does not know (advice, forecasts, figures the site lacks,
 * parts of a compound question), and a conversation's follow-ups.
 */
import { and, count, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, formatShares } from '../../../../src/lib/format.ts';
import { filterMap, screenFromParams } from '../../../../src/lib/screener-state.ts';
import { chatThreads, companies, favoriteCompanies, users } from '../../../../src/server/schema.ts';
import type { TestApp } from '../../../helpers/app.ts';
import {
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
let s: Company, u: Company, b: Company;
beforeAll(async () => {
  ({ t, reader, s, u, b } = await seedAnswersUniverse());
});
afterAll(() => t.close());
const { asked, closeOnOrBefore } = answerHelpers(() => t);

describe('two or more companies', () => {
  it('compares them side by side, each figure from its own row', async () => {
    for (const q of [`compare ${s.symbol} and ${u.symbol}`, `${s.symbol.toLowerCase()} vs ${u.symbol.toLowerCase()}`]) {
      const a = await asked(q);
      expect(a.text).toContain(`${s.symbol} ${price(s.lastSale)}`);
      expect(a.text).toContain(`${u.symbol} ${price(u.lastSale)}`);
      expect(a.text).toContain(formatMoney(u.marketCap));
      cites(a, section(s, 'market-stats'));
      cites(a, section(u, 'market-stats'));
    }
  });
  it('compares only what is asked, by name', async () => {
    const a = await asked(`${s.name} versus ${u.name} market cap`);
    expect(a.text).toContain(`Market cap: ${s.symbol} ${formatMoney(s.marketCap)}`);
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
    expect(a.text).toContain(formatShares(s.volumeAvg));
    const [thread] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, a.threadId!));
    expect(thread).toMatchObject({ title: "what's the volume?", symbol: s.symbol, companyName: s.name });
  });
});
