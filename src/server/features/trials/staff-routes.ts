/** /api/tools/trials/aliases (docs/product.md §9.13, §18.13): staff's names of companies' trial sponsors. */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { actorOf } from '../../platform/http/editor-routes.ts';
import {
  apiSchema,
  errorResponses,
  jsonContent,
  notFoundResponse,
  staffResponses,
} from '../../platform/http/schemas.ts';
import { trialAliasRecord } from '../../../lib/source-syncs.ts';
import { staffOnly } from '../accounts/index.ts';
import { CONTROL_CHARACTER } from '../imports/index.ts';
import { addTrialAlias, listTrialAliases, removeTrialAlias } from './aliases.ts';

const tags = ['Data sources (staff)'];
const Alias = apiSchema(trialAliasRecord, 'TrialSponsorAlias');
const symbolField = z.string().trim().min(1, 'symbol is required').max(12, 'symbol is at most 12 characters');
const aliasField = z
  .string()
  .trim()
  .min(2, 'alias must be at least 2 characters')
  .max(200, 'alias is at most 200 characters')
  .refine((s) => !CONTROL_CHARACTER.test(s), 'alias must not hold control characters');

const listRoute = createRoute({
  method: 'get',
  path: '/trials/aliases',
  tags,
  summary: 'The names under which ClinicalTrials.gov lists companies’ trials, by company',
  responses: {
    200: jsonContent(z.object({ data: z.array(Alias) }), 'The aliases'),
    ...errorResponses,
    ...staffResponses,
  },
});

const addRoute = createRoute({
  method: 'post',
  path: '/trials/aliases',
  tags,
  summary: 'Add a sponsor name as a company’s: its trials under that name are the company’s from the next sync',
  request: {
    body: {
      content: { 'application/json': { schema: z.object({ symbol: symbolField, alias: aliasField }) } },
      required: true,
    },
  },
  responses: {
    201: jsonContent(Alias, 'Added'),
    409: jsonContent(z.object({ message: z.string() }), 'The company has it already'),
    ...errorResponses,
    ...staffResponses,
    ...notFoundResponse,
  },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/trials/aliases',
  tags,
  summary: 'Remove a sponsor alias',
  request: { query: z.object({ symbol: symbolField, alias: aliasField }) },
  responses: { 204: { description: 'Removed' }, ...errorResponses, ...staffResponses, ...notFoundResponse },
});

export function trialAliasStaffRoutes() {
  const router = createRouter();
  router.use('/trials/*', staffOnly);
  return router
    .openapi(listRoute, async (c) => c.json({ data: await listTrialAliases(c.var.db) }, 200))
    .openapi(addRoute, async (c) => {
      const { symbol, alias } = c.req.valid('json');
      return c.json(await addTrialAlias(c.var.db, actorOf(c), symbol, alias), 201);
    })
    .openapi(removeRoute, async (c) => {
      const { symbol, alias } = c.req.valid('query');
      await removeTrialAlias(c.var.db, actorOf(c), symbol, alias);
      return c.body(null, 204);
    });
}
