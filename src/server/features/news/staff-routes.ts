/**
 * /api/tools/news: staff list, create, change and delete articles and
 * newsletters (spec 002 §7). Input is validated per 002 §5; bodies are
 * sanitized before they are stored; each write rebuilds the affected pages.
 */
import { z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { editorRoutes } from '../../platform/http/editor-routes.ts';
import { companySymbolField, dateTimeField, linkField, textField } from '../../platform/http/fields.ts';
import { staffOnly } from '../accounts/index.ts';
import { NewsArticleSchema, NewsItemSchema } from './api-schemas.ts';
import { listNews } from './service.ts';
import { createNews, deleteNews, updateNews } from './writes.ts';

const NewsBody = z.strictObject({
  title: textField(300, { min: 1, minMessage: 'title is required' }),
  company_symbol: companySymbolField,
  published_at: dateTimeField.optional(),
  newsLetterURL: linkField.nullable().optional(),
  thumbnail: linkField.nullable().optional(),
  summary: textField(2000, { multiline: true }).nullable().optional(),
  description: textField(200_000, { multiline: true, keepSpaces: true }).optional(),
  source: textField(120).nullable().optional(),
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
