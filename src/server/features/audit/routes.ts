/** /api/tools/audit: the log of staff writes, newest first, for staff. */
import { createRoute, z } from '@hono/zod-openapi';
import { auditEntryRecord } from '../../../lib/console-records.ts';
import { AUDIT_KINDS } from '../../../lib/console.ts';
import { createRouter } from '../../platform/http/context.ts';
import { staffListQuery, textField } from '../../platform/http/fields.ts';
import { apiSchema, errorResponses, jsonContent, staffResponses } from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { auditLog } from './service.ts';

const auditRoute = createRoute({
  method: 'get',
  path: '/audit',
  tags: ['Tools'],
  summary: 'Staff writes, newest first: who, when, what, and the fields before and after',
  request: {
    query: staffListQuery.omit({ q: true }).extend({
      kind: z.enum(AUDIT_KINDS, { message: `kind must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
      key: textField(64).optional(),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(apiSchema(auditEntryRecord, 'AuditEntry')), total: z.number() }),
      'One page of the log',
    ),
    ...errorResponses,
    ...staffResponses,
  },
});

const router = createRouter();
router.use('*', staffOnly);

export const auditRoutes = router.openapi(auditRoute, async (c) => {
  const { items, total } = await auditLog(c.var.db, c.req.valid('query'));
  return c.json({ data: items, total }, 200);
});
