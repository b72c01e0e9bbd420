/** How the API documents news records: the shared record shapes, with each reader's favorite flag. */
import { z } from '@hono/zod-openapi';
import { newsArticleRecord, newsItemRecord } from '../../../lib/content-records.ts';

export const NewsItemSchema = newsItemRecord.extend({ isFavorite: z.boolean() }).openapi('NewsItem');

export const NewsArticleSchema = newsArticleRecord
  .extend({ isFavorite: z.boolean() })
  .openapi('NewsArticle', { description: 'An article with its body (sanitized HTML)' });
