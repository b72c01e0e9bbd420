import { describe, expect, it } from 'vitest';
import { createCompanyDirectory } from '../../../../../src/server/features/chat/answer/company-mentions.ts';
import { understand } from '../../../../../src/server/features/chat/answer/understand.ts';
import { VOCABULARY_WORDS } from '../../../../../src/server/features/chat/answer/vocabulary.ts';

const directory = createCompanyDirectory(
  [
    { symbol: 'AA', name: 'Aspen Aviation Corp.', is_client: false },
    { symbol: 'AAC', name: 'Aspen Automation Co.', is_client: false },
    { symbol: 'ACS', name: 'Acorn Systems Corporation', is_client: false },
    { symbol: 'ACSL', name: 'Acorn Systems Ltd.', is_client: false },
    { symbol: 'TIDD', name: 'Tidewater Diagnostics Inc.', is_client: true },
    { symbol: 'IT', name: 'Ironwood Tech Inc.', is_client: false },
    { symbol: 'NEWS', name: 'Northern Media Group, Inc.', is_client: false },
    { symbol: 'VOLT', name: 'Volta Power Inc.', is_client: false },
  ],
  VOCABULARY_WORDS,
);
const ask = (q: string) => understand(q, directory);
const symbols = (q: string) => ask(q).companies.map((c) => c.symbol);

describe('reading which companies a question names', () => {
  it('reads tickers in any case, cashtags and names with or without their legal form', () => {
    expect(symbols("What's AA trading at?")).toEqual(['AA']);
    expect(symbols('price of aac')).toEqual(['AAC']);
    expect(symbols('$tidd news')).toEqual(['TIDD']);
    expect(symbols('How is Tidewater Diagnostics doing?')).toEqual(['TIDD']);
    expect(symbols('Aspen Aviation Corp. insiders')).toEqual(['AA']);
  });

  it('forgives a typo in a name', () => {
    expect(symbols('tidewatr diagnostcs filings')).toEqual(['TIDD']);
    expect(symbols('Aspen Automaton volume')).toEqual(['AAC']);
  });

  it('never reads a common word in lower case as a ticker, but does in capitals', () => {
    expect(symbols('is it up today?')).toEqual([]);
    expect(symbols('any news on aa?')).toEqual(['AA']);
    expect(symbols('What is the RSI of IT?')).toEqual(['IT']);
    expect(symbols('latest NEWS headlines')).toEqual(['NEWS']);
    expect(symbols('show me the volume')).toEqual([]);
  });

  it('asks back when a name fits two companies, unless the legal form tells them apart', () => {
    const q = ask('Acorn Systems price');
    expect(q.companies).toEqual([]);
    expect(q.ambiguous[0]!.candidates.map((c) => c.symbol)).toEqual(['ACS', 'ACSL']);
    expect(symbols('Acorn Systems Ltd price')).toEqual(['ACSL']);
  });

  it('keeps two companies in the order they were named, and sees a comparison', () => {
    const q = ask('Compare aac vs Aspen Aviation');
    expect(q.companies.map((c) => c.symbol)).toEqual(['AAC', 'AA']);
    expect(q.compare).toBe(true);
  });
});

