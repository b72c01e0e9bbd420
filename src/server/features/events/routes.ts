/** /api/events: the upcoming events the home page shows (spec 000 §7). */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { webinarRecord } from '../../../lib/content-records.ts';
import { upcomingEvents } from './service.ts';
import {
  errorResponses,
  jsonContent,
  notFoundResponse,
  tickerSchema,
  unauthorizedResponse,
} from '../../platform/http/schemas.ts';
import { requireUser } from '../accounts/middleware.ts';
import { eventByZoomId, favoriteWebinars, webinarsOf } from '../companies/service.ts';
import { FAVORITE_WEBINARS, toggleFavorite } from '../favorites/service.ts';

const EventSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    company_symbol: z.string().nullable(),
    Company: z.object({ name: z.string() }).nullable(),
    upcoming_date: z.string(),
    isActive: z.boolean(),
    archived: z.boolean(),
    archive_url: z.string().nullable(),
    Zoom_url: z.string().nullable(),
    form_url: z.string().nullable(),
    zoom_id: z.string().nullable(),
  })
  .openapi('Event');

/** The home page's events block shows up to eight (its skeleton has eight places). */
const TOP_EVENTS = 8;

const topRoute = createRoute({
  method: 'get',
  path: '/top',
  tags: ['Events'],
  summary: 'The next upcoming events, soonest first',
  responses: { 200: jsonContent(z.object({ data: z.array(EventSchema) }), 'Events') },
});

const Webinar = webinarRecord.extend({ isFavorite: z.boolean() }).openapi('Webinar');

const byCompanyRoute = createRoute({
  method: 'get',
  path: '/company/{symbol}',
  tags: ['Events'],
  summary: 'A company’s webinars, newest first',
  request: {
    params: z.object({
      symbol: tickerSchema,
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(Webinar) }), 'Webinars'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const byZoomRoute = createRoute({
  method: 'get',
  path: '/zoom/{zoomId}',
  tags: ['Events'],
  summary: 'The event with a zoom id (the registration page reads it)',
  request: { params: z.object({ zoomId: z.string().regex(/^\d{6,15}$/, 'zoomId is the webinar’s number') }) },
  responses: {
    200: jsonContent(z.object({ data: Webinar.extend({ company_name: z.string().nullable() }) }), 'Event'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const favoritesRoute = createRoute({
  method: 'get',
  path: '/favorites',
  tags: ['Events'],
  summary: 'The signed-in user’s favorite webinars',
  responses: { 200: jsonContent(z.object({ data: z.array(Webinar) }), 'Favorites'), ...unauthorizedResponse },
});

const toggleRoute = createRoute({
  method: 'patch',
  path: '/favorites',
  tags: ['Events'],
  summary: 'Add a webinar to the favorites, or remove it if it is there',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.strictObject({ eventId: z.number().int().positive() }) } },
    },
  },
  responses: {
    200: jsonContent(z.object({ data: z.object({ eventId: z.number(), isFavorite: z.boolean() }) }), 'Toggled'),
    ...unauthorizedResponse,
    ...notFoundResponse,
    ...errorResponses,
  },
});

export const eventRoutes = createRouter()
  .openapi(topRoute, async (c) => c.json({ data: await upcomingEvents(c.var.db, TOP_EVENTS) }, 200))
  .openapi(byCompanyRoute, async (c) =>
    c.json({ data: await webinarsOf(c.var.db, c.req.valid('param').symbol, c.var.user?.id) }, 200),
  )
  .openapi(byZoomRoute, async (c) =>
    c.json({ data: await eventByZoomId(c.var.db, c.req.valid('param').zoomId, c.var.user?.id) }, 200),
  )
  .openapi(favoritesRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ data: await favoriteWebinars(c.var.db, user.id) }, 200);
  })
  .openapi(toggleRoute, async (c) => {
    const user = requireUser(c);
    const { eventId } = c.req.valid('json');
    return c.json(
      { data: { eventId, isFavorite: await toggleFavorite(c.var.db, FAVORITE_WEBINARS, user.id, eventId) } },
      200,
    );
  });
