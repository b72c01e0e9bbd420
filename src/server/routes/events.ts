/** /api/events: the upcoming events the home page shows (spec 000 §7). */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../context.ts';
import { upcomingEvents } from '../content/events.ts';
import { jsonContent } from '../http/schemas.ts';

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
export const TOP_EVENTS = 8;

const topRoute = createRoute({
  method: 'get',
  path: '/top',
  tags: ['Events'],
  summary: 'The next upcoming events, soonest first',
  responses: { 200: jsonContent(z.object({ data: z.array(EventSchema) }), 'Events') },
});

export const eventRoutes = createRouter().openapi(topRoute, async (c) =>
  c.json({ data: await upcomingEvents(c.var.db, TOP_EVENTS) }, 200),
);
