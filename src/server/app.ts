/**
 * The HTTP application: the JSON API under /api, operational endpoints at the
 * root (/healthz, /readyz, /openapi.json, /api-docs), and the static site for
 * everything else.
 */
import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './platform/http/context.ts';
import { ApiError } from './platform/http/errors.ts';
import { renderApiReference } from './platform/http/api-reference.ts';
import { validationHook } from './platform/http/validation.ts';
import { loadSession } from './features/accounts/middleware.ts';
import { authRoutes } from './features/accounts/routes.ts';
import { googleRoutes } from './features/accounts/google-routes.ts';
import { marketRoutes } from './features/market/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { siteRoutes } from './features/site-build/routes.ts';
import { ipoRoutes, stockCatalogRoutes, stockRoutes } from './features/screener/routes.ts';
import { subscriptionRoutes } from './features/subscriptions/routes.ts';
import { createGraphqlHandler, type GraphqlContext } from './features/screener/graphql.ts';
import { contentRoutes } from './features/site-build/feed-routes.ts';
import { coverRoutes } from './features/covers/routes.ts';
import { companyReport, type ReportKind } from './features/reports/service.ts';
import { companyRoutes, tipranksRoutes } from './features/companies/routes.ts';
import { eventRoutes } from './features/events/routes.ts';
import { newsRoutes } from './features/news/routes.ts';
import { newsAlertRoutes } from './features/subscriptions/news-alert-routes.ts';
import { toolsRoutes } from './features/news/staff-routes.ts';
import { videoRoutes } from './features/videos/routes.ts';
import { createSnapshotStore } from './features/screener/snapshot.ts';
import { resolveSiteFile, serveSite } from './features/site-build/published-files.ts';
import { newsExists } from './features/news/service.ts';

export const API_PREFIX = '/api';

const API_DESCRIPTION =
  'Data, identity and content API of the small-cap research site. Paths below are relative to the site origin.';

function errorBody(
  c: Context,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): Response {
  return c.json({ ...extra, message }, status as 400, headers);
}

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { logger } = deps;
  const snapshots = deps.snapshots ?? createSnapshotStore(deps.database.db);

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('deps', deps);
    c.set('db', deps.database.db);
    c.set('snapshots', snapshots);
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const entry = { reqId: requestId, method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) logger.error(entry, 'request failed');
    else if (c.req.path.startsWith(API_PREFIX) || status >= 400) logger.info(entry, 'request');
    else logger.debug(entry, 'request');
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorBody(c, err.status, err.message, err.headers, err.extra);
    if (err instanceof HTTPException) {
      const message =
        err.status === 413
          ? 'Request body is too large'
          : err.status === 415
            ? 'Content-Type must be application/json'
            : err.message || 'Bad request';
      return errorBody(c, err.status, message);
    }
    if (err instanceof SyntaxError) return errorBody(c, 400, 'Malformed JSON body');
    logger.error({ reqId: c.var.requestId, err }, 'unhandled error');
    return errorBody(c, 500, 'Internal server error');
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: 'ready', database: deps.database.kind });
    } catch (err) {
      logger.warn({ err }, 'readiness check failed');
      return c.json({ status: 'unavailable', message: 'Database is not reachable' }, 503);
    }
  });

  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.use(
    '*',
    bodyLimit({
      maxSize: deps.config.bodyLimitBytes,
      onError: (c) => errorBody(c, 413, 'Request body is too large'),
    }),
  );
  api.use('*', loadSession);
  // These groups queue messages (codes, confirmation links): a successful POST wakes the outbox worker.
  for (const group of ['/auth/*', '/email-subscriptions/*', '/news-alerts/*']) {
    api.use(group, async (c, next) => {
      await next();
      if (c.req.method === 'POST' && c.res.status < 300) deps.onMessageQueued?.();
    });
  }
  api.route('/auth', authRoutes);
  api.route('/auth', googleRoutes);
  api.route('/profile', profileRoutes);
  api.route('/email-subscriptions', subscriptionRoutes);
  api.route('/stock', stockRoutes);
  api.route('/stock', stockCatalogRoutes);
  api.route('/stock', ipoRoutes);
  api.route('/stock', companyRoutes);
  api.route('/tipranks', tipranksRoutes);

  const graphqlContexts = new WeakMap<Request, GraphqlContext>();
  const graphql = createGraphqlHandler((req) => graphqlContexts.get(req)!);
  api.on(['GET', 'POST'], '/graphql', (c) => {
    graphqlContexts.set(c.req.raw, { db: c.var.db, user: c.var.user, snapshots });
    return graphql(c.req.raw);
  });
  api.route('/news', newsRoutes);
  api.route('/news-alerts', newsAlertRoutes);
  api.route('/videos', videoRoutes);
  api.route('/events', eventRoutes);
  api.route('/tools', toolsRoutes);
  api.route('/content', contentRoutes);
  api.route('/covers', coverRoutes);
  api.route('/market', marketRoutes);
  api.route('/site', siteRoutes);
  app.route(API_PREFIX, api);
  // Unknown API paths answer JSON, never the site's 404 page.
  app.all(`${API_PREFIX}/*`, (c) => errorBody(c, 404, `No API route for ${c.req.method} ${c.req.path}`));

  const documentConfig = {
    openapi: '3.1.0',
    info: { title: 'RedCap', version: '1.0.0', description: API_DESCRIPTION },
    servers: [{ url: deps.config.siteUrl }],
  };
  app.get('/openapi.json', (c) => c.json(app.getOpenAPI31Document(documentConfig)));
  app.get('/api-docs', (c) =>
    c.html(renderApiReference(app.getOpenAPI31Document(documentConfig) as unknown as Record<string, unknown>)),
  );

  // Generated company documents (001 §7: Reports/{ticker}_FactSheet.pdf, the investor presentation).
  app.on(['GET', 'HEAD'], '/Reports/:file{[A-Za-z.-]{1,12}_(FactSheet|Presentation)\\.pdf}', async (c) => {
    const [symbol, kind] = c.req.param('file').slice(0, -4).split('_') as [string, ReportKind];
    const bytes = await companyReport(deps.database.db, symbol, kind);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${symbol.toUpperCase()}_${kind}.pdf"`,
      'Cache-Control': 'public, max-age=600',
    });
  });

  // An article newer than the published build: its page comes with the rebuild; until then a shell loads it.
  app.on(['GET', 'HEAD'], '/news/:id{[0-9]+}', async (c, next) => {
    const root = deps.site.currentDir();
    const id = Number(c.req.param('id'));
    if (!root || resolveSiteFile(root, c.req.path) || !Number.isSafeInteger(id) || id > 2 ** 31 - 1) return next();
    if (!(await newsExists(deps.database.db, id))) return next();
    return serveSite(c, root, '/news/article/');
  });

  // Everything else is the static site.
  app.on(['GET', 'HEAD'], '*', (c) => serveSite(c, deps.site.currentDir()));
  app.notFound((c) => errorBody(c, c.req.method === 'GET' ? 404 : 405, 'Not found'));
  return app;
}
