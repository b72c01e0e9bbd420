/**
 * /api/stock/ipo: the IPO calendar (docs/product.md §8.3, §18.5); /api/tools/ipos: staff's
 * corrections of its rows (§18.13).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { IPO_STATUSES, ipoEditRecord } from '../../../lib/console-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { actorOf } from '../../platform/http/editor-routes.ts';
import { idParam, queryInteger, textField, versionField } from '../../platform/http/fields.ts';
import {
  apiSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffResponses,
  staleEditResponse,
} from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { correctIpo, iposForEditor, listIpos } from './service.ts';

const paging = z.object({
  page: queryInteger(1, 100_000).default(1),
  pageSize: queryInteger(1, 50).default(10),
});

const ipoRoute = createRoute({
  method: 'get',
  path: '/ipo',
  tags: ['Stocks'],
  summary: 'The IPO calendar, newest first (from EDGAR’s registration statements, or the demo’s)',
  description:
    'Rows are keyed by company_name; their other keys are the grid’s columns. `source` and `updated_at` say where the rows come from and when they last changed.',
  request: { query: paging },
  responses: {
    200: jsonContent(
      z.object({
        data: z.array(z.record(z.string(), z.unknown())),
        total: z.number(),
        source: z.string(),
        updated_at: z.string().nullable(),
      }),
      'One page',
    ),
    ...errorResponses,
  },
});

const price = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .positive(`${field} must be above 0`)
    .max(100_000, `${field} is at most 100,000`)
    .nullable()
    .optional();
/** Each field given a value is corrected; a field given null shows the filings' figure again. */
const Corrections = z.strictObject({
  company_name: textField(200, { min: 1, minMessage: 'company_name must not be empty' }).nullable().optional(),
  symbol: z
    .string()
    .regex(/^[A-Z][A-Z0-9.]{0,9}$/, 'symbol must be 1 to 10 capital letters, digits or dots')
    .nullable()
    .optional(),
  exchange: textField(60).nullable().optional(),
  sector: textField(80).nullable().optional(),
  price_low: price('price_low'),
  price_high: price('price_high'),
  offer_price: price('offer_price'),
  shares_offered: z
    .number({ message: 'shares_offered must be a number' })
    .int('shares_offered must be a whole number')
    .positive('shares_offered must be above 0')
    .max(10_000_000_000, 'shares_offered is at most 10,000,000,000')
    .nullable()
    .optional(),
  expected_date: z.iso.date({ message: 'expected_date must be a date (YYYY-MM-DD)' }).nullable().optional(),
  status: z
    .enum(IPO_STATUSES, { message: `status must be one of ${IPO_STATUSES.join(', ')}` })
    .nullable()
    .optional(),
  lead_underwriter: textField(200).nullable().optional(),
});
const CorrectionBody = z.strictObject({ version: versionField, corrections: Corrections });
const IpoEdit = apiSchema(ipoEditRecord, 'IpoEdit');

const editorListRoute = createRoute({
  method: 'get',
  path: '/ipos',
  tags: ['Tools'],
  summary: 'The IPO calendar’s rows for staff: the filings’ figures and staff’s corrections apart',
  request: { query: paging },
  responses: {
    200: jsonContent(z.object({ data: z.array(IpoEdit), total: z.number() }), 'One page'),
    ...errorResponses,
    ...staffResponses,
  },
});
const correctRoute = createRoute({
  method: 'put',
  path: '/ipos/{id}',
  tags: ['Tools'],
  summary: 'Correct an IPO calendar row (a later filing never undoes a correction)',
  request: { params: idParam, ...jsonBody(CorrectionBody) },
  responses: {
    200: jsonContent(z.object({ data: IpoEdit }), 'Corrected'),
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});

export const ipoRoutes = createRouter().openapi(ipoRoute, async (c) => {
  const { page, pageSize } = c.req.valid('query');
  return c.json(await listIpos(c.var.db, page, pageSize), 200);
});

const staff = createRouter();
staff.use('/ipos', staffOnly);
staff.use('/ipos/*', staffOnly);
export const ipoStaffRoutes = staff
  .openapi(editorListRoute, async (c) => {
    const { page, pageSize } = c.req.valid('query');
    return c.json(await iposForEditor(c.var.db, page, pageSize), 200);
  })
  .openapi(correctRoute, async (c) => {
    const { version, corrections } = c.req.valid('json');
    return c.json({ data: await correctIpo(c.var.db, actorOf(c), c.req.valid('param').id, version, corrections) }, 200);
  });
