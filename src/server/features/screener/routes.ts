/**
 * The screener's calls: REST under /api/stock (search, the three best
 * matches, filters, sector cards, leaders and laggards, the CSV export) and
 * GraphQL at /api/graphql, all answered from the in-memory snapshot.
 */
import { ReadableStream, TextEncoderStream } from 'node:stream/web';
import { createRoute, z } from '@hono/zod-openapi';
import type { StatusCode } from 'hono/utils/http-status';
import { createRouter } from '../../platform/http/context.ts';
import { queryInteger, textField } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent } from '../../platform/http/schemas.ts';
import { filterOptions, leadersLaggards, searchCompanies, sectorCards } from './catalog.ts';
import { exportScreen } from './csv.ts';
import { createGraphqlHandler } from './graphql/handler.ts';
import { graphqlContext } from './graphql/resolvers.ts';
import type { SnapshotStore } from './snapshot.ts';

const SearchHit = z
  .object({
    symbol: z.string(),
    name: z.string(),
    market: z.string().nullable(),
    sector_name: z.string().nullable(),
    last_sale: z.number().nullable(),
    change_pre: z.number().nullable(),
    logo: z.string().nullable(),
  })
  .openapi('SearchHit');

const pageQuery = (defaultSize: number, max: number) => ({
  page: queryInteger(1, 100_000).default(1),
  pageSize: queryInteger(1, max).default(defaultSize),
});

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Stocks'],
  summary: 'Find companies by symbol or name',
  request: {
    query: z.object({
      query: textField(100).default(''),
      type: z.enum(['all', 'symbol', 'name']).default('all'),
      ...pageQuery(10, 100),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(SearchHit), totalItems: z.number(), page: z.number(), pageSize: z.number() }),
      'Matches, best first',
    ),
    ...errorResponses,
  },
});

const top3Route = createRoute({
  method: 'get',
  path: '/searchTop3',
  tags: ['Stocks'],
  summary: 'The three best matches, for the search box',
  request: { query: z.object({ input: textField(100).default('') }) },
  responses: { 200: jsonContent(z.object({ data: z.array(SearchHit) }), 'Up to three matches'), ...errorResponses },
});

const filtersRoute = createRoute({
  method: 'get',
  path: '/filters',
  tags: ['Stocks'],
  summary: 'Screener filters with their buckets, default state and group',
  responses: {
    200: jsonContent(
      z.object({
        data: z.array(
          z.object({
            name: z.string(),
            options: z.array(z.string()),
            active: z.boolean(),
            group: z.string(),
            kind: z.enum(['range', 'values']),
          }),
        ),
      }),
      'Filters',
    ),
  },
});

const sectorsRoute = createRoute({
  method: 'get',
  path: '/getAllSectors',
  tags: ['Stocks'],
  summary: 'The nine sector cards with their code ranges and sub-sectors',
  responses: {
    200: jsonContent(
      z.object({
        data: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            codes: z.string(),
            companies: z.number(),
            subSectors: z.array(z.object({ code: z.number(), description: z.string() })),
          }),
        ),
      }),
      'Sector cards',
    ),
  },
});

const leadersRoute = createRoute({
  method: 'get',
  path: '/leadersLaggards',
  tags: ['Stocks'],
  summary: 'Top leaders (biggest rise since the previous close) or laggards (biggest fall)',
  request: {
    query: z.object({
      order: z.enum(['leaders', 'laggards', 'desc', 'asc']).default('leaders'),
      ...pageQuery(10, 100),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(z.record(z.string(), z.unknown())), totalItems: z.number(), totalPages: z.number() }),
      'Page',
    ),
    ...errorResponses,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/export',
  tags: ['Stocks'],
  summary: 'The whole screen (every page) as CSV',
  description: 'filters is a JSON object of filter name to value, as for filteredCompanies.',
  request: {
    query: z.object({
      filters: textField(10_000).optional(),
      sortField: textField(60).default('symbol'),
      sortDirection: z.enum(['asc', 'desc']).default('asc'),
    }),
  },
  responses: { 200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
});

/** The screener's REST calls, over the snapshot store they read. */
export const screenerRoutes = (snapshots: SnapshotStore) =>
  createRouter()
    .openapi(searchRoute, async (c) => {
      const { query, type, page, pageSize } = c.req.valid('query');
      const hits = searchCompanies(await snapshots.get(), query, type);
      return c.json(
        { data: hits.slice((page - 1) * pageSize, page * pageSize), totalItems: hits.length, page, pageSize },
        200,
      );
    })
    .openapi(top3Route, async (c) => {
      const hits = searchCompanies(await snapshots.get(), c.req.valid('query').input, 'all');
      return c.json({ data: hits.slice(0, 3) }, 200);
    })
    .openapi(filtersRoute, async (c) => c.json({ data: filterOptions(await snapshots.get()) }, 200))
    .openapi(sectorsRoute, async (c) => c.json({ data: sectorCards(await snapshots.get()) }, 200))
    .openapi(leadersRoute, async (c) => {
      const { order, page, pageSize } = c.req.valid('query');
      const kind = order === 'leaders' || order === 'desc' ? 'leaders' : 'laggards';
      return c.json(leadersLaggards(await snapshots.get(), kind, page, pageSize), 200);
    })
    .openapi(exportRoute, async (c) => {
      // Bad filters answer 400 before the download starts.
      const lines = exportScreen(await snapshots.get(), c.req.valid('query'));
      const date = new Date().toISOString().slice(0, 10);
      const body = ReadableStream.from(lines).pipeThrough(new TextEncoderStream());
      return new Response(body as unknown as BodyInit, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="screener-${date}.csv"`,
          'Cache-Control': 'no-store',
        },
      }) as never;
    });

/** The largest GraphQL answer sent, in characters of JSON. */
const MAX_RESPONSE_CHARACTERS = 8_000_000;

/** GraphQL over HTTP at /api/graphql (not in the OpenAPI document: GraphQL describes itself). */
export function graphqlRoutes(snapshots: SnapshotStore) {
  const graphql = createGraphqlHandler();
  return createRouter().on(['GET', 'POST'], '/', async (c) => {
    const [body, init] = await graphql({
      method: c.req.method,
      url: c.req.url,
      headers: { get: (name) => c.req.header(name) ?? null },
      body: () => c.req.text(),
      raw: c.req.raw,
      context: graphqlContext(c.var.db, c.var.user?.id, snapshots),
    });
    // The cost budget keeps answers small; this is the last line, whatever the fields hold.
    if (body !== null && body.length > MAX_RESPONSE_CHARACTERS) {
      const message = `The answer would be larger than ${MAX_RESPONSE_CHARACTERS / 1_000_000} MB: ask for fewer rows or fields`;
      return c.json({ errors: [{ message, extensions: { code: 'RESPONSE_TOO_LARGE' } }] }, 400);
    }
    return c.newResponse(body, init.status as StatusCode, init.headers);
  });
}
