/**
 * The company page's institutional ownership (docs/product.md §18.6) under /api/stock: a company's
 * institutional holders from the Form 13F reports EDGAR reads (form13f/holdings.ts), largest first,
 * a page at a time. Unknown symbols answer 404; page sizes outside the page's options 400.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { PAGE_SIZES } from '../../../lib/company.ts';
import { holdingRecord } from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { queryInteger, tickerSchema } from '../../platform/http/fields.ts';
import { apiSchema, errorResponses, jsonContent, notFoundResponse } from '../../platform/http/schemas.ts';
import { listHoldings } from './form13f/holdings.ts';

const Holding = apiSchema(holdingRecord, 'InstitutionalHolding');

const { options, default: defaultPageSize } = PAGE_SIZES.institutional;
/** A page size from the table's own options (docs/product.md §21.1). */
const pageSize = z.coerce
  .number()
  .int()
  .refine((v) => (options as readonly number[]).includes(v), {
    message: `pageSize must be one of ${options.join(', ')}`,
  })
  .default(defaultPageSize);

const holdingsRoute = createRoute({
  method: 'get',
  path: '/institutional/{symbol}',
  tags: ['Company'],
  summary: 'Institutional holders, largest first',
  request: {
    params: z.object({ symbol: tickerSchema }),
    query: z.object({ page: queryInteger(1, 100_000).default(1), pageSize }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(Holding), totalItems: z.number() }), 'One page'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

export const holdingsRoutes = createRouter().openapi(holdingsRoute, async (c) => {
  const { page, pageSize: size } = c.req.valid('query');
  return c.json(await listHoldings(c.var.db, c.req.valid('param').symbol, page, size), 200);
});
