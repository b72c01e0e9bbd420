/** /api/site: what data the site runs on, and the state of the static site build. */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/context.ts';
import { jsonContent } from '../../platform/http/schemas.ts';
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

const buildRoute = createRoute({
  method: 'get',
  path: '/build',
  tags: ['Site'],
  summary: 'State and progress of the static site build',
  description: 'The build output and error details are for staff; others get the state, times and page counts.',
  responses: { 200: jsonContent(z.object({ data: BuildStatus }), 'Build status') },
});

export const siteStatusRoutes = (site: SiteState) =>
  createRouter()
    .openapi(infoRoute, async (c) => {
      const chat = chatOrigins(c.var.config.chat.frameOrigin, c.var.config.siteUrl);
      return c.json({ data: await siteInfo(c.var.db, chat) }, 200);
    })
    .openapi(buildRoute, (c) => {
      const status = site.status();
      if (c.var.user?.role === 'staff') return c.json({ data: status }, 200);
      // Output lines and errors name files of the server: not for everyone.
      const lastError = status.lastError === null ? null : 'The last build failed.';
      return c.json({ data: { ...status, lastError, progress: [], sections: null } }, 200);
    });
