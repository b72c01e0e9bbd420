/** /api/market: the small-cap benchmark indices and their history (the home page's charts). */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { textField } from '../../platform/http/fields.ts';
import { indexSummaryRecord, pricePointRecord } from '../../../lib/content-records.ts';
import { apiSchema, errorResponses, jsonContent, notFoundResponse } from '../../platform/http/schemas.ts';
import { HISTORY_RANGES, indexHistory, listIndices } from './indices.ts';

const IndexSummary = apiSchema(indexSummaryRecord, 'IndexSummary');
const PricePoint = apiSchema(pricePointRecord, 'PricePoint');

const listRoute = createRoute({
  method: 'get',
  path: '/indices',
  tags: ['Market'],
  summary: 'The small-cap benchmark indices with their latest close',
  responses: { 200: jsonContent(z.object({ data: z.array(IndexSummary) }), 'Indices') },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/indices/{symbol}/history',
  tags: ['Market'],
  summary: 'Daily closes of an index over a range',
  request: {
    params: z.object({ symbol: textField(16, { min: 1 }) }),
    query: z.object({ range: z.enum(HISTORY_RANGES).default('1M') }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(PricePoint) }), 'History'),
    ...errorResponses,
    ...notFoundResponse,
  },
});

export const marketRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json({ data: await listIndices(c.var.db) }, 200))
  .openapi(historyRoute, async (c) => {
    const { symbol } = c.req.valid('param');
    const { range } = c.req.valid('query');
    return c.json({ data: await indexHistory(c.var.db, symbol.toUpperCase(), range) }, 200);
  });
