import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../../src/server/schema.ts';
import { MAX_DEPTH, MAX_QUERY_LENGTH } from '../../../../src/server/features/screener/graphql/limits.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 150 });
});
afterAll(() => t.close());

interface Screen {
  totalItems: number;
  totalPages: number;
  companies: Record<string, unknown>[];
}

const SCREEN = `query Screen($data: PageInput!, $filters: FilterMap, $sortField: String, $sortDirection: SortDirection) {
  filteredCompanies(data: $data, filters: $filters, sortField: $sortField, sortDirection: $sortDirection) {
    totalItems totalPages companies { symbol name market_cap last_sale change_pre volume ipo_year isFavorite is_client }
  }
}`;

async function graphql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await t.call('POST', '/api/graphql', { json: { query, variables }, headers });
  return {
    status: res.status,
    body: res.body as { data?: { filteredCompanies?: Screen }; errors?: { message: string }[] },
  };
}

const screen = (variables: Record<string, unknown>, headers?: Record<string, string>) =>
  graphql(SCREEN, { data: { page: 1, pageSize: 50 }, ...variables }, headers);

describe('filteredCompanies', () => {
  it('pages through the whole universe sorted by symbol by default', async () => {
    const first = await screen({ data: { page: 1, pageSize: 50 } });
    expect(first.status).toBe(200);
    const result = first.body.data!.filteredCompanies!;
    expect(result.totalItems).toBe(150);
    expect(result.totalPages).toBe(3);
    const symbols = result.companies.map((c) => c.symbol as string);
    expect(symbols).toEqual([...symbols].sort());
    const last = await screen({ data: { page: 3, pageSize: 50 } });
    expect(last.body.data!.filteredCompanies!.companies).toHaveLength(50);
  });

  it('filters by ranges and values and sorts either way', async () => {
    const res = await screen({
      filters: { 'Market Cap': '50000000 to 2000000000', Markets: 'NASDAQ,NYSE' },
      sortField: 'market_cap',
      sortDirection: 'desc',
    });
    const list = res.body.data!.filteredCompanies!.companies;
    expect(list.length).toBeGreaterThan(10);
    for (const c of list) {
      expect(c.market_cap as number).toBeGreaterThanOrEqual(5e7);
      expect(c.market_cap as number).toBeLessThanOrEqual(2e9);
    }
    const caps = list.map((c) => c.market_cap as number);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
  });

  it('finds one company by symbol, with the market-data query too', async () => {
    const all = await screen({});
    const symbol = all.body.data!.filteredCompanies!.companies[7]!.symbol as string;
    const bySymbol = await screen({ filters: { symbol: symbol.toLowerCase() } });
    expect(bySymbol.body.data!.filteredCompanies!.companies.map((c) => c.symbol)).toEqual([symbol]);
    const market = await graphql(
      `
        query ($s: String!) {
          company(symbol: $s) {
            symbol
            name
            open
            daylow
            dayhigh
            net_change
            change_pre
            market_cap
            week52high
            week52low
            market
          }
        }
      `,
      { s: symbol },
    );
    expect(market.body).toMatchObject({ data: { company: { symbol } } });
    // The day's range is the stored one, not left empty.
    const [stored] = await t.database.db.select().from(companies).where(eq(companies.symbol, symbol));
    const record = (market.body as unknown as { data: { company: Record<string, number> } }).data.company;
    expect(record.daylow).toBe(stored!.dayLow);
    expect(record.dayhigh).toBe(stored!.dayHigh);
    expect(record.daylow!).toBeLessThanOrEqual(record.dayhigh!);
    const none = await graphql(`
      {
        company(symbol: "NOPE") {
          symbol
        }
      }
    `);
    expect(none.body).toEqual({ data: { company: null } });
  });

  it('marks the signed-in user’s favorites, and only theirs', async () => {
    const token = await verifiedUser(t, 'fan@example.com');
    const all = await screen({});
    const symbol = all.body.data!.filteredCompanies!.companies[3]!.symbol as string;
    const toggle = await t.call('PATCH', '/api/stock/favorites', { json: { symbol }, headers: bearer(token) });
    expect(toggle.body).toEqual({ data: { symbol, isFavorite: true } });
    const mine = await screen({ filters: { symbol } }, bearer(token));
    expect(mine.body.data!.filteredCompanies!.companies[0]!.isFavorite).toBe(true);
    const guest = await screen({ filters: { symbol } });
    expect(guest.body.data!.filteredCompanies!.companies[0]!.isFavorite).toBe(false);
    const list = await t.call('GET', '/api/stock/favorites', { headers: bearer(token) });
    expect((list.body as { data: { symbol: string }[] }).data.map((c) => c.symbol)).toEqual([symbol]);
    const off = await t.call('PATCH', '/api/stock/favorites', { json: { symbol }, headers: bearer(token) });
    expect(off.body).toEqual({ data: { symbol, isFavorite: false } });
  });

  it('keeps favorites for signed-in users only and refuses unknown symbols', async () => {
    expect((await t.call('GET', '/api/stock/favorites')).status).toBe(401);
    expect((await t.call('PATCH', '/api/stock/favorites', { json: { symbol: 'AAA' } })).status).toBe(401);
    const token = await verifiedUser(t, 'fan2@example.com');
    const unknown = await t.call('PATCH', '/api/stock/favorites', {
      json: { symbol: 'ZZZZZ' },
      headers: bearer(token),
    });
    expect(unknown.status).toBe(404);
    const bad = await t.call('PATCH', '/api/stock/favorites', {
      json: { symbol: "x'; drop table users" },
      headers: bearer(token),
    });
    expect(bad.status).toBe(400);
  });

  const badInputs: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown filter', { filters: { Color: 'red' } }, /Unknown filter: Color/],
    ['a malformed range', { filters: { 'Market Cap': '10 - 20' } }, /is not a range/],
    ['page 0', { data: { page: 0, pageSize: 50 } }, /page must be a whole number from 1/],
    ['page -1', { data: { page: -1, pageSize: 50 } }, /page must be/],
    ['pageSize 10^9', { data: { page: 1, pageSize: 1_000_000_000 } }, /pageSize must be between 1 and 1000/],
    ['an unknown sort field', { sortField: 'password_hash' }, /Unknown sortField/],
    ['a bad sort direction', { sortDirection: 'sideways' }, /sortDirection/],
    ['filters that are not strings', { filters: { Markets: 7 } }, /must be a string/],
    ['filters as a list', { filters: ['Markets'] }, /filters must be an object/],
  ];
  it.each(badInputs)('answers %s with a GraphQL error, never a 500', async (_label, variables, message) => {
    const res = await screen(variables);
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors?.[0]?.message).toMatch(message);
  });

  it('refuses malformed, deep, wide and huge queries with errors, never a 500', async () => {
    const malformed = await graphql('{ filteredCompanies(');
    expect(malformed.status).toBeLessThan(500);
    expect(malformed.body.errors?.[0]?.message).toMatch(/Syntax Error/);
    const deep = await graphql(
      `{ ${'__schema { types { fields { type { ofType { ofType { ofType { name } } } } } } }'} }`,
    );
    expect(deep.body.errors?.[0]?.message).toBe(`Query is nested deeper than ${MAX_DEPTH} levels`);
    const wide = await graphql(
      `{ ${Array.from({ length: 250 }, (_, i) => `a${i}: company(symbol: "X") { symbol }`).join(' ')} }`,
    );
    expect(wide.body.errors?.[0]?.message).toMatch(/selects more than 200 fields/);
    const huge = await graphql(`{ company(symbol: "${'X'.repeat(MAX_QUERY_LENGTH)}") { symbol } }`);
    expect(huge.body.errors?.[0]?.message).toBe(`Query is longer than ${MAX_QUERY_LENGTH} characters`);
    const fragment = await graphql('query { company(symbol: "X") { ...F } } fragment F on Company { symbol }');
    expect(fragment.body.errors?.[0]?.message).toBe('Fragments are not supported');
  });
});
