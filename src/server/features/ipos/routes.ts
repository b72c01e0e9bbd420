/** /api/stock/ipo: the IPO calendar (docs/product.md §18.5). */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { queryInteger } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent } from '../../platform/http/schemas.ts';
import { listIpos } from './service.ts';

const ipoRoute = createRoute({
  method: 'get',
  path: '/ipo',
  tags: ['Stocks'],
  summary: 'The IPO calendar, newest first (source: Renaissance Capital)',
  description: 'Rows are keyed by company_name; their other keys are the grid’s columns.',
  request: {
    query: z.object({
      page: queryInteger(1, 100_000).default(1),
      pageSize: queryInteger(1, 50).default(10),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(z.record(z.string(), z.unknown())), total: z.number() }), 'One page'),
    ...errorResponses,
  },
});

export const ipoRoutes = createRouter().openapi(ipoRoute, async (c) => {
  const { page, pageSize } = c.req.valid('query');
  return c.json(await listIpos(c.var.db, page, pageSize), 200);
});
