/**
 * /api/tools: the staff calls for content (spec 002 §7). Every call needs a
 * staff session; input is validated per 002 §5 and HTML is sanitized before
 * it is stored. Each write records a content change, which rebuilds the site.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { createNews, deleteNews, listNews, updateNews } from './service.ts';
import { createVideo, deleteVideo, listVideos, updateVideo } from '../videos/service.ts';
import { VIDEO_TYPES } from '../../schema.ts';
import { errorResponses, jsonContent, notFoundResponse, unauthorizedResponse } from '../../platform/http/schemas.ts';
import { requireStaff } from '../accounts/middleware.ts';
import { NewsArticleSchema, NewsItemSchema } from './routes.ts';
import { VideoSchema } from '../videos/routes.ts';
import { landingPageOf } from '../companies/service.ts';
import { saveLandingPage } from '../companies/landing-edits.ts';

const staffResponses = {
  ...unauthorizedResponse,
  403: jsonContent(z.object({ message: z.string() }), 'Not staff'),
};

/** A site path ('/api/covers/…') or an http(s) address. */
const link = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/[^\s]+$/i.test(v), 'must be a URL or a site path')
  .transform((v) => (v === '' ? null : v));

const symbol = z
  .string()
  .trim()
  .min(1, 'company_symbol is required')
  .max(12)
  .regex(/^[A-Za-z.-]+$/, 'company_symbol must be a ticker');

const dateTime = z.iso.datetime({ offset: true, local: true }).transform((v) => new Date(v));

const NewsBody = z.strictObject({
  title: z.string().trim().min(1, 'title is required').max(300),
  company_symbol: symbol,
  published_at: dateTime.optional(),
  newsLetterURL: link.nullable().optional(),
  thumbnail: link.nullable().optional(),
  summary: z.string().trim().max(2000).nullable().optional(),
  description: z.string().max(200_000).optional(),
  source: z.string().trim().max(120).nullable().optional(),
  url: link.nullable().optional(),
  rc_newsletter: z.boolean().optional(),
});

const NewsPatch = NewsBody.partial().refine((v) => Object.keys(v).length > 0, 'nothing to update');

const VideoBody = z.strictObject({
  name: z.string().trim().min(1, 'title is required').max(300),
  company_symbol: symbol,
  youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'youtubeId must be an 11-character video id'),
  description: z.string().max(5000).optional(),
  thumbnail_url: link.nullable().optional(),
  type: z.enum(VIDEO_TYPES).optional(),
  published: dateTime.nullable().optional(),
  exclusive: z.boolean().optional(),
  disabled: z.boolean().optional(),
  thirtysecs: z.boolean().optional(),
  videoFeatured: z.boolean().optional(),
});

const VideoPatch = VideoBody.partial().refine((v) => Object.keys(v).length > 0, 'nothing to update');

const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const listNewsRoute = createRoute({
  method: 'get',
  path: '/news',
  tags: ['Tools'],
  summary: 'News for the console, newest first',
  request: { query: pageQuery },
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
  request: json(NewsBody),
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
  request: { params: idParam, ...json(NewsPatch) },
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

const listVideosRoute = createRoute({
  method: 'get',
  path: '/videos',
  tags: ['Tools'],
  summary: 'Videos for the console, newest first',
  request: { query: pageQuery },
  responses: {
    200: jsonContent(z.object({ data: z.array(VideoSchema), total: z.number() }), 'One page'),
    ...staffResponses,
  },
});

const createVideoRoute = createRoute({
  method: 'post',
  path: '/videos',
  tags: ['Tools'],
  summary: 'Add a video (title and company_symbol required)',
  request: json(VideoBody),
  responses: {
    201: jsonContent(z.object({ data: VideoSchema }), 'Created'),
    ...errorResponses,
    ...notFoundResponse,
    ...staffResponses,
  },
});

const updateVideoRoute = createRoute({
  method: 'put',
  path: '/videos/{id}',
  tags: ['Tools'],
  summary: 'Change a video',
  request: { params: idParam, ...json(VideoPatch) },
  responses: {
    200: jsonContent(z.object({ data: VideoSchema }), 'Updated'),
    ...errorResponses,
    ...notFoundResponse,
    ...staffResponses,
  },
});

const deleteVideoRoute = createRoute({
  method: 'delete',
  path: '/videos/{id}',
  tags: ['Tools'],
  summary: 'Delete a video',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...notFoundResponse, ...staffResponses },
});

const staffOnly = createRouter();
// Staff is checked before the body is read: others get 401/403 whatever they send.
staffOnly.use('*', async (c, next) => {
  requireStaff(c);
  await next();
});

const text = (max: number) => z.string().trim().max(max).nullable().optional();
const html = z.string().max(200_000).nullable().optional();
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
    presentation: link.nullable().optional(),
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
    custom_style: text(5000),
    website_url: link.nullable().optional(),
    podcast_link: link.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'nothing to update');

const landingParams = z.object({ symbol });

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

export const toolsRoutes = staffOnly
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
  })
  .openapi(listVideosRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { data, total } = await listVideos(c.var.db, { page, limit, includeDisabled: true });
    return c.json({ data, total }, 200);
  })
  .openapi(createVideoRoute, async (c) => {
    return c.json({ data: await createVideo(c.var.db, c.req.valid('json')) }, 201);
  })
  .openapi(updateVideoRoute, async (c) => {
    return c.json({ data: await updateVideo(c.var.db, c.req.valid('param').id, c.req.valid('json')) }, 200);
  })
  .openapi(deleteVideoRoute, async (c) => {
    await deleteVideo(c.var.db, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(getLandingRoute, async (c) =>
    c.json({ data: await landingPageOf(c.var.db, c.req.valid('param').symbol) }, 200),
  )
  .openapi(putLandingRoute, async (c) => {
    const data = await saveLandingPage(c.var.db, c.req.valid('param').symbol, c.req.valid('json'));
    return c.json({ success: true as const, message: 'Landing Page saved successfully!', data }, 200);
  });
