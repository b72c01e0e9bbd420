/**
 * The HTTP side of the metrics (see platform/metrics.ts): every request
 * timed by the route pattern that answered it, and GET /metrics for a
 * scraper.
 */
import { timingSafeEqual } from 'node:crypto';
import type { BlockList } from 'node:net';
import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { plainAddress } from '../address-ranges.ts';
import type { Metrics } from '../metrics.ts';
import type { AppEnv } from './context.ts';
import { clientIp } from './request.ts';

/** Times every request, labelled by its route pattern, not its path: the series stay few whatever is asked. */
export function timeRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), the route of the last handler that ran.
    const route = routePath(c) || 'none';
    metrics.observeRequest(
      { method: c.req.method, route, status: String(c.res.status) },
      (performance.now() - started) / 1000,
    );
  };
}

/**
 * GET /metrics for a scraper: from an allowed address range, or with the
 * configured token as `Authorization: Bearer`. Others get 403.
 */
export function metricsRoutes(metrics: Metrics, access: { allow: BlockList; token: string | null }) {
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
    const tokenOk =
      access.token !== null &&
      bearer !== null &&
      bearer.length === access.token.length &&
      timingSafeEqual(Buffer.from(bearer), Buffer.from(access.token));
    const from = plainAddress(clientIp(c));
    if (!tokenOk && !(from && access.allow.check(from.address, from.type))) {
      return c.json({ message: 'Metrics are not available to this address' }, 403);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
}
