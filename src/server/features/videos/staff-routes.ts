/**
 * /api/tools/videos: staff list, add, change and delete videos (docs/product.md §18.13),
 * disabled ones included. Each write is audited and rebuilds the affected
 * pages.
 */
import { z } from '@hono/zod-openapi';
import { VIDEO_TYPES } from '../../../lib/content-records.ts';
import { YOUTUBE_ID_PROBLEM, youtubeVideoId } from '../../../lib/youtube.ts';
import { createRouter } from '../../platform/http/context.ts';
import { editorRoutes } from '../../platform/http/editor-routes.ts';
import { companySymbolField, dateTimeField, editBody, linkField, textField } from '../../platform/http/fields.ts';
import { apiSchema } from '../../platform/http/schemas.ts';
import { videoEditRecord } from '../../../lib/console-records.ts';
import { staffOnly } from '../accounts/index.ts';
import { createVideo, deleteVideo, updateVideo, videosForConsole } from './staff-edits.ts';

/** The video: its id, or a YouTube link staff pasted (watch, share, embed, Shorts), stored as the id. */
const youtubeIdField = textField(2000).transform((value, ctx) => {
  const id = youtubeVideoId(value);
  if (id === null) ctx.addIssue({ code: 'custom', message: `youtubeId ${YOUTUBE_ID_PROBLEM}` });
  return id ?? z.NEVER;
});

const VideoBody = z.strictObject({
  name: textField(300, { min: 1, minMessage: 'title is required' }),
  company_symbol: companySymbolField,
  youtubeId: youtubeIdField,
  description: textField(5000, { multiline: true, keepSpaces: true }).optional(),
  thumbnail_url: linkField.nullable().optional(),
  type: z.enum(VIDEO_TYPES).optional(),
  published: dateTimeField.nullable().optional(),
  exclusive: z.boolean().optional(),
  disabled: z.boolean().optional(),
  thirtysecs: z.boolean().optional(),
  videoFeatured: z.boolean().optional(),
});

const VideoPatch = editBody(VideoBody);

const router = createRouter();
router.use('*', staffOnly);

export const videoStaffRoutes = router.route(
  '/',
  editorRoutes({
    path: '/videos',
    summaries: {
      list: 'Videos for the console (disabled ones too), newest first, searched by words (q)',
      create: 'Add a video (title and company_symbol required)',
      update: 'Change a video (any of the create fields, and the version the change is based on)',
      remove: 'Delete a video (optionally only if it is still at the given version)',
    },
    listKey: 'data',
    record: apiSchema(videoEditRecord, 'VideoEdit'),
    createBody: VideoBody,
    patchBody: VideoPatch,
    list: videosForConsole,
    create: createVideo,
    update: updateVideo,
    remove: deleteVideo,
  }),
);
