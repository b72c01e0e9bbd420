/**
 * /api/content: what the site build reads. The changes feed (created,
 * updated, deleted since a cursor) and full records by keyset page or by id,
 * so a build syncs everything once and then only what changed.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CONTENT_KINDS } from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { MAX_ID, queryInteger } from '../../platform/http/fields.ts';
import { errorResponses, jsonContent } from '../../platform/http/schemas.ts';
import { changesSince, latestChangeId } from '../../platform/changes.ts';
import { NewsArticleSchema, newsForBuild } from '../news/index.ts';
import { VideoSchema, videosForBuild } from '../videos/index.ts';
import { companiesForBuild } from './feed.ts';

const ChangeSchema = z
  .object({
    id: z.number(),
    kind: z.enum(CONTENT_KINDS),
    entityId: z.number(),
    op: z.enum(['upsert', 'delete']),
    changedAt: z.string(),
  })
  .openapi('ContentChange');

const changesRoute = createRoute({
  method: 'get',
  path: '/changes',
  tags: ['Content'],
  summary: 'Content changes after a cursor, oldest first',
  request: {
    query: z.object({
      since: queryInteger(0, Number.MAX_SAFE_INTEGER).default(0),
      limit: queryInteger(1, 5000).default(1000),
    }),
  },
  responses: {
    200: jsonContent(z.object({ changes: z.array(ChangeSchema), cursor: z.number(), hasMore: z.boolean() }), 'Changes'),
    ...errorResponses,
  },
});

const cursorRoute = createRoute({
  method: 'get',
  path: '/cursor',
  tags: ['Content'],
  summary: 'The newest change id: a full sync taken after reading it misses nothing',
  responses: { 200: jsonContent(z.object({ cursor: z.number() }), 'Cursor') },
});

const ids = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, 'ids is a comma-separated list of up to 500 ids')
  .transform((v) => v.split(',').map(Number))
  .refine((list) => list.every((id) => id <= MAX_ID), `ids are at most ${MAX_ID}`);

const keyset = z.object({
  after: queryInteger(0, MAX_ID).default(0),
  limit: queryInteger(1, 1000).default(500),
  ids: ids.optional(),
});
/** Articles and videos: also the newest few, for the first pages of a new site. */
const keysetOrNewest = keyset.extend({ newest: queryInteger(1, 1000).optional() });
/** Companies: also the client companies alone, for the first pages of a new site. */
const keysetOrClients = keyset.extend({
  clients: z.enum(['true']).optional().openapi({ description: 'true: every client company, nothing else' }),
});

const newsRoute = createRoute({
  method: 'get',
  path: '/news',
  tags: ['Content'],
  summary: 'Full articles by id, every article in id order after `after`, or the `newest` few',
  request: { query: keysetOrNewest },
  responses: {
    200: jsonContent(z.object({ data: z.array(NewsArticleSchema), next: z.number().nullable() }), 'Articles'),
    ...errorResponses,
  },
});

const videosRoute = createRoute({
  method: 'get',
  path: '/videos',
  tags: ['Content'],
  summary: 'Videos by id, every video in id order after `after`, or the `newest` few',
  request: { query: keysetOrNewest },
  responses: {
    200: jsonContent(z.object({ data: z.array(VideoSchema), next: z.number().nullable() }), 'Videos'),
    ...errorResponses,
  },
});

const companiesRoute = createRoute({
  method: 'get',
  path: '/companies',
  tags: ['Content'],
  summary: 'Company page records by company number, every company in number order after `after`, or the clients',
  request: { query: keysetOrClients },
  responses: {
    // The record is large and read only by the site build: described, not schema-checked, here.
    200: jsonContent(
      z.object({ data: z.array(z.looseObject({ id: z.number() })), next: z.number().nullable() }),
      'Companies',
    ),
    ...errorResponses,
  },
});

/** The cursor of the next page: the last id of a full page, or null when there is no more. */
const nextAfter = (page: { id: number }[], limit: number | null) =>
  limit !== null && page.length === limit ? page[page.length - 1]!.id : null;

export const feedRoutes = createRouter()
  .openapi(changesRoute, async (c) => {
    const { since, limit } = c.req.valid('query');
    return c.json(await changesSince(c.var.db, since, limit), 200);
  })
  .openapi(cursorRoute, async (c) => {
    return c.json({ cursor: await latestChangeId(c.var.db) }, 200);
  })
  .openapi(newsRoute, async (c) => {
    const { ids, after, limit, newest } = c.req.valid('query');
    const data = await newsForBuild(c.var.db, ids ? { ids } : newest ? { newest } : { after, limit });
    return c.json({ data, next: nextAfter(data, ids || newest ? null : limit) }, 200);
  })
  .openapi(companiesRoute, async (c) => {
    const { ids, after, limit, clients } = c.req.valid('query');
    const data = await companiesForBuild(c.var.db, ids ? { ids } : clients ? { clients: true } : { after, limit });
    return c.json({ data, next: nextAfter(data, ids || clients ? null : limit) }, 200);
  })
  .openapi(videosRoute, async (c) => {
    const { ids, after, limit, newest } = c.req.valid('query');
    const data = await videosForBuild(c.var.db, ids ? { ids } : newest ? { newest } : { after, limit });
    return c.json({ data, next: nextAfter(data, ids || newest ? null : limit) }, 200);
  });
