/**
 * /api/site: what data the site runs on, whether a site is published, and
 * (for staff) the state and output of the static site build.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { jsonContent, staffResponses } from '../../platform/http/schemas.ts';
import { staffOnly } from '../accounts/index.ts';
import { chatOrigins, siteInfo } from './site-info.ts';
import type { SiteState } from './state.ts';

const SiteInfo = z
  .object({
    demo: z.boolean(),
    demoSeed: z
      .object({ seed: z.string(), generatedAt: z.string(), asOf: z.string(), companies: z.number() })
      .nullable(),
    companies: z.number(),
    chat: z.object({ frameOrigin: z.string().nullable(), hostOrigin: z.string().nullable() }),
  })
  .openapi('SiteInfo');

const BuildStatus = z
  .object({
    state: z.enum(['idle', 'building', 'failed']),
    currentBuild: z.string().nullable(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    lastError: z.string().nullable(),
    progress: z.array(z.string()),
    pages: z.object({ rendered: z.number(), unchanged: z.number() }).nullable(),
    sections: z
      .record(z.string(), z.object({ rendered: z.number(), unchanged: z.number(), renderMs: z.number() }))
      .nullable(),
    publishedThrough: z
      .number()
      .nullable()
      .openapi({ description: 'The newest content change the served site includes' }),
    buildingThrough: z
      .number()
      .nullable()
      .openapi({ description: 'The newest content change the running build includes' }),
    complete: z.boolean().openapi({
      description: 'false while a new site serves only its first pages (the rest is being built)',
    }),
  })
  .openapi('BuildStatus');

const infoRoute = createRoute({
  method: 'get',
  path: '/info',
  tags: ['Site'],
  summary: 'What data the site runs on (demo or real)',
  responses: { 200: jsonContent(z.object({ data: SiteInfo }), 'Site facts') },
});

const SiteReadiness = z
  .object({
    published: z.boolean().openapi({ description: 'A site is being served' }),
    complete: z.boolean().openapi({
      description: 'false while a new site serves only its first pages (the rest is being built)',
    }),
    building: z.boolean().openapi({ description: 'A build is running' }),
  })
  .openapi('SiteReadiness');

const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['Site'],
  summary: 'Whether the site is published, whole, and being built',
  description: 'For anyone waiting for a site (a deployment, a start-up script); the build details are for staff.',
  responses: { 200: jsonContent(z.object({ data: SiteReadiness }), 'Readiness') },
});

const buildRoute = createRoute({
  method: 'get',
  path: '/build',
  tags: ['Site'],
  summary: 'State, progress, output and errors of the static site build (staff)',
  responses: { 200: jsonContent(z.object({ data: BuildStatus }), 'Build status'), ...staffResponses },
});

export function siteStatusRoutes(site: SiteState) {
  const router = createRouter();
  // The output lines and errors name the server's files, and the counts and times tell when content changed.
  router.use('/build', staffOnly);
  return router
    .openapi(infoRoute, async (c) => {
      const chat = chatOrigins(c.var.config.chat.frameOrigin, c.var.config.siteUrl);
      return c.json({ data: await siteInfo(c.var.db, chat) }, 200);
    })
    .openapi(readyRoute, (c) => {
      const status = site.status();
      const data = {
        published: status.currentBuild !== null,
        complete: status.complete,
        building: status.state === 'building',
      };
      return c.json({ data }, 200);
    })
    .openapi(buildRoute, (c) => c.json({ data: site.status() }, 200));
}
