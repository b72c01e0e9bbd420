import { describe, expect, it } from 'vitest';
import { createCompanyDirectory } from '../../../../../src/server/features/chat/answer/company-mentions.ts';
import { understand, VOCABULARY_WORDS } from '../../../../../src/server/features/chat/answer/understand.ts';

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
