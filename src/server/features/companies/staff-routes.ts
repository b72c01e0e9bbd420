/**
 * /api/tools/company-landing: staff read and edit a client company's landing
 * page (spec 002 §7). HTML fields are sanitized before they are stored; a
 * save records a company change, which rebuilds the company's pages.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { companySymbolField, linkField, textField } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent, notFoundResponse, staffResponses } from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { landingPageOf } from './client-material.ts';
import { saveLandingPage } from './landing-edits.ts';

const text = (max: number) => textField(max).nullable().optional();
const html = textField(200_000, { multiline: true, keepSpaces: true }).nullable().optional();
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'colours are hex such as #ffffff')
  .nullable()
  .optional();

const LandingBody = z
  .strictObject({
    title: text(300),
    seo: text(500),
    subtitle: text(300),
    overview: html,
    valueprop_title: text(200),
    value_prop: html,
    investment_highlights: html,
    highlights: html,
    presentation: linkField.nullable().optional(),
    presentation_title: text(300),
    extra_title: text(200),
    extra_info: html,
    extra_title_two: text(200),
    extra_info_two: html,
    jumbo_video: text(200),
    jumbotron_gradient_opacity: z.number().min(0).max(1).nullable().optional(),
    jumbotron_title_color: color,
    jumbotron_subtitle_color: color,
    letter: html,
    askceo_title: text(200),
    custom_style: textField(5000, { multiline: true }).nullable().optional(),
    website_url: linkField.nullable().optional(),
    podcast_link: linkField.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'nothing to update');

const landingParams = z.object({ symbol: companySymbolField });

const getLandingRoute = createRoute({
  method: 'get',
  path: '/company-landing/{symbol}',
  tags: ['Tools'],
  summary: 'A client company’s landing page',
  request: { params: landingParams },
  responses: {
    200: jsonContent(z.object({ data: z.looseObject({}) }), 'Landing page'),
    ...staffResponses,
    ...notFoundResponse,
    ...errorResponses,
  },
});

const putLandingRoute = createRoute({
  method: 'put',
  path: '/company-landing/{symbol}',
  tags: ['Tools'],
  summary: 'Create or update a company’s landing page (HTML fields sanitized); rebuilds its pages',
  request: {
    params: landingParams,
    body: { required: true, content: { 'application/json': { schema: LandingBody } } },
  },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), message: z.string(), data: z.looseObject({}) }), 'Saved'),
    ...staffResponses,
    ...notFoundResponse,
    ...errorResponses,
  },
});

const router = createRouter();
router.use('*', staffOnly);

export const companyStaffRoutes = router
  .openapi(getLandingRoute, async (c) =>
    c.json({ data: await landingPageOf(c.var.db, c.req.valid('param').symbol) }, 200),
  )
  .openapi(putLandingRoute, async (c) => {
    const data = await saveLandingPage(c.var.db, c.req.valid('param').symbol, c.req.valid('json'));
    return c.json({ success: true as const, message: 'Landing Page saved successfully!', data }, 200);
  });
