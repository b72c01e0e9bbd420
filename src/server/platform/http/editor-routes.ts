/**
 * The console's four calls for one kind of record (spec 002 §7): a page of
 * the list, create, change by id and delete by id, each documented in the
 * API. The feature supplies its schemas and service operations, and guards
 * the group (staff only).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '../db/client.ts';
import { createRouter } from './context.ts';
import { idParam, staffListQuery } from './fields.ts';
import { errorResponses, jsonBody, jsonContent, notFoundResponse, staffResponses } from './schemas.ts';

export interface EditorRoutesOptions<Create, Patch> {
  /** The group's path ('/news'); one record is at '{path}/{id}'. */
  path: string;
  summaries: { list: string; create: string; update: string; remove: string };
  /** The list's envelope key ('news' for news lists, otherwise 'data') and the schema of its items. */
  listKey: 'news' | 'data';
  listItem: z.ZodType;
  /** One record as create and update answer it. */
  record: z.ZodType;
  createBody: z.ZodType<Create>;
  patchBody: z.ZodType<Patch>;
  list(db: Db, page: number, limit: number): Promise<{ items: unknown[]; total: number }>;
  create(db: Db, input: Create): Promise<unknown>;
  update(db: Db, id: number, input: Patch): Promise<unknown>;
  remove(db: Db, id: number): Promise<void>;
}

export function editorRoutes<Create, Patch>(options: EditorRoutesOptions<Create, Patch>) {
  const { path, summaries } = options;
  const tags = ['Tools'];
  // The list's key varies by kind: the schema is typed by what every kind shares.
  const listAnswer: z.ZodType<Record<string, unknown>> = z.object({
    [options.listKey]: z.array(options.listItem),
    total: z.number(),
  });
  const listRoute = createRoute({
    method: 'get',
    path,
    tags,
    summary: summaries.list,
    request: { query: staffListQuery },
    responses: { 200: jsonContent(listAnswer, 'One page'), ...staffResponses },
  });
  const createRecordRoute = createRoute({
    method: 'post',
    path,
    tags,
    summary: summaries.create,
    request: jsonBody(options.createBody),
    responses: {
      201: jsonContent(z.object({ data: options.record }), 'Created'),
      ...errorResponses,
      ...notFoundResponse,
      ...staffResponses,
    },
  });
  const updateRoute = createRoute({
    method: 'put',
    path: `${path}/{id}`,
    tags,
    summary: summaries.update,
    request: { params: idParam, ...jsonBody(options.patchBody) },
    responses: {
      200: jsonContent(z.object({ data: options.record }), 'Updated'),
      ...errorResponses,
      ...notFoundResponse,
      ...staffResponses,
    },
  });
  const deleteRoute = createRoute({
    method: 'delete',
    path: `${path}/{id}`,
    tags,
    summary: summaries.remove,
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' }, ...notFoundResponse, ...staffResponses },
  });
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { page, limit } = c.req.valid('query');
      const { items, total } = await options.list(c.var.db, page, limit);
      const answer: Record<string, unknown> = { [options.listKey]: items, total };
      return c.json(answer, 200);
    })
    .openapi(createRecordRoute, async (c) => c.json({ data: await options.create(c.var.db, c.req.valid('json')) }, 201))
    .openapi(updateRoute, async (c) =>
      c.json({ data: await options.update(c.var.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(deleteRoute, async (c) => {
      await options.remove(c.var.db, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
