/**
 * /api/tools/news: staff list, create, change and delete articles and
 * newsletters (spec 002 §7). Input is validated per 002 §5; bodies are
 * sanitized before they are stored; each write rebuilds the affected pages.
 */
import { z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { editorRoutes } from '../../platform/http/editor-routes.ts';
import { companySymbolField, dateTimeField, linkField } from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { NewsArticleSchema, NewsItemSchema } from './api-schemas.ts';
import { listNews } from './service.ts';
import { createNews, deleteNews, updateNews } from './writes.ts';

const NewsBody = z.strictObject({
  title: z.string().trim().min(1, 'title is required').max(300),
  company_symbol: companySymbolField,
  published_at: dateTimeField.optional(),
  newsLetterURL: linkField.nullable().optional(),
  thumbnail: linkField.nullable().optional(),
  summary: z.string().trim().max(2000).nullable().optional(),
  description: z.string().max(200_000).optional(),
  source: z.string().trim().max(120).nullable().optional(),
  url: linkField.nullable().optional(),
  rc_newsletter: z.boolean().optional(),
});

const NewsPatch = NewsBody.partial().refine((v) => Object.keys(v).length > 0, 'nothing to update');

const router = createRouter();
router.use('*', staffOnly);

export const newsStaffRoutes = router.route(
  '/',
  editorRoutes({
    path: '/news',
    summaries: {
      list: 'News for the console, newest first',
      create: 'Create an article (title and company_symbol required)',
      update: 'Change an article (any of the create fields)',
      remove: 'Delete an article',
    },
    listKey: 'news',
    listItem: NewsItemSchema,
    record: NewsArticleSchema,
    createBody: NewsBody,
    patchBody: NewsPatch,
    list: listNews,
    create: createNews,
    update: updateNews,
    remove: deleteNews,
  }),
);