describe('reading what a question asks', () => {
  it('finds the intents, with typos', () => {
    expect([...ask('AA pirce?').intents]).toEqual(['quote']);
    expect([...ask('any insidr buying at AA').intents]).toContain('insiders');
    expect([...ask('AA latest filngs').intents]).toContain('filings');
    expect([...ask('what do analysts think of AA').intents]).toEqual(['analysts']);
    expect([...ask('AA trading volume').intents]).toEqual(['volume']);
    expect([...ask("what's AA's market cap").intents]).toEqual(['valuation']);
    expect([...ask('AA 52-week high').intents]).toEqual(['range']);
  });

  it('reads the period of a performance question', () => {
    expect(ask('how has AA done over the last 3 months').period).toEqual({ unit: 'month', count: 3 });
    expect(ask('AA performance ytd').period).toEqual({ unit: 'ytd', count: 1 });
    expect(ask('AA return past year').period).toEqual({ unit: 'year', count: 1 });
    expect(ask('is AA up today').period).toEqual({ unit: 'session', count: 1 });
    expect(ask('AA six month performance').period).toEqual({ unit: 'month', count: 6 });
    expect(ask('AA 52 week range').period).toBeNull();
  });

  it('reads filing groups', () => {
    expect(ask('AA 10-K').filingGroups).toEqual(['Annual reports']);
    expect(ask('show the quarterly reports and 8-Ks of AA').filingGroups).toEqual(['8K-related', 'Quarterly Reports']);
  });

  it('reads a screen in words as the screener filters', () => {
    const q = ask('life-science small caps under $5 with a phase 3 drug');
    expect(q.screen?.filters).toEqual({ 'Last Price': '0 to 5', 'Bio Phase': 'Phase 3' });
    expect(q.market).toBe(false);
    const tech = ask('tech stocks with a market cap under $300 million on nasdaq');
    expect(tech.screen?.filters).toEqual({ 'Market Cap': '0 to 300000000', Sector: 'technology', Markets: 'NASDAQ' });
    const cheap = ask('top 5 oversold biotechs between $2 and $10');
    expect(cheap.screen?.filters).toMatchObject({ 'Last Price': '2 to 10', RSI: '0 to 30' });
    expect(cheap.screen?.limit).toBe(5);
  });

  it('sees advice, the market, favorites, small talk and figures the site does not have', () => {
    expect(ask('Should I buy AA?').advice).toBe(true);
    expect(ask('What is AA price?').advice).toBe(false);
    expect(ask('How are small caps doing today?').market).toBe(true);
    expect(ask("what's AA's market cap").market).toBe(false);
    expect(ask('top gainers today').movers).toBe('leaders');
    expect(ask('how are my favorites doing').favorites).toBe(true);
    expect(ask('hello there').smallTalk).toBe(true);
    expect(ask("what's AA's P/E ratio and dividend").unknown).toEqual(['P/E ratio', 'dividends']);
  });
});

describe('reading what a question cannot be answered with', () => {
  const now = new Date('2026-06-15T15:00:00Z');
  const at = (q: string) => understand(q, directory, now);

  it('reads a price asked of the future as a forecast, but not a past date nor analysts’ targets', () => {
    expect(at('what will the price of AA be on March 3, 2027').forecast).toBe(true);
    expect(at('AA price tomorrow').forecast).toBe(true);
    expect(at('where will Aspen Aviation trade next year?').forecast).toBe(true);
    expect(at('AA price prediction').forecast).toBe(true);
    expect(at('what was the price of AA on March 3, 2026').forecast).toBe(false);
    expect(at("what's AA's price target for next year").forecast).toBe(false);
    expect(at('when will AA present at a webinar?').forecast).toBe(false);
    // 'Will it go up?' stays a request for advice.
    expect(at('will AA go up?')).toMatchObject({ advice: true, forecast: false });
  });

  it('reads a question about something else as asking nothing, however it begins', () => {
    for (const q of ["what's the weather tomorrow", 'what is the weather this week', 'tell me about the world cup']) {
      expect([...at(q).intents], q).toEqual([]);
      expect(at(q).period, q).toBeNull();
    }
    expect([...at('tell me about the company').intents]).toEqual(['profile']);
    expect([...at('how is it doing lately?').intents]).toEqual(['performance']);
  });

  it('reads every part of a compound question, and keeps the parts it cannot answer as written', () => {
    const q = at('price of AA and who won the world cup?');
    expect(q.companies.map((c) => c.symbol)).toEqual(['AA']);
    expect([...q.intents]).toEqual(['quote']);
    expect(q.unanswered).toEqual(['who won the world cup']);
    expect([...at('price of TIDD and pipeline').intents]).toEqual(['quote', 'bio']);
    expect(at('price of TIDD and pipeline').unanswered).toEqual([]);
    const market = at('how are small caps doing today, and the price of AA?');
    expect(market).toMatchObject({ market: true, unanswered: [] });
    const screen = at('AA price and tech stocks under $10');
    expect(screen.screen?.filters).toEqual({ 'Last Price': '0 to 10', Sector: 'technology' });
    // Neither a date's comma, nor a name, nor a screen's range is split into parts.
    expect(at('what was AA worth on March 3, 2026').unanswered).toEqual([]);
    expect(at('top 5 oversold biotechs between $2 and $10').unanswered).toEqual([]);
    expect(at('AA 52-week high and low').unanswered).toEqual([]);
    expect(at('AA shares outstanding and float').unanswered).toEqual([]);
    expect(at('any insiders buying and selling at AA?').unanswered).toEqual([]);
  });
});
