/**
 * The console's four calls for one kind of record (docs/product.md §18.13): a page of
 * the list (searched on the server), create, change by id and delete by id,
 * each documented in the API. Changes carry the version they are based on;
 * every write names the staff member making it, for the audit log. The
 * feature supplies its schemas and service operations, and guards the group
 * (staff only).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { StaffActor } from '../../../lib/console.ts';
import type { Db } from '../db/client.ts';
import { createRouter } from './context.ts';
import { idParam, staffListQuery, versionQuery } from './fields.ts';
import {
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffResponses,
  staleEditResponse,
} from './schemas.ts';

export interface ListQuery {
  q?: string;
  page: number;
  limit: number;
}

export interface EditorRoutesOptions<Create, Patch extends { version: number }> {
  /** The group's path ('/news'); one record is at '{path}/{id}'. */
  path: string;
  summaries: { list: string; create: string; update: string; remove: string };
  /** The list's envelope key ('news' for news lists, otherwise 'data'). */
  listKey: 'news' | 'data';
  /** One record as the list, create and update answer it (with its version). */
  record: z.ZodType;
  createBody: z.ZodType<Create>;
  patchBody: z.ZodType<Patch>;
  list(db: Db, query: ListQuery): Promise<{ items: unknown[]; total: number }>;
  create(db: Db, actor: StaffActor, input: Create): Promise<unknown>;
  update(db: Db, actor: StaffActor, id: number, input: Patch): Promise<unknown>;
  remove(db: Db, actor: StaffActor, id: number, version?: number): Promise<void>;
}

/** The signed-in staff member (the group is guarded before any of its routes runs). */
export function actorOf(c: { var: { user?: { id: number; email: string } } }): StaffActor {
  const user = c.var.user;
  if (!user) throw new Error('editor routes need the staff guard before them');
  return { id: user.id, email: user.email };
}

export function editorRoutes<Create, Patch extends { version: number }>(options: EditorRoutesOptions<Create, Patch>) {
  const { path, summaries } = options;
  const tags = ['Tools'];
  // The list's key varies by kind: the schema is typed by what every kind shares.
  const listAnswer: z.ZodType<Record<string, unknown>> = z.object({
    [options.listKey]: z.array(options.record),
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
      ...staleEditResponse,
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
    request: { params: idParam, query: versionQuery },
    responses: {
      204: { description: 'Deleted' },
      ...staleEditResponse,
      ...errorResponses,
      ...notFoundResponse,
      ...staffResponses,
    },
  });
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { items, total } = await options.list(c.var.db, c.req.valid('query'));
      const answer: Record<string, unknown> = { [options.listKey]: items, total };
      return c.json(answer, 200);
    })
    .openapi(createRecordRoute, async (c) =>
      c.json({ data: await options.create(c.var.db, actorOf(c), c.req.valid('json')) }, 201),
    )
    .openapi(updateRoute, async (c) =>
      c.json({ data: await options.update(c.var.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .openapi(deleteRoute, async (c) => {
      await options.remove(c.var.db, actorOf(c), c.req.valid('param').id, c.req.valid('query').version);
      return c.body(null, 204);
    });
}
