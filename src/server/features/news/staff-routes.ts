/**
 * /api/tools/news: staff list, create, change and delete articles and
 * newsletters (docs/product.md §18.13). Input is validated per docs/product.md §5.10; bodies are
 * sanitized before they are stored; each write is audited and rebuilds the
 * affected pages.
 */
import { z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { editorRoutes } from '../../platform/http/editor-routes.ts';
import { companySymbolField, dateTimeField, editBody, linkField, textField } from '../../platform/http/fields.ts';
import { apiSchema } from '../../platform/http/schemas.ts';
import { newsEditRecord } from '../../../lib/console-records.ts';
import { staffOnly } from '../accounts/index.ts';
import { createNews, deleteNews, newsForConsole, updateNews } from './staff-edits.ts';

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

const NewsPatch = editBody(NewsBody);

const router = createRouter();
router.use('*', staffOnly);

export const newsStaffRoutes = router.route(
  '/',
  editorRoutes({
    path: '/news',
    summaries: {
      list: 'News for the console, newest first, searched by words of the title, summary or ticker (q)',
      create: 'Create an article (title and company_symbol required)',
      update: 'Change an article (any of the create fields, and the version the change is based on)',
      remove: 'Delete an article (optionally only if it is still at the given version)',
    },
    listKey: 'news',
    record: apiSchema(newsEditRecord, 'NewsEdit'),
    createBody: NewsBody,
    patchBody: NewsPatch,
    list: newsForConsole,
    create: createNews,
    update: updateNews,
    remove: deleteNews,
  }),
);
