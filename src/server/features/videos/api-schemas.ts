/** How the API documents video records: the shared record shape, with each reader's favorite flag. */
import { z } from '@hono/zod-openapi';
import { videoRecord } from '../../../lib/content-records.ts';

export const VideoSchema = videoRecord.extend({ isFavorite: z.boolean() }).openapi('Video');
