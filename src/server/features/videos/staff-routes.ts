/**
 * /api/tools/videos: staff list, add, change and delete videos (spec 002 §7),
 * disabled ones included. Each write rebuilds the affected pages.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { VIDEO_TYPES } from '../../../lib/content-records.ts';
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
import { VideoSchema } from './api-schemas.ts';
import { listVideos } from './service.ts';
import { createVideo, deleteVideo, updateVideo } from './writes.ts';

const VideoBody = z.strictObject({
  name: z.string().trim().min(1, 'title is required').max(300),
  company_symbol: companySymbolField,
  youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'youtubeId must be an 11-character video id'),
  description: z.string().max(5000).optional(),
  thumbnail_url: linkField.nullable().optional(),
  type: z.enum(VIDEO_TYPES).optional(),
  published: dateTimeField.nullable().optional(),
  exclusive: z.boolean().optional(),
  disabled: z.boolean().optional(),
  thirtysecs: z.boolean().optional(),
  videoFeatured: z.boolean().optional(),
});

const VideoPatch = VideoBody.partial().refine((v) => Object.keys(v).length > 0, 'nothing to update');

const listVideosRoute = createRoute({
  method: 'get',
  path: '/videos',
  tags: ['Tools'],
  summary: 'Videos for the console, newest first',
  request: { query: staffListQuery },
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
  request: jsonBody(VideoBody),
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
  request: { params: idParam, ...jsonBody(VideoPatch) },
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

const router = createRouter();
router.use('*', staffOnly);

export const videoStaffRoutes = router
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
  });
