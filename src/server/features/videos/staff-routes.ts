/**
 * /api/tools/videos: staff list, add, change and delete videos (spec 002 §7),
 * disabled ones included. Each write rebuilds the affected pages.
 */
import { z } from '@hono/zod-openapi';
import { VIDEO_TYPES } from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { editorRoutes } from '../../platform/http/editor-routes.ts';
import { companySymbolField, dateTimeField, linkField, textField } from '../../platform/http/fields.ts';
import { staffOnly } from '../accounts/index.ts';
import { VideoSchema } from './api-schemas.ts';
import { listVideos } from './service.ts';
import { createVideo, deleteVideo, updateVideo } from './writes.ts';

const VideoBody = z.strictObject({
  name: textField(300, { min: 1, minMessage: 'title is required' }),
  company_symbol: companySymbolField,
  youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'youtubeId must be an 11-character video id'),
  description: textField(5000, { multiline: true, keepSpaces: true }).optional(),
  thumbnail_url: linkField.nullable().optional(),
  type: z.enum(VIDEO_TYPES).optional(),
  published: dateTimeField.nullable().optional(),
  exclusive: z.boolean().optional(),
  disabled: z.boolean().optional(),
  thirtysecs: z.boolean().optional(),
  videoFeatured: z.boolean().optional(),
});

const VideoPatch = VideoBody.partial().refine((v) => Object.keys(v).length > 0, 'nothing to update');

const router = createRouter();
router.use('*', staffOnly);

export const videoStaffRoutes = router.route(
  '/',
  editorRoutes({
    path: '/videos',
    summaries: {
      list: 'Videos for the console, newest first',
      create: 'Add a video (title and company_symbol required)',
      update: 'Change a video',
      remove: 'Delete a video',
    },
    listKey: 'data',
    listItem: VideoSchema,
    record: VideoSchema,
    createBody: VideoBody,
    patchBody: VideoPatch,
    list: async (db, page, limit) => {
      const { data, total } = await listVideos(db, { page, limit, includeDisabled: true });
      return { items: data, total };
    },
    create: createVideo,
    update: updateVideo,
    remove: deleteVideo,
  }),
);
