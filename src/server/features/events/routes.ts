/**
 * /api/events: the upcoming events the home page shows (spec 000 §7), a
 * company's webinars, the event behind a registration link, and webinar
 * favorites.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { eventRecord, webinarRecord } from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { idField, tickerSchema } from '../../platform/http/fields.ts';
import { apiSchema, errorResponses, jsonContent, notFoundResponse } from '../../platform/http/schemas.ts';
import { favoriteRoutes } from '../favorites/index.ts';
import { FAVORITE_WEBINARS, eventByZoomId, favoriteWebinars, upcomingEvents, webinarsOf } from './service.ts';

const EventSchema = apiSchema(eventRecord, 'Event');

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

export const eventRoutes = createRouter()
  .route(
    '/',
    favoriteRoutes({
      tag: 'Events',
      kind: FAVORITE_WEBINARS,
      plural: 'webinars',
      singular: 'a webinar',
      idField: 'eventId',
      idSchema: idField,
      idAnswer: z.number(),
      envelope: 'data',
      itemSchema: Webinar,
      list: favoriteWebinars,
    }),
  )
  .openapi(topRoute, async (c) => c.json({ data: await upcomingEvents(c.var.db, TOP_EVENTS) }, 200))
  .openapi(byCompanyRoute, async (c) =>
    c.json({ data: await webinarsOf(c.var.db, c.req.valid('param').symbol, c.var.user?.id) }, 200),
  )
  .openapi(byZoomRoute, async (c) =>
    c.json({ data: await eventByZoomId(c.var.db, c.req.valid('param').zoomId, c.var.user?.id) }, 200),
  );
