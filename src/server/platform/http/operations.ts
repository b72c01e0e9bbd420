/**
 * Operational endpoints at the root: /healthz (the process answers),
 * /readyz (the database answers), /openapi.json (OpenAPI 3.1, generated from
 * the route schemas) and /api-docs (a readable reference rendered from it).
 */
import { Hono } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '../db/client.ts';
import { classifyDatabaseError } from '../db/errors.ts';
import type { Logger } from '../logger.ts';
import { within } from '../within.ts';
import { renderApiReference } from './api-reference.ts';
import type { AppEnv } from './context.ts';
import { STYLED_DOCUMENT_POLICY } from './middleware.ts';

const READINESS_TIMEOUT_MS = 1000;

const API_DESCRIPTION =
  'Data, identity and content API of the small-cap research site. Paths below are relative to the site origin.';

export function healthRoutes(database: Database, logger: Logger) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      // A load balancer asks often and waits little: no answer within a second counts as not ready.
      const failed = (err: unknown) => {
        logger.warn({ err }, 'readiness check failed');
        if (classifyDatabaseError(err) === 'unreachable') database.availability.reportUnreachable();
      };
      if (database.availability.reachable()) {
        try {
          const outcome = await within(database.ping(), READINESS_TIMEOUT_MS, failed);
          if (outcome.finished) return c.json({ status: 'ready', database: database.kind });
        } catch (err) {
          failed(err);
        }
      }
      c.header('Retry-After', '2');
      return c.json({ status: 'unavailable', message: 'Database is not reachable' }, 503);
    });
}

/** The API document of `app` (read when asked, so it lists every route mounted by then). */
export function apiDocumentRoutes(app: OpenAPIHono<AppEnv>, siteUrl: string) {
  const documentConfig = {
    openapi: '3.1.0',
    info: { title: 'RedCap', version: '1.0.0', description: API_DESCRIPTION },
    servers: [{ url: siteUrl }],
  };
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(app.getOpenAPI31Document(documentConfig)))
    .get('/api-docs', (c) => {
      // A document with its own styles and no script.
      c.header('Content-Security-Policy', STYLED_DOCUMENT_POLICY);
      return c.html(renderApiReference(app.getOpenAPI31Document(documentConfig) as unknown as Record<string, unknown>));
    });
}
