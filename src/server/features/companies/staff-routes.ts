/**
 * The console API calls about client companies (docs/product.md §18.13), staff only: clients
 * (/tools/clients), the specialists they may be assigned, landing pages
 * (/tools/company-landing) and leaders (/tools/management). Changes carry
 * the version they are based on (409 when someone else changed it since);
 * every write is audited and rebuilds the company's pages.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { clientRecord, landingEditRecord, leaderEditRecord, specialistRecord } from '../../../lib/console-records.ts';
import { CONSOLE_MESSAGES } from '../../../lib/console.ts';
import { createRouter } from '../../platform/http/context.ts';
import { actorOf } from '../../platform/http/editor-routes.ts';
import {
  companySymbolField,
  editBody,
  idField,
  idParam,
  linkField,
  staffListQuery,
  textField,
  versionQuery,
} from '../../platform/http/fields.ts';
import {
  ErrorSchema,
  apiSchema,
  errorResponses,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffResponses,
  staleEditResponse,
} from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { clientBySymbol, createClient, listClients, listSpecialists, updateClient } from './client-edits.ts';
import { createLandingPage, landingForEditor, updateLandingPage } from './landing-edits.ts';
import { createLeader, deleteLeader, leadersForEditor, updateLeader } from './leader-edits.ts';

const tags = ['Tools'];
const symbolParams = z.object({ symbol: companySymbolField });
const html = (max: number) => textField(max, { multiline: true, keepSpaces: true }).nullable();

// Clients

const Client = apiSchema(clientRecord, 'Client');
const ClientFields = z.strictObject({
  contract: textField(200).nullable(),
  disclosure: html(50_000),
  assignedSpecialistId: idField.nullable(),
  companyName: textField(200, { min: 1, minMessage: 'companyName must not be empty' }),
  active: z.boolean(),
});
const NewClient = ClientFields.partial().extend({ company_symbol: companySymbolField });

const listClientsRoute = createRoute({
  method: 'get',
  path: '/clients',
  tags,
  summary: 'Client companies by symbol, searched by ticker or name (q)',
  request: { query: staffListQuery },
  responses: {
    200: jsonContent(z.object({ data: z.array(Client), total: z.number() }), 'One page'),
    ...errorResponses,
    ...staffResponses,
  },
});
const oneClientRoute = createRoute({
  method: 'get',
  path: '/clients/{symbol}',
  tags,
  summary: 'One client company',
  request: { params: symbolParams },
  responses: {
    200: jsonContent(z.object({ data: Client }), 'Client'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const createClientRoute = createRoute({
  method: 'post',
  path: '/clients',
  tags,
  summary: 'Make a listed company a client (it gets a landing page titled by its name)',
  request: jsonBody(NewClient),
  responses: {
    201: jsonContent(z.object({ data: Client }), 'Created'),
    409: jsonContent(ErrorSchema, 'Already a client'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const updateClientRoute = createRoute({
  method: 'put',
  path: '/clients/{symbol}',
  tags,
  summary: 'Change a client: contract, disclosure (sanitized HTML), assigned specialist, company name, active',
  request: { params: symbolParams, ...jsonBody(editBody(ClientFields)) },
  responses: {
    200: jsonContent(z.object({ data: Client }), 'Updated'),
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const specialistsRoute = createRoute({
  method: 'get',
  path: '/specialists',
  tags,
  summary: 'The specialists a client may be assigned',
  responses: {
    200: jsonContent(z.object({ data: z.array(apiSchema(specialistRecord, 'Specialist')) }), 'Specialists'),
    ...staffResponses,
  },
});

// Landing pages

const text = (max: number) => textField(max).nullable();
const color = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'colours are hex such as #ffffff')
  .nullable();
const LandingFields = z.strictObject({
  title: text(300),
  seo: text(500),
  subtitle: text(300),
  overview: html(200_000),
  valueprop_title: text(200),
  value_prop: html(200_000),
  investment_highlights: html(200_000),
  highlights: html(200_000),
  presentation: linkField.nullable(),
  presentation_title: text(300),
  extra_title: text(200),
  extra_info: html(200_000),
  extra_title_two: text(200),
  extra_info_two: html(200_000),
  jumbo_video: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9_-]{11})?$/, 'jumbo_video must be an 11-character video id')
    .transform((v) => v || null)
    .nullable(),
  jumbotron_gradient_opacity: z.number().min(0, 'opacity is 0 to 1').max(1, 'opacity is 0 to 1').nullable(),
  jumbotron_title_color: color,
  jumbotron_subtitle_color: color,
  letter: html(200_000),
  askceo_title: text(200),
  custom_style: textField(5000, { multiline: true }).nullable(),
  website_url: linkField.nullable(),
  podcast_link: linkField.nullable(),
  active: z.boolean(),
});
const Landing = apiSchema(landingEditRecord, 'LandingEdit');
const landingSaved = jsonContent(
  z.object({ success: z.literal(true), message: z.string(), data: Landing }),
  'Saved: a success flag with a message',
);

const createLandingRoute = createRoute({
  method: 'post',
  path: '/company-landing',
  tags,
  summary: 'Give a company its landing page (every field of the landing page record; HTML sanitized)',
  request: jsonBody(LandingFields.partial().extend({ company_symbol: companySymbolField })),
  responses: {
    201: landingSaved,
    409: jsonContent(ErrorSchema, 'The company has a landing page already'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const getLandingRoute = createRoute({
  method: 'get',
  path: '/company-landing/{symbol}',
  tags,
  summary: 'A company’s landing page as the editor shows it (inactive pages too)',
  request: { params: symbolParams },
  responses: {
    200: jsonContent(z.object({ data: Landing }), 'Landing page'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const putLandingRoute = createRoute({
  method: 'put',
  path: '/company-landing/{symbol}',
  tags,
  summary: 'Change a company’s landing page (HTML fields sanitized); rebuilds its pages',
  request: { params: symbolParams, ...jsonBody(editBody(LandingFields)) },
  responses: {
    200: landingSaved,
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});

// Leaders

const Leader = apiSchema(leaderEditRecord, 'LeaderEdit');
const LeaderFields = z.strictObject({
  name: textField(200, { required: 'name is required', min: 1, minMessage: 'name is required' }),
  title: textField(200, { required: 'title is required', min: 1, minMessage: 'title is required' }),
  description: textField(20_000, { multiline: true, keepSpaces: true }),
  headshot_url: linkField.nullable(),
  sort_order: z.number().int().min(0).max(999),
});
const NewLeader = LeaderFields.partial({ description: true, headshot_url: true, sort_order: true }).extend({
  company_symbol: companySymbolField,
});

const createLeaderRoute = createRoute({
  method: 'post',
  path: '/management',
  tags,
  summary: 'Add a leader to a company’s team',
  request: jsonBody(NewLeader),
  responses: {
    201: jsonContent(z.object({ data: Leader }), 'Created'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const leadersRoute = createRoute({
  method: 'get',
  path: '/management/{symbol}',
  tags,
  summary: 'A company’s leaders, in the Leadership tab’s order',
  request: { params: symbolParams },
  responses: {
    200: jsonContent(z.object({ data: z.array(Leader) }), 'Leaders'),
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const updateLeaderRoute = createRoute({
  method: 'put',
  path: '/management/{id}',
  tags,
  summary: 'Change a leader',
  request: { params: idParam, ...jsonBody(editBody(LeaderFields)) },
  responses: {
    200: jsonContent(z.object({ data: Leader }), 'Updated'),
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});
const deleteLeaderRoute = createRoute({
  method: 'delete',
  path: '/management/{id}',
  tags,
  summary: 'Remove a leader (optionally only if still at the given version)',
  request: { params: idParam, query: versionQuery },
  responses: {
    204: { description: 'Deleted' },
    ...staleEditResponse,
    ...notFoundResponse,
    ...errorResponses,
    ...staffResponses,
  },
});

const router = createRouter();
router.use('*', staffOnly);

export const companyStaffRoutes = router
  .openapi(listClientsRoute, async (c) => {
    const { items, total } = await listClients(c.var.db, c.req.valid('query'));
    return c.json({ data: items, total }, 200);
  })
  .openapi(oneClientRoute, async (c) =>
    c.json({ data: await clientBySymbol(c.var.db, c.req.valid('param').symbol) }, 200),
  )
  .openapi(createClientRoute, async (c) =>
    c.json({ data: await createClient(c.var.db, actorOf(c), c.req.valid('json')) }, 201),
  )
  .openapi(updateClientRoute, async (c) =>
    c.json({ data: await updateClient(c.var.db, actorOf(c), c.req.valid('param').symbol, c.req.valid('json')) }, 200),
  )
  .openapi(specialistsRoute, async (c) => c.json({ data: await listSpecialists(c.var.db) }, 200))
  .openapi(createLandingRoute, async (c) => {
    const data = await createLandingPage(c.var.db, actorOf(c), c.req.valid('json'));
    return c.json({ success: true as const, message: CONSOLE_MESSAGES.landing.saved, data }, 201);
  })
  .openapi(getLandingRoute, async (c) =>
    c.json({ data: await landingForEditor(c.var.db, c.req.valid('param').symbol) }, 200),
  )
  .openapi(putLandingRoute, async (c) => {
    const data = await updateLandingPage(c.var.db, actorOf(c), c.req.valid('param').symbol, c.req.valid('json'));
    return c.json({ success: true as const, message: CONSOLE_MESSAGES.landing.saved, data }, 200);
  })
  .openapi(createLeaderRoute, async (c) =>
    c.json({ data: await createLeader(c.var.db, actorOf(c), c.req.valid('json')) }, 201),
  )
  .openapi(leadersRoute, async (c) =>
    c.json({ data: await leadersForEditor(c.var.db, c.req.valid('param').symbol) }, 200),
  )
  .openapi(updateLeaderRoute, async (c) =>
    c.json({ data: await updateLeader(c.var.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(deleteLeaderRoute, async (c) => {
    await deleteLeader(c.var.db, actorOf(c), c.req.valid('param').id, c.req.valid('query').version);
    return c.body(null, 204);
  });
