/**
 * /api/tools/data-sources (docs/product.md §17.5): staff see each public source the site keeps itself
 * current from (on or off and why, its last runs, what they stored and could not read, when it runs
 * next) and ask for a run now. The sources are given by the composition root, each from its feature.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { DATA_SOURCE_IDS, dataSourceRecord, type DataSourceId } from '../../../lib/source-syncs.ts';
import { createRouter } from '../../platform/http/context.ts';
import { apiSchema, errorResponses, jsonContent, staffResponses } from '../../platform/http/schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { staffOnly } from '../accounts/index.ts';
import type { DataSource } from './data-source.ts';

const tags = ['Data sources (staff)'];
const DataSourceSchema = apiSchema(dataSourceRecord, 'DataSource');

const listRoute = createRoute({
  method: 'get',
  path: '/data-sources',
  tags,
  summary: 'The public sources the site keeps itself current from, each with its sync’s state and last runs',
  responses: {
    200: jsonContent(z.object({ data: z.array(DataSourceSchema) }), 'The sources'),
    ...errorResponses,
    ...staffResponses,
  },
});

const syncRoute = createRoute({
  method: 'post',
  path: '/data-sources/{id}/sync',
  tags,
  summary: 'Ask for a run of a source now: the leading instance starts it within a minute',
  request: { params: z.object({ id: z.enum(DATA_SOURCE_IDS) }) },
  responses: {
    202: jsonContent(DataSourceSchema, 'Asked for; the source as it is now'),
    409: jsonContent(z.object({ message: z.string() }), 'The sync is off'),
    ...errorResponses,
    ...staffResponses,
  },
});

export function dataSourceStaffRoutes(options: {
  sources: readonly DataSource[];
  onSyncRequested?: (source: DataSource) => void;
}) {
  const router = createRouter();
  router.use('/data-sources', staffOnly);
  router.use('/data-sources/*', staffOnly);
  const byId = new Map<DataSourceId, DataSource>(options.sources.map((s) => [s.id, s]));
  return router
    .openapi(listRoute, async (c) => {
      const data = [];
      for (const source of options.sources) data.push(await source.status(c.var.db, c.var.config));
      return c.json({ data }, 200);
    })
    .openapi(syncRoute, async (c) => {
      const source = byId.get(c.req.valid('param').id);
      if (!source) throw notFound('This source is not kept current on this site.');
      await source.request(c.var.db, c.var.config);
      options.onSyncRequested?.(source);
      return c.json(await source.status(c.var.db, c.var.config), 202);
    });
}
