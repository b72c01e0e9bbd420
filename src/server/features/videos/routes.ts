/**
 * /api/videos: the video library (docs/product.md §18.9) and video favorites;
 * /api/stock/videos/{symbol}: a company's latest interview and overview.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { notFound } from '../../platform/errors.ts';
import { createRouter } from '../../platform/http/context.ts';
import { idField, idParam, queryInteger, tickerSchema } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent, notFoundResponse } from '../../platform/http/schemas.ts';
import { favoriteRoutes } from '../favorites/index.ts';
import { VideoSchema } from './api-schemas.ts';
import { FAVORITE_VIDEOS, companyVideos, favoriteVideoList, listVideos, videoById } from './service.ts';

const allRoute = createRoute({
  method: 'get',
  path: '/all',
  tags: ['Videos'],
  summary: 'One page of the library, newest first, optionally of one SIC code',
  request: {
    query: z.object({
      page: queryInteger(1, 100_000).default(1),
      limit: queryInteger(1, 100).default(10),
      sic_code: z
        .string()
        .regex(/^\d{3,4}(,\d{3,4}){0,199}$/, 'sic_code is a SIC code or a comma-separated list of them')
        .transform((v) => v.split(',').map(Number))
        .optional()
        .openapi({ description: 'One SIC code, or several comma-separated (a sector chip)' }),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({
        data: z.array(VideoSchema),
        total: z.number(),
        sic_code: z.array(z.number()).openapi({ description: 'Every SIC code that has videos (the sector chips)' }),
      }),
      'One page',
    ),
    ...errorResponses,
  },
});

const byIdRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Videos'],
  summary: 'One video',
  request: { params: idParam },
  responses: { 200: jsonContent(z.object({ data: VideoSchema }), 'Video'), ...errorResponses, ...notFoundResponse },
});

export const videoRoutes = createRouter()
  // Before /{id}, which would otherwise take 'favorites' for an id.
  .route(
    '/',
    favoriteRoutes({
      tag: 'Videos',
      kind: FAVORITE_VIDEOS,
      plural: 'videos',
      singular: 'a video',
      idField: 'videoId',
      idSchema: idField,
      idAnswer: z.number(),
      envelope: 'data',
      itemSchema: VideoSchema,
      list: favoriteVideoList,
    }),
  )
  .openapi(allRoute, async (c) => {
    const { page, limit, sic_code } = c.req.valid('query');
    return c.json(await listVideos(c.var.db, { page, limit, sicCodes: sic_code }, c.var.user?.id), 200);
  })
  .openapi(byIdRoute, async (c) => {
    const video = await videoById(c.var.db, c.req.valid('param').id, c.var.user?.id);
    if (!video) throw notFound('No video available');
    return c.json({ data: video }, 200);
  });

const companyVideosRoute = createRoute({
  method: 'get',
  path: '/videos/{symbol}',
  tags: ['Company'],
  summary: 'The latest interview and the latest overview video',
  request: { params: z.object({ symbol: tickerSchema }) },
  responses: {
    200: jsonContent(
      z.object({ data: z.object({ interview: VideoSchema.nullable(), overview: VideoSchema.nullable() }) }),
      'Videos',
    ),
    ...notFoundResponse,
    ...errorResponses,
  },
});

/** Mounted under /stock with the other company-page calls. */
export const companyVideoRoutes = createRouter().openapi(companyVideosRoute, async (c) => {
  const data = await companyVideos(c.var.db, c.req.valid('param').symbol, c.var.user?.id);
  return c.json({ data }, 200);
});
