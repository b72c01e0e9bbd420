/**
 * The favorites route pair every kind shares: GET /favorites lists the
 * signed-in user's favorites, PATCH /favorites flips one in or out. Each
 * feature mounts one under its own path (/stock, /news, /videos, /events).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '../../platform/db/client.ts';
import { createRouter } from '../../platform/http/context.ts';
import { errorResponses, jsonContent, notFoundResponse, unauthorizedResponse } from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/index.ts';
import { toggleFavorite, type FavoriteKind } from './service.ts';

export interface FavoriteRoutesOptions<Id extends number | string> {
  /** The OpenAPI tag of the group the pair belongs to. */
  tag: string;
  kind: FavoriteKind<Id>;
  /** What the list holds ('companies'), and one item with its article ('a company'). */
  plural: string;
  singular: string;
  /** The body field naming the item ('symbol', 'newsId'), its schema, and its schema in the answer. */
  idField: string;
  /** Another name the body may give the id by ('webinarId' for 'eventId'). */
  idAlias?: string;
  idSchema: z.ZodType<Id>;
  idAnswer: z.ZodType<Id>;
  /** The list's envelope key ('data', or 'news' for news lists) and item schema. */
  envelope: 'data' | 'news';
  itemSchema: z.ZodType;
  list: (db: Db, userId: number) => Promise<unknown[]>;
}

export function favoriteRoutes<Id extends number | string>(options: FavoriteRoutesOptions<Id>) {
  const { tag, idField, envelope } = options;
  // The field names vary by kind: the schemas are typed by what every kind shares.
  const listAnswer: z.ZodType<Record<string, unknown[]>> = z.object({ [envelope]: z.array(options.itemSchema) });
  const byName = (name: string): z.ZodType<Record<string, Id>> => z.strictObject({ [name]: options.idSchema });
  const toggleBody = options.idAlias ? z.union([byName(idField), byName(options.idAlias)]) : byName(idField);
  const toggleAnswer: z.ZodType<{ data: Record<string, string | number | boolean> }> = z.object({
    data: z.object({ [idField]: options.idAnswer, isFavorite: z.boolean() }),
  });
  const listRoute = createRoute({
    method: 'get',
    path: '/favorites',
    tags: [tag],
    summary: `The signed-in user’s favorite ${options.plural}`,
    responses: {
      200: jsonContent(listAnswer, 'Favorites'),
      ...unauthorizedResponse,
    },
  });
  const toggleRoute = createRoute({
    method: 'patch',
    path: '/favorites',
    tags: [tag],
    summary: `Add ${options.singular} to the favorites, or remove it if it is there`,
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: toggleBody } },
      },
    },
    responses: {
      200: jsonContent(toggleAnswer, 'Toggled'),
      ...errorResponses,
      ...notFoundResponse,
      ...unauthorizedResponse,
    },
  });
  return createRouter()
    .openapi(listRoute, async (c) => {
      const user = requireUser(c);
      return c.json({ [envelope]: await options.list(c.var.db, user.id) }, 200);
    })
    .openapi(toggleRoute, async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      const given = body[idField] ?? (options.idAlias ? body[options.idAlias] : undefined);
      const { id, isFavorite } = await toggleFavorite(c.var.db, options.kind, user.id, given!);
      const data: Record<string, string | number | boolean> = { [idField]: id, isFavorite };
      return c.json({ data }, 200);
    });
}
