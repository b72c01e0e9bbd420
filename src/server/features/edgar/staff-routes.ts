/**
 * /api/tools/data-sources (docs/product.md §17.5): staff see the EDGAR sync (on or off and why, its
 * last runs, what they stored and could not read, when it runs next) and ask for a run now.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { dataSourceRecord } from '../../../lib/source-syncs.ts';
import { createRouter } from '../../platform/http/context.ts';
import { apiSchema, errorResponses, jsonContent, staffResponses } from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { edgarSyncStatus, requestEdgarSync } from './status.ts';

const tags = ['Data sources (staff)'];
const DataSource = apiSchema(dataSourceRecord, 'DataSource');

const listRoute = createRoute({
  method: 'get',
  path: '/data-sources',
  tags,
  summary: 'The public sources the site keeps itself current from, each with its sync’s state and last runs',
  responses: {
    200: jsonContent(z.object({ data: z.array(DataSource) }), 'The sources'),
    ...errorResponses,
    ...staffResponses,
  },
});

const syncRoute = createRoute({
  method: 'post',
  path: '/data-sources/edgar/sync',
  tags,
  summary: 'Ask for an EDGAR sync now: the leading instance starts it within a minute',
  responses: {
    202: jsonContent(DataSource, 'Asked for; the source as it is now'),
    409: jsonContent(z.object({ message: z.string() }), 'The sync is off'),
    ...errorResponses,
    ...staffResponses,
  },
});

export function dataSourceStaffRoutes(options: { onSyncRequested?: () => void } = {}) {
  const router = createRouter();
  router.use('/data-sources', staffOnly);
  router.use('/data-sources/*', staffOnly);
  return router
    .openapi(listRoute, async (c) => {
      return c.json({ data: [await edgarSyncStatus(c.var.db, c.var.config.edgar)] }, 200);
    })
    .openapi(syncRoute, async (c) => {
      await requestEdgarSync(c.var.db, c.var.config.edgar);
      options.onSyncRequested?.();
      return c.json(await edgarSyncStatus(c.var.db, c.var.config.edgar), 202);
    });
}
