/**
 * /api/tools/news: staff list, create, change and delete articles and
 * newsletters (spec 002 §7). Input is validated per 002 §5; bodies are
 * sanitized before they are stored; each write rebuilds the affected pages.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import {
  companySymbolField,
  dateTimeField,
  errorResponses,
  idParam,
  jsonBody,
  jsonContent,
  linkField,
  notFoundResponse,
  staffListQuery,
  staffResponses,
} from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { NewsArticleSchema, NewsItemSchema } from './api-schemas.ts';
import { listNews } from './service.ts';
import { createNews, deleteNews, updateNews } from './writes.ts';

const NewsBody = z.strictObject({
  title: z.string().trim().min(1, 'title is required').max(300),
  company_symbol: companySymbolField,
  published_at: dateTimeField.optional(),
  newsLetterURL: linkField.nullable().optional(),
  thumbnail: linkField.nullable().optional(),
  summary: z.string().trim().max(2000).nullable().optional(),
  description: z.string().max(200_000).optional(),
  source: z.string().trim().max(120).nullable().optional(),
  url: linkField.nullable().optional(),
  rc_newsletter: z.boolean().optional(),
});

const NewsPatch = NewsBody.partial().refine((v) => Object.keys(v).length > 0, 'nothing to update');

const listNewsRoute = createRoute({
  method: 'get',
  path: '/news',
  tags: ['Tools'],
  summary: 'News for the console, newest first',
  request: { query: staffListQuery },
  responses: {
    200: jsonContent(z.object({ news: z.array(NewsItemSchema), total: z.number() }), 'One page'),
    ...staffResponses,
  },
});

const createNewsRoute = createRoute({
  method: 'post',
  path: '/news',
  tags: ['Tools'],
  summary: 'Create an article (title and company_symbol required)',
  request: jsonBody(NewsBody),
  responses: {
    201: jsonContent(z.object({ data: NewsArticleSchema }), 'Created'),
    ...errorResponses,
    ...notFoundResponse,
    ...staffResponses,
  },
});

const updateNewsRoute = createRoute({
  method: 'put',
  path: '/news/{id}',
  tags: ['Tools'],
  summary: 'Change an article (any of the create fields)',
  request: { params: idParam, ...jsonBody(NewsPatch) },
  responses: {
    200: jsonContent(z.object({ data: NewsArticleSchema }), 'Updated'),
    ...errorResponses,
    ...notFoundResponse,
    ...staffResponses,
  },
});

const deleteNewsRoute = createRoute({
  method: 'delete',
  path: '/news/{id}',
  tags: ['Tools'],
  summary: 'Delete an article',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...notFoundResponse, ...staffResponses },
});

const router = createRouter();
router.use('*', staffOnly);

export const newsStaffRoutes = router
  .openapi(listNewsRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { items, total } = await listNews(c.var.db, page, limit);
    return c.json({ news: items, total }, 200);
  })
  .openapi(createNewsRoute, async (c) => {
    return c.json({ data: await createNews(c.var.db, c.req.valid('json')) }, 201);
  })
  .openapi(updateNewsRoute, async (c) => {
    return c.json({ data: await updateNews(c.var.db, c.req.valid('param').id, c.req.valid('json')) }, 200);
  })
  .openapi(deleteNewsRoute, async (c) => {
    await deleteNews(c.var.db, c.req.valid('param').id);
    return c.body(null, 204);
  });
