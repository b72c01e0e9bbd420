/**
 * /api/tools/analyst-ratings (docs/product.md §9.8, §18.13): staff enter, change and remove a
 * company's analyst ratings, versioned and audited; the company's analyst figures follow. Staff
 * also upload, replace and remove the company's own analyst report (a PDF, the request's body).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { analystRatingEditRecord, analystReportFileRecord } from '../../../lib/console-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { actorOf } from '../../platform/http/editor-routes.ts';
import { companySymbolField, editBody, idParam, textField, versionQuery } from '../../platform/http/fields.ts';
import {
  ErrorSchema,
  apiSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffResponses,
  staleEditResponse,
} from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { createAnalystRating, deleteAnalystRating, ratingsForEditor, updateAnalystRating } from './analyst-edits.ts';
import {
  ANALYST_REPORT_MAX_BYTES,
  analystReportFileOf,
  removeAnalystReport,
  uploadAnalystReport,
} from './analyst-report-files.ts';

/** The upload's path: its body may be as large as a report (app.ts gives it its own limit). */
export const ANALYST_REPORT_UPLOAD = /\/tools\/analyst-ratings\/[^/]+\/report$/;
export { ANALYST_REPORT_MAX_BYTES };

const tags = ['Tools'];
const Rating = apiSchema(analystRatingEditRecord, 'AnalystRatingEdit');
/** A rating's date: a real day, not after today. */
const ratingDate = z.iso
  .date({ message: 'recommendation_date must be a date (YYYY-MM-DD)' })
  .refine((d) => d <= new Date().toISOString().slice(0, 10), 'recommendation_date must not be in the future');
const RatingFields = z.strictObject({
  analyst_name: textField(200, {
    required: 'analyst_name is required',
    min: 1,
    minMessage: 'analyst_name is required',
  }),
  firm_name: textField(200, { required: 'firm_name is required', min: 1, minMessage: 'firm_name is required' }),
  recommendation: z.enum(['Buy', 'Hold', 'Sell'], { message: 'recommendation must be Buy, Hold or Sell' }),
  recommendation_date: ratingDate,
  price_target: z
    .number({ message: 'price_target must be a number' })
    .positive('price_target must be above 0')
    .max(1_000_000, 'price_target is at most 1,000,000')
    .nullable(),
});
const NewRating = RatingFields.partial({ price_target: true }).extend({ company_symbol: companySymbolField });

const listRoute = createRoute({
  method: 'get',
  path: '/analyst-ratings/{symbol}',
  tags,
  summary: 'A company’s analyst ratings, newest first',
  request: { params: z.object({ symbol: companySymbolField }) },
  responses: {
    200: jsonContent(z.object({ data: z.array(Rating) }), 'Ratings'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const createRatingRoute = createRoute({
  method: 'post',
  path: '/analyst-ratings',
  tags,
  summary: 'Add an analyst rating; the company’s analyst figures follow',
  request: jsonBody(NewRating),
  responses: {
    201: jsonContent(z.object({ data: Rating }), 'Created'),
    409: jsonContent(ErrorSchema, 'The analyst has a rating of the company already'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const updateRatingRoute = createRoute({
  method: 'put',
  path: '/analyst-ratings/{id}',
  tags,
  summary: 'Change an analyst rating',
  request: { params: idParam, ...jsonBody(editBody(RatingFields)) },
  responses: {
    200: jsonContent(z.object({ data: Rating }), 'Updated'),
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const deleteRatingRoute = createRoute({
  method: 'delete',
  path: '/analyst-ratings/{id}',
  tags,
  summary: 'Remove an analyst rating (optionally only if still at the given version)',
  request: { params: idParam, query: versionQuery },
  responses: {
    204: { description: 'Deleted' },
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});

const ReportFile = apiSchema(analystReportFileRecord, 'AnalystReportFile');
const symbolParams = z.object({ symbol: companySymbolField });

const reportRoute = createRoute({
  method: 'get',
  path: '/analyst-ratings/{symbol}/report',
  tags,
  summary: 'The company’s uploaded analyst report (null when none)',
  request: { params: symbolParams },
  responses: {
    200: jsonContent(z.object({ data: ReportFile.nullable() }), 'The report'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const uploadReportRoute = createRoute({
  method: 'put',
  path: '/analyst-ratings/{symbol}/report',
  tags,
  summary: 'Upload the company’s analyst report, or replace it (the body is the PDF, at most 20 MB)',
  request: {
    params: symbolParams,
    query: z.object({
      title: textField(200).optional(),
      file_name: textField(255).optional(),
      version: versionQuery.shape.version.openapi({ description: 'The version of the report replaced' }),
    }),
    body: {
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      description: `The PDF (at most ${ANALYST_REPORT_MAX_BYTES / 1024 / 1024} MB)`,
    },
  },
  responses: {
    200: jsonContent(z.object({ data: ReportFile }), 'Uploaded'),
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const removeReportRoute = createRoute({
  method: 'delete',
  path: '/analyst-ratings/{symbol}/report',
  tags,
  summary: 'Remove the company’s analyst report: the generated one shows again',
  request: { params: symbolParams, query: versionQuery },
  responses: {
    204: { description: 'Removed' },
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});

const router = createRouter();
router.use('/analyst-ratings', staffOnly);
router.use('/analyst-ratings/*', staffOnly);

export const analystRatingStaffRoutes = router
  .openapi(listRoute, async (c) => c.json({ data: await ratingsForEditor(c.var.db, c.req.valid('param').symbol) }, 200))
  .openapi(createRatingRoute, async (c) =>
    c.json({ data: await createAnalystRating(c.var.db, actorOf(c), c.req.valid('json')) }, 201),
  )
  .openapi(updateRatingRoute, async (c) =>
    c.json(
      { data: await updateAnalystRating(c.var.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')) },
      200,
    ),
  )
  .openapi(deleteRatingRoute, async (c) => {
    await deleteAnalystRating(c.var.db, actorOf(c), c.req.valid('param').id, c.req.valid('query').version);
    return c.body(null, 204);
  })
  .openapi(reportRoute, async (c) =>
    c.json({ data: await analystReportFileOf(c.var.db, c.req.valid('param').symbol) }, 200),
  )
  .openapi(uploadReportRoute, async (c) => {
    const { title, file_name: fileName, version } = c.req.valid('query');
    const content = Buffer.from(await c.req.arrayBuffer());
    const data = await uploadAnalystReport(c.var.db, actorOf(c), c.req.valid('param').symbol, {
      title: title ?? '',
      fileName: fileName ?? '',
      content,
      version,
    });
    return c.json({ data }, 200);
  })
  .openapi(removeReportRoute, async (c) => {
    await removeAnalystReport(c.var.db, actorOf(c), c.req.valid('param').symbol, c.req.valid('query').version);
    return c.body(null, 204);
  });
