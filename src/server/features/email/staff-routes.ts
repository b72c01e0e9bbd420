/** /api/tools/email/suppressions (docs/product.md §18.13): staff see suppressed addresses and lift one. */
import { createRoute, z } from '@hono/zod-openapi';
import { suppressionRecord } from '../../../lib/newsletter.ts';
import { createRouter } from '../../platform/http/context.ts';
import { actorOf } from '../../platform/http/editor-routes.ts';
import { emailField, staffListQuery } from '../../platform/http/fields.ts';
import {
  apiSchema,
  errorResponses,
  jsonContent,
  notFoundResponse,
  staffResponses,
} from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { liftSuppression, listSuppressions } from './suppressions.ts';

const tags = ['Email (staff)'];

const listRoute = createRoute({
  method: 'get',
  path: '/email/suppressions',
  tags,
  summary: 'Suppressed addresses, newest first, searched by part of the address (q)',
  request: { query: staffListQuery },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(apiSchema(suppressionRecord, 'Suppression')), total: z.number() }),
      'A page of suppressions',
    ),
    ...errorResponses,
    ...staffResponses,
  },
});

const liftRoute = createRoute({
  method: 'delete',
  path: '/email/suppressions/{email}',
  tags,
  summary: 'Lift a suppression: bulk mail goes to the address again',
  request: { params: z.object({ email: emailField }) },
  responses: { 204: { description: 'Lifted' }, ...errorResponses, ...staffResponses, ...notFoundResponse },
});

const router = createRouter();
router.use('/email/*', staffOnly);

export const suppressionStaffRoutes = router
  .openapi(listRoute, async (c) => {
    const { items, total } = await listSuppressions(c.var.db, c.req.valid('query'));
    return c.json({ data: items, total }, 200);
  })
  .openapi(liftRoute, async (c) => {
    await liftSuppression(c.var.db, actorOf(c), c.req.valid('param').email);
    return c.body(null, 204);
  });
