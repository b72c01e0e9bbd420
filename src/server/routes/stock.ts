import { createRoute, z } from '@hono/zod-openapi';
import { inArray } from 'drizzle-orm';
import { createRouter } from '../context.ts';
import { companies } from '../db/schema.ts';
import { errorResponses, jsonContent, notFoundResponse } from '../http/schemas.ts';
import { requireUser } from '../http/session.ts';
import { favoriteSymbols, toggleFavoriteCompany } from '../services/favorites.ts';

const Unauthorized = { 401: jsonContent(z.object({ message: z.string() }), 'Not signed in') };

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
  responses: { 200: jsonContent(z.object({ data: z.array(FavoriteCompany) }), 'Favorites'), ...Unauthorized },
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
            symbol: z
              .string()
              .trim()
              .min(1)
              .max(12)
              .regex(/^[A-Za-z.-]+$/),
          }),
        },
      },
    },
  },
  responses: {
    200: jsonContent(z.object({ data: z.object({ symbol: z.string(), isFavorite: z.boolean() }) }), 'Toggled'),
    ...errorResponses,
    ...notFoundResponse,
    ...Unauthorized,
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
