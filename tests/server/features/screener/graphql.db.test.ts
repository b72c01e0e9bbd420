import { eq } from 'drizzle-orm';
import { getIntrospectionQuery } from 'graphql';
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
    const deep = await graphql('{ a { b { c { d { e { f { g { h } } } } } } } }');
    expect(deep.status).toBeLessThan(500);
    expect(deep.body.errors?.map((e) => e.message)).toContain(`Query is nested deeper than ${MAX_DEPTH} levels`);
    const wide = await graphql(
      `{ ${Array.from({ length: 250 }, (_, i) => `a${i}: company(symbol: "X") { symbol }`).join(' ')} }`,
    );
    expect(wide.body.errors?.[0]?.message).toMatch(/selects more than 200 fields/);
    const huge = await graphql(`{ company(symbol: "${'X'.repeat(MAX_QUERY_LENGTH)}") { symbol } }`);
    expect(huge.body.errors?.[0]?.message).toBe(`Query is longer than ${MAX_QUERY_LENGTH} characters`);
  });
});

describe('what a query costs', () => {
  const HEAVY = `{ ${[1, 2, 3, 4]
    .map(
      (i) =>
        `a${i}: filteredCompanies(data: {page: 1, pageSize: 1000}) { companies { description insiderOwnershipRecords { purchaser } } }`,
    )
    .join(' ')} }`;

  it('refuses many rows of database-backed fields before running, naming the limit', async () => {
    const res = await t.call('POST', '/api/graphql', { json: { query: HEAVY } });
    expect(res.status).toBeLessThan(500);
    const body = res.body as {
      data?: unknown;
      errors: { message: string; extensions: { code: string; limit: number } }[];
    };
    expect(body.data ?? null).toBeNull();
    expect(body.errors[0]!.extensions.code).toBe('QUERY_TOO_COSTLY');
    expect(body.errors[0]!.message).toMatch(/more than the 250,000 allowed/);
  });

  it('counts rows by the page size a variable asks for', async () => {
    const heavyPage = `query P($data: PageInput!) { a: filteredCompanies(data: $data) { companies { description } }
      b: filteredCompanies(data: $data) { companies { description } } c: filteredCompanies(data: $data) { companies { description } }
      d: filteredCompanies(data: $data) { companies { description } } e: filteredCompanies(data: $data) { companies { description } }
      f: filteredCompanies(data: $data) { companies { description } } g: filteredCompanies(data: $data) { companies { description } }
      h: filteredCompanies(data: $data) { companies { description } } i: filteredCompanies(data: $data) { companies { description } }
      j: filteredCompanies(data: $data) { companies { description } } k: filteredCompanies(data: $data) { companies { description } }
      l: filteredCompanies(data: $data) { companies { description } } m: filteredCompanies(data: $data) { companies { description } } }`;
    const small = await graphql(heavyPage, { data: { page: 1, pageSize: 10 } });
    expect(small.body.errors).toBeUndefined();
    const large = await graphql(heavyPage, { data: { page: 1, pageSize: 1000 } });
    expect(large.body.errors?.[0]?.message).toMatch(/allowed/);
  });

  it('answers a page of rows with their descriptions and insider records, as the company record has them', async () => {
    const res = await graphql(
      '{ filteredCompanies(data: {page: 1, pageSize: 40}) { companies { symbol description insiderOwnershipRecords { purchaser date_of_purchase } } } }',
    );
    const rows = res.body.data!.filteredCompanies!.companies as {
      symbol: string;
      description: string | null;
      insiderOwnershipRecords: { purchaser: string }[];
    }[];
    expect(rows).toHaveLength(40);
    for (const row of rows.slice(0, 5)) {
      const record = (await t.call('GET', `/api/stock/company/${row.symbol}`)).body as {
        data: { description: string | null; insiderOwnershipRecords: { purchaser: string }[] };
      };
      expect(row.description).toBe(record.data.description);
      expect(row.insiderOwnershipRecords.map((r) => r.purchaser)).toEqual(
        record.data.insiderOwnershipRecords.map((r) => r.purchaser),
      );
    }
  });

  it('refuses fragments spread into more fields than it can count, as too costly and without running', async () => {
    // Each fragment spreads the one before it ten times: a few lines that name a million fields.
    const fragments = ['fragment F0 on Company { symbol name }'];
    for (let i = 1; i <= 6; i++) fragments.push(`fragment F${i} on Company { ${`...F${i - 1} `.repeat(10)}}`);
    const res = await t.call('POST', '/api/graphql', {
      json: { query: `query { company(symbol: "X") { ...F6 } } ${fragments.join(' ')}` },
    });
    expect(res.status).toBeLessThan(500);
    const body = res.body as { data?: unknown; errors: { message: string; extensions?: { code?: string } }[] };
    expect(body.data ?? null).toBeNull();
    expect(body.errors[0]!.message).toMatch(/allowed/);
  });

  it('lets fragments and introspection through, counted like any field', async () => {
    const fragment = await graphql('query { company(symbol: "X") { ...F } } fragment F on Company { symbol }');
    expect(fragment.body.errors).toBeUndefined();
    const introspection = await graphql(getIntrospectionQuery());
    expect(introspection.body.errors).toBeUndefined();
    expect((introspection.body.data as { __schema?: { types: unknown[] } }).__schema?.types.length).toBeGreaterThan(10);
  });

  it('quotes at most a short prefix of a bad value in its errors', async () => {
    const res = await graphql(SCREEN, { data: { page: 'x'.repeat(20_000), pageSize: 10 } });
    expect(res.status).toBeLessThan(500);
    const message = res.body.errors?.[0]?.message ?? '';
    expect(message.length).toBeLessThanOrEqual(500);
    expect(message).not.toContain('x'.repeat(41));
    expect(message).toMatch(/invalid value/);
  });
});
