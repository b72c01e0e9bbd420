/**
 * /api/news: the news and newsletter lists of docs/product.md §18.7. Lists
 * answer `{ news }` (the envelope of docs/product.md for news lists), single articles
 * `{ data }`, news by company `{ data, currentPage, totalPages }`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { notFound } from '../../platform/errors.ts';
import { createRouter } from '../../platform/http/context.ts';
import { idField, idParam, queryInteger, textField, tickerSchema } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent, notFoundResponse } from '../../platform/http/schemas.ts';
import { favoriteRoutes } from '../favorites/index.ts';
import { NewsArticleSchema, NewsItemSchema } from './api-schemas.ts';
import {
  FAVORITE_NEWS,
  clientNews,
  companyNews,
  favoriteNewsList,
  listNews,
  newsArticle,
  newsBySector,
  newsletters,
  searchNews,
  sectorNews,
} from './service.ts';

const NewsList = z.object({ news: z.array(NewsItemSchema), total: z.number() });

const page1 = queryInteger(1, 100_000).default(1);
const page0 = queryInteger(0, 100_000).default(0);
const limit = (fallback: number) => queryInteger(1, 100).default(fallback);

const allRoute = createRoute({
  method: 'get',
  path: '/all',
  tags: ['News'],
  summary: 'Every article and newsletter, newest first',
  request: { query: z.object({ page: page1, limit: limit(10) }) },
  responses: { 200: jsonContent(NewsList, 'One page'), ...errorResponses },
});

const bySectorRoute = createRoute({
  method: 'get',
  path: '/bySector',
  tags: ['News'],
  summary: 'The newest articles of every sector, sectors in alphabetical order',
  request: { query: z.object({ perSector: queryInteger(1, 10).default(2) }) },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(z.object({ sector: z.string(), news: z.array(NewsItemSchema) })) }),
      'Groups',
    ),
    ...errorResponses,
  },
});

const sectorRoute = createRoute({
  method: 'get',
  path: '/sector',
  tags: ['News'],
  summary: 'One page of a sector’s news',
  request: { query: z.object({ sector: textField(80, { min: 1 }), page: page1, limit: limit(10) }) },
  responses: { 200: jsonContent(NewsList, 'One page'), ...errorResponses },
});

const topClientsRoute = createRoute({
  method: 'get',
  path: '/top/clients',
  tags: ['News'],
  summary: 'The newest news of client companies (page counts from 0)',
  request: { query: z.object({ page: page0, limit: limit(4) }) },
  responses: { 200: jsonContent(NewsList, 'One page'), ...errorResponses },
});

const newslettersRoute = createRoute({
  method: 'get',
  path: '/newsLetters',
  tags: ['News'],
  summary: 'Every weekly newsletter, newest first',
  responses: { 200: jsonContent(NewsList, 'Newsletters') },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['News'],
  summary: 'Search titles and summaries (page counts from 0; type newsletter keeps newsletters only)',
  request: {
    query: z.object({
      text: textField(200).default(''),
      type: z.enum(['newsletter', 'all']).default('all'),
      page: page0,
      size: limit(10),
    }),
  },
  responses: { 200: jsonContent(NewsList, 'Matches, newest first'), ...errorResponses },
});

const bySymbolRoute = createRoute({
  method: 'get',
  path: '/symbol/{symbol}',
  tags: ['News'],
  summary: 'A company’s news',
  request: {
    params: z.object({
      symbol: tickerSchema,
    }),
    query: z.object({ page: page1, limit: limit(10) }),
  },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(NewsItemSchema), currentPage: z.number(), totalPages: z.number() }),
      'One page',
    ),
    ...errorResponses,
    ...notFoundResponse,
  },
});

const byIdRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['News'],
  summary: 'One article with its sanitized body',
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ data: NewsArticleSchema }), 'Article'),
    ...errorResponses,
    ...notFoundResponse,
  },
});

export const newsRoutes = createRouter()
  // Before /{id}, which would otherwise take 'favorites' for an id.
  .route(
    '/',
    favoriteRoutes({
      tag: 'News',
      kind: FAVORITE_NEWS,
      plural: 'news',
      singular: 'an article',
      idField: 'newsId',
      idSchema: idField,
      idAnswer: z.number(),
      envelope: 'news',
      itemSchema: NewsItemSchema,
      list: favoriteNewsList,
    }),
  )
  .openapi(allRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { items, total } = await listNews(c.var.db, page, limit, c.var.user?.id);
    return c.json({ news: items, total }, 200);
  })
  .openapi(bySectorRoute, async (c) =>
    c.json({ data: await newsBySector(c.var.db, c.req.valid('query').perSector, c.var.user?.id) }, 200),
  )
  .openapi(sectorRoute, async (c) => {
    const { sector, page, limit } = c.req.valid('query');
    const { items, total } = await sectorNews(c.var.db, sector, page, limit, c.var.user?.id);
    return c.json({ news: items, total }, 200);
  })
  .openapi(topClientsRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { items, total } = await clientNews(c.var.db, page, limit, c.var.user?.id);
    return c.json({ news: items, total }, 200);
  })
  .openapi(newslettersRoute, async (c) => {
    const { items, total } = await newsletters(c.var.db, c.var.user?.id);
    return c.json({ news: items, total }, 200);
  })
  .openapi(searchRoute, async (c) => {
    const { items, total } = await searchNews(c.var.db, c.req.valid('query'), c.var.user?.id);
    return c.json({ news: items, total }, 200);
  })
  .openapi(bySymbolRoute, async (c) => {
    const { symbol } = c.req.valid('param');
    const { page, limit } = c.req.valid('query');
    const { items, total } = await companyNews(c.var.db, symbol, page, limit, c.var.user?.id);
    return c.json({ data: items, currentPage: page, totalPages: Math.ceil(total / limit) }, 200);
  })
  .openapi(byIdRoute, async (c) => {
    const { id } = c.req.valid('param');
    const article = await newsArticle(c.var.db, id, c.var.user?.id);
    if (!article) throw notFound('No article found.');
    return c.json({ data: article }, 200);
  });
