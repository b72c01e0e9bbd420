/**
 * /api/events: the events page's list by tab, range and search, one event,
 * the upcoming events the home page shows (docs/product.md §18.10), a company's
 * webinars, the event behind a registration link, and webinar favorites.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { eventRecord, webinarRecord } from '../../../lib/content-records.ts';
import { createRouter } from '../../platform/http/context.ts';
import { EVENT_PAGE_SIZE, EVENT_RANGES, EVENT_TABS } from '../../../lib/event-ranges.ts';
import { emailField, idField, idParam, queryInteger, textField, tickerSchema } from '../../platform/http/fields.ts';
import { clientIp } from '../../platform/http/request.ts';
import {
  REGISTRATION_LIMITS as LIMITS,
  REGISTRATION_TEXT as TEXT,
  REMINDER_CHOICES,
  ZOOM_ID_PATTERN,
  isValidPhone,
  looksLikeLink,
} from '../../../lib/event-registration.ts';
import { hasDirectionControls } from '../../../lib/names.ts';
import { registerForEvent } from './registration.ts';
import { webinarPlatformFor } from './webinar-platform.ts';
import { ErrorSchema, apiSchema, errorResponses, jsonContent, notFoundResponse } from '../../platform/http/schemas.ts';
import { favoriteRoutes } from '../favorites/index.ts';
import {
  FAVORITE_WEBINARS,
  eventById,
  eventByZoomId,
  favoriteEventList,
  listEvents,
  upcomingEvents,
  webinarsOf,
} from './service.ts';

const EventSchema = apiSchema(eventRecord, 'Event');
const ListedEvent = eventRecord.extend({ isFavorite: z.boolean() }).openapi('ListedEvent');

const listRoute = createRoute({
  method: 'get',
  path: '/all',
  tags: ['Events'],
  summary: 'Events by tab (upcoming soonest first, history newest first), range and search, a page at a time',
  request: {
    query: z.object({
      text: textField(200).default(''),
      tab: z.enum(EVENT_TABS, { message: `tab must be one of ${EVENT_TABS.join(', ')}` }).default('upcoming'),
      range: z.enum(EVENT_RANGES, { message: `range must be one of ${EVENT_RANGES.join(', ')}` }).default('all'),
      page: queryInteger(1, 100_000).default(1),
      pageSize: queryInteger(1, 100).default(EVENT_PAGE_SIZE),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: z.array(ListedEvent), total: z.number() }), 'A page of events and the total'),
    ...errorResponses,
  },
});

const oneRoute = createRoute({
  method: 'get',
  path: '/all/{id}',
  tags: ['Events'],
  summary: 'One event',
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ data: ListedEvent }), 'Event'),
    ...notFoundResponse,
    ...errorResponses,
  },
});

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

const ZoomIdSchema = z.string().regex(ZOOM_ID_PATTERN, 'zoom_id is the webinar’s number');

/** The event behind a registration link (docs/product.md §18.10: the id in the query). */
const byZoomRoute = createRoute({
  method: 'get',
  path: '/ZoomId',
  tags: ['Events'],
  summary: 'The event with a zoom id (the registration page reads it)',
  request: { query: z.object({ zoom_id: ZoomIdSchema, form_id: textField(100).optional() }) },
  responses: {
    200: jsonContent(
      z.object({ data: Webinar.extend({ company_name: z.string().nullable(), agenda: z.string().nullable() }) }),
      'Event',
    ),
    ...notFoundResponse,
    ...errorResponses,
  },
});

const required = (max: number, message: string, label: string) =>
  textField(max, { required: message, min: 1, minMessage: message, maxMessage: TEXT.tooLong(label, max) });
/** Text that goes into the emails and invites we send: no web addresses, nothing that reorders what is shown. */
const nameRules = <T extends z.ZodType<string>>(field: T, label: string) =>
  field
    .refine((v) => !looksLikeLink(v), TEXT.noLinks(label))
    .refine((v) => !hasDirectionControls(v), TEXT.noDirectionControls(label));
const nameField = (max: number, message: string, label: string) => nameRules(required(max, message, label), label);

const RegistrationBody = z
  .strictObject({
    first_name: nameField(LIMITS.first_name, TEXT.firstNameRequired, 'First name'),
    last_name: nameField(LIMITS.last_name, TEXT.lastNameRequired, 'Last name'),
    email: emailField,
    phone: required(30, TEXT.phoneRequired, 'Phone').refine(isValidPhone, TEXT.invalidPhone),
    company_name: nameField(LIMITS.company_name, TEXT.companyRequired, 'Company name'),
    job_title: nameRules(
      textField(LIMITS.job_title, { maxMessage: TEXT.tooLong('Job title', LIMITS.job_title) }),
      'Job title',
    ).optional(),
    form_id: textField(100, { required: TEXT.missingIds, min: 1, minMessage: TEXT.missingIds }),
    zoom_id: z.string({ message: TEXT.missingIds }).regex(ZOOM_ID_PATTERN, TEXT.missingIds),
    reminders: z
      .enum(REMINDER_CHOICES, { message: `reminders must be one of ${REMINDER_CHOICES.join(', ')}` })
      .default('email'),
  })
  .openapi('WebinarRegistration');

const registerRoute = createRoute({
  method: 'post',
  path: '/register',
  tags: ['Events'],
  summary:
    'Registers for a webinar: once per event and email; a confirmation email with a calendar invite, then reminders 24 hours and 1 hour before',
  request: { body: { required: true, content: { 'application/json': { schema: RegistrationBody } } } },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), message: z.string() }),
      'Registered; a repeat answers the same (telling nobody which addresses are registered) and sends nothing',
    ),
    409: jsonContent(ErrorSchema, 'The webinar has ended, or the webinar platform refused the registration'),
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
      idAlias: 'webinarId',
      idSchema: idField,
      idAnswer: z.number(),
      envelope: 'data',
      itemSchema: ListedEvent,
      list: favoriteEventList,
    }),
  )
  .openapi(listRoute, async (c) => c.json(await listEvents(c.var.db, c.req.valid('query'), c.var.user?.id), 200))
  .openapi(oneRoute, async (c) =>
    c.json({ data: await eventById(c.var.db, c.req.valid('param').id, c.var.user?.id) }, 200),
  )
  .openapi(byZoomRoute, async (c) =>
    c.json({ data: await eventByZoomId(c.var.db, c.req.valid('query'), c.var.user?.id) }, 200),
  )
  .openapi(registerRoute, async (c) => {
    await registerForEvent(c.var.db, c.req.valid('json'), {
      platform: webinarPlatformFor(c.var.config),
      siteUrl: c.var.config.siteUrl,
      ip: clientIp(c),
      userId: c.var.user?.id,
    });
    return c.json({ success: true as const, message: TEXT.success }, 200);
  })
  .openapi(topRoute, async (c) => c.json({ data: await upcomingEvents(c.var.db, TOP_EVENTS) }, 200))
  .openapi(byCompanyRoute, async (c) =>
    c.json({ data: await webinarsOf(c.var.db, c.req.valid('param').symbol, c.var.user?.id) }, 200),
  );
