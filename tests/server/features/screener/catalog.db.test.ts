import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../../../src/server/features/screener/csv.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
let symbols: string[];
beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 160 });
  const res = await t.call('POST', '/api/graphql', {
    json: { query: '{ filteredCompanies(data: {page: 1, pageSize: 1000}) { companies { symbol name } } }' },
  });
  symbols = (
    res.body as { data: { filteredCompanies: { companies: { symbol: string }[] } } }
  ).data.filteredCompanies.companies.map((c) => c.symbol);
});
afterAll(() => t.close());

type Body<T> = { data: T };

describe('stock search', () => {
  it('puts the exact symbol first, then symbol prefixes, then names', async () => {
    const symbol = symbols[10]!;
    const res = await t.call('GET', `/api/stock/search?query=${symbol.toLowerCase()}`);
    const hits = (res.body as Body<{ symbol: string }[]>).data;
    expect(hits[0]!.symbol).toBe(symbol);
    const top3 = await t.call('GET', `/api/stock/searchTop3?input=${symbol.slice(0, 1)}`);
    const three = (top3.body as Body<{ symbol: string }[]>).data;
    expect(three.length).toBeLessThanOrEqual(3);
    expect(three.every((h) => h.symbol.startsWith(symbol.slice(0, 1)))).toBe(true);
  });

  it('pages its results and answers nothing for an empty query', async () => {
    const res = await t.call('GET', '/api/stock/search?query=a&page=2&pageSize=5');
    const body = res.body as { data: unknown[]; totalItems: number; page: number };
    expect(body.page).toBe(2);
    expect(body.data.length).toBeLessThanOrEqual(5);
    expect((await t.call('GET', '/api/stock/search?query=')).body).toMatchObject({ data: [], totalItems: 0 });
    expect((await t.call('GET', '/api/stock/search?query=a&page=0')).status).toBe(400);
    expect((await t.call('GET', '/api/stock/search?query=a&pageSize=1000000000')).status).toBe(400);
    expect((await t.call('GET', '/api/stock/search?query=a&type=isin')).status).toBe(400);
  });
});

describe('filters and sectors', () => {
  it('lists the filters with the default buckets and the four filters on by default', async () => {
    const res = await t.call('GET', '/api/stock/filters');
    const filters = (res.body as Body<{ name: string; options: string[]; active: boolean; group: string }[]>).data;
    expect(filters.filter((f) => f.active).map((f) => f.name)).toEqual([
      'Market Cap',
      'Volume',
      'Shares Outstanding',
      'Bio Phase',
    ]);
    expect(filters.find((f) => f.name === 'Last Price')!.options).toEqual(['0 to 2', '2 to 5', '5 to 10', '10 to 500']);
    expect(filters.find((f) => f.name === 'Markets')!.options).toEqual(['NASDAQ', 'NYSE']);
    expect(filters.find((f) => f.name === 'Bio Phase')!.options).toContain('PDUFA');
    const rsi = filters.find((f) => f.name === 'RSI')!;
    expect(rsi.options).toHaveLength(4);
    expect(rsi.group).toBe('Technicals');
  });

  it('lists the nine sector cards with their companies and sub-sectors', async () => {
    const res = await t.call('GET', '/api/stock/getAllSectors');
    const cards = (res.body as Body<{ name: string; codes: string; companies: number; subSectors: unknown[] }[]>).data;
    expect(cards).toHaveLength(9);
    expect(cards.find((c) => c.name === 'Crypto Assets')!.codes).toBe('6799');
    // Each company is in the one card of its sector.
    expect(cards.reduce((n, c) => n + c.companies, 0)).toBe(symbols.length);
    expect(cards.every((c) => c.subSectors.length > 0)).toBe(true);
  });
});

describe('leaders and laggards', () => {
  it('rank by percent change, biggest rise first for leaders and biggest fall first for laggards', async () => {
    const leaders = (await t.call('GET', '/api/stock/leadersLaggards?order=leaders&pageSize=10')).body as {
      data: { change_pre: number }[];
      totalItems: number;
    };
    const laggards = (await t.call('GET', '/api/stock/leadersLaggards?order=laggards&pageSize=10')).body as {
      data: { change_pre: number }[];
    };
    expect(leaders.data).toHaveLength(10);
    expect(leaders.totalItems).toBe(160);
    const up = leaders.data.map((r) => r.change_pre);
    expect(up).toEqual([...up].sort((a, b) => b - a));
    const down = laggards.data.map((r) => r.change_pre);
    expect(down).toEqual([...down].sort((a, b) => a - b));
    expect(up[0]!).toBeGreaterThan(down[0]!);
    expect((await t.call('GET', '/api/stock/leadersLaggards?order=sideways')).status).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams every matching row in the screen order, beyond one page', async () => {
    const filters = JSON.stringify({ 'Market Cap': '1 to 100000000000' });
    const res = await t.call(
      'GET',
      `/api/stock/export?filters=${encodeURIComponent(filters)}&sortField=market_cap&sortDirection=desc`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="screener-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]!.startsWith('symbol,name,')).toBe(true);
    expect(lines).toHaveLength(161);
    const capIndex = lines[0]!.split(',').indexOf('market_cap');
    const caps = lines.slice(1).map((l) => Number(l.split(',').at(capIndex - lines[0]!.split(',').length)));
    expect(caps.every((v) => Number.isFinite(v))).toBe(true);
  });

  it('neutralises cells a spreadsheet would run as formulas, and quotes commas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell(-2.5)).toBe('-2.5');
    expect(csvCell(null)).toBe('');
  });

  it('refuses bad filters and sort fields with 400', async () => {
    expect((await t.call('GET', '/api/stock/export?filters=not-json')).status).toBe(400);
    expect((await t.call('GET', `/api/stock/export?filters=${encodeURIComponent('{"Nope":"1 to 2"}')}`)).body).toEqual({
      message: 'Unknown filter: Nope',
    });
    expect((await t.call('GET', '/api/stock/export?sortField=password_hash')).status).toBe(400);
  });
});
