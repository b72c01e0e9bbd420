import { ReadableStream, TextEncoderStream } from 'node:stream/web';
import { createRoute, z } from '@hono/zod-openapi';
import { count, desc, inArray } from 'drizzle-orm';
import { createRouter } from '../../platform/http/context.ts';
import { companies, ipos } from '../../schema.ts';
import {
  errorResponses,
  jsonContent,
  notFoundResponse,
  tickerSchema,
  unauthorizedResponse,
} from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/middleware.ts';
import { favoriteSymbols, toggleFavoriteCompany } from '../favorites/service.ts';
import { exportCsv, filterOptions, leadersLaggards, searchCompanies, sectorCards } from './catalog.ts';
import { compileFilters } from './query.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { FilterError, isSortField } from '../../../lib/screener.ts';

const FavoriteCompany = z
  .object({
    symbol: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    last_sale: z.number().nullable(),
    change_pre: z.number().nullable(),
    volume: z.number().nullable(),
    isFavorite: z.literal(true),
    sector_name: z.string(),
    is_client: z.boolean(),
    company_name: z.string(),
    market: z.string(),
  })
  .openapi('FavoriteCompany');

const listFavorites = createRoute({
  method: 'get',
  path: '/favorites',
  tags: ['Stocks'],
  summary: 'The signed-in user’s favorite companies',
  responses: { 200: jsonContent(z.object({ data: z.array(FavoriteCompany) }), 'Favorites'), ...unauthorizedResponse },
});

const toggleFavorite = createRoute({
  method: 'patch',
  path: '/favorites',
  tags: ['Stocks'],
  summary: 'Add a company to the favorites, or remove it if it is there',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.strictObject({
            symbol: tickerSchema,
          }),
        },
      },
    },
  },
  responses: {
    200: jsonContent(z.object({ data: z.object({ symbol: z.string(), isFavorite: z.boolean() }) }), 'Toggled'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

export const stockRoutes = createRouter()
  .openapi(listFavorites, async (c) => {
    const user = requireUser(c);
    const symbols = [...(await favoriteSymbols(c.var.db, user.id))];
    const rows = symbols.length
      ? await c.var.db.select().from(companies).where(inArray(companies.symbol, symbols)).orderBy(companies.symbol)
      : [];
    const data = rows.map((r) => ({
      symbol: r.symbol,
      name: r.name,
      logo: r.logo,
      last_sale: r.lastSale,
      change_pre: r.changePercent,
      volume: r.volume,
      isFavorite: true as const,
      sector_name: r.sectorName,
      is_client: r.isClient,
      company_name: r.name,
      market: r.market,
    }));
    return c.json({ data }, 200);
  })
  .openapi(toggleFavorite, async (c) => {
    const user = requireUser(c);
    const { symbol } = c.req.valid('json');
    const isFavorite = await toggleFavoriteCompany(c.var.db, user.id, symbol);
    return c.json({ data: { symbol: symbol.toUpperCase(), isFavorite } }, 200);
  });

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
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(max).default(defaultSize),
});

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Stocks'],
  summary: 'Find companies by symbol or name',
  request: {
    query: z.object({
      query: z.string().max(100).default(''),
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
  request: { query: z.object({ input: z.string().max(100).default('') }) },
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
      filters: z.string().max(10_000).optional(),
      sortField: z.string().max(60).default('symbol'),
      sortDirection: z.enum(['asc', 'desc']).default('asc'),
    }),
  },
  responses: { 200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
});

function parseFiltersParam(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('filters must be a JSON object of strings');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('filters must be a JSON object of strings');
  for (const value of Object.values(parsed)) {
    if (typeof value !== 'string') throw badRequest('filters must be a JSON object of strings');
  }
  return parsed as Record<string, string>;
}

export const stockCatalogRoutes = createRouter()
  .openapi(searchRoute, async (c) => {
    const { query, type, page, pageSize } = c.req.valid('query');
    const hits = searchCompanies(await c.var.snapshots.get(), query, type);
    return c.json(
      { data: hits.slice((page - 1) * pageSize, page * pageSize), totalItems: hits.length, page, pageSize },
      200,
    );
  })
  .openapi(top3Route, async (c) => {
    const hits = searchCompanies(await c.var.snapshots.get(), c.req.valid('query').input, 'all');
    return c.json({ data: hits.slice(0, 3) }, 200);
  })
  .openapi(filtersRoute, async (c) => c.json({ data: filterOptions(await c.var.snapshots.get()) }, 200))
  .openapi(sectorsRoute, async (c) => c.json({ data: sectorCards(await c.var.snapshots.get()) }, 200))
  .openapi(leadersRoute, async (c) => {
    const { order, page, pageSize } = c.req.valid('query');
    const kind = order === 'leaders' || order === 'desc' ? 'leaders' : 'laggards';
    return c.json(leadersLaggards(await c.var.snapshots.get(), kind, page, pageSize), 200);
  })
  .openapi(exportRoute, async (c) => {
    const query = c.req.valid('query');
    if (!isSortField(query.sortField)) throw badRequest(`Unknown sortField "${query.sortField}"`);
    const filters = parseFiltersParam(query.filters);
    const snapshot = await c.var.snapshots.get();
    // Bad filters answer 400 before the download starts.
    try {
      compileFilters(snapshot, filters);
    } catch (error) {
      if (error instanceof FilterError) throw badRequest(error.message);
      throw error;
    }
    const lines = exportCsv(snapshot, { filters, sortField: query.sortField, sortDirection: query.sortDirection });
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

const ipoRoute = createRoute({
  method: 'get',
  path: '/ipo',
  tags: ['Stocks'],
  summary: 'The IPO calendar, newest first (source: Renaissance Capital)',
  description: 'Rows are keyed by company_name; their other keys are the grid’s columns.',
  request: { query: z.object({ ...pageQuery(10, 50) }) },
  responses: {
    200: jsonContent(z.object({ data: z.array(z.record(z.string(), z.unknown())), total: z.number() }), 'One page'),
    ...errorResponses,
  },
});

export const ipoRoutes = createRouter().openapi(ipoRoute, async (c) => {
  const { page, pageSize } = c.req.valid('query');
  const [rows, [counted]] = await Promise.all([
    c.var.db
      .select()
      .from(ipos)
      .orderBy(desc(ipos.expectedDate), ipos.companyName)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    c.var.db.select({ n: count() }).from(ipos),
  ]);
  const data = rows.map((r) => ({
    company_name: r.companyName,
    symbol: r.symbol,
    exchange: r.exchange,
    sector: r.sector,
    price_range: `$${r.priceLow.toFixed(2)} - $${r.priceHigh.toFixed(2)}`,
    shares_offered: r.sharesOffered,
    deal_size: Math.round(((r.priceLow + r.priceHigh) / 2) * r.sharesOffered),
    expected_date: r.expectedDate,
    status: r.status,
    lead_underwriter: r.leadUnderwriter,
  }));
  return c.json({ data, total: Number(counted?.n ?? 0) }, 200);
});
