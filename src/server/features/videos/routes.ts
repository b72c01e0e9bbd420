/** /api/videos: the video library (spec 000 §7, 001 §7) and video favorites. */
import { createRoute, z } from '@hono/zod-openapi';
import { videoRecord } from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { favoriteVideoList, listVideos, videoById } from './service.ts';
import { FAVORITE_VIDEOS, toggleFavorite } from '../favorites/service.ts';
import { notFound } from '../../platform/http/errors.ts';
import { errorResponses, jsonContent, notFoundResponse, unauthorizedResponse } from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/middleware.ts';

export const VideoSchema = videoRecord.extend({ isFavorite: z.boolean() }).openapi('Video');

const allRoute = createRoute({
  method: 'get',
  path: '/all',
  tags: ['Videos'],
  summary: 'One page of the library, newest first, optionally of one SIC code',
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(10),
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

const favoritesRoute = createRoute({
  method: 'get',
  path: '/favorites',
  tags: ['Videos'],
  summary: 'The signed-in user’s favorite videos',
  responses: { 200: jsonContent(z.object({ data: z.array(VideoSchema) }), 'Favorites'), ...unauthorizedResponse },
});

const toggleRoute = createRoute({
  method: 'patch',
  path: '/favorites',
  tags: ['Videos'],
  summary: 'Add a video to the favorites, or remove it if it is there',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.strictObject({ videoId: z.number().int().positive() }) } },
    },
  },
  responses: {
    200: jsonContent(z.object({ data: z.object({ videoId: z.number(), isFavorite: z.boolean() }) }), 'Toggled'),
    ...errorResponses,
    ...notFoundResponse,
    ...unauthorizedResponse,
  },
});

const byIdRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Videos'],
  summary: 'One video',
  request: {
    params: z.object({
      id: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    }),
  },
  responses: { 200: jsonContent(z.object({ data: VideoSchema }), 'Video'), ...errorResponses, ...notFoundResponse },
});

export const videoRoutes = createRouter()
  .openapi(allRoute, async (c) => {
    const { page, limit, sic_code } = c.req.valid('query');
    return c.json(await listVideos(c.var.db, { page, limit, sicCodes: sic_code }, c.var.user?.id), 200);
  })
  .openapi(favoritesRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ data: await favoriteVideoList(c.var.db, user.id) }, 200);
  })
  .openapi(toggleRoute, async (c) => {
    const user = requireUser(c);
    const { videoId } = c.req.valid('json');
    return c.json(
      { data: { videoId, isFavorite: await toggleFavorite(c.var.db, FAVORITE_VIDEOS, user.id, videoId) } },
      200,
    );
  })
  .openapi(byIdRoute, async (c) => {
    const video = await videoById(c.var.db, c.req.valid('param').id, c.var.user?.id);
    if (!video) throw notFound('No video available');
    return c.json({ data: video }, 200);
  });
