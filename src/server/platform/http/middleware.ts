/** Middleware every request or every API call goes through. */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from '../config.ts';
import type { Availability } from '../db/availability.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { within } from '../within.ts';
import type { AppEnv } from './context.ts';
import { setAnswerHeaders } from './answer-headers.ts';
import { databaseAwayAnswer, errorBody } from './errors.ts';
import { SECURITY_HEADERS } from '../security-headers.ts';
import { clientIp, isHttps } from './request.ts';

/** Paths of the JSON API; the site's own pages use the same names (/news/{id} is a page, /api/news/{id} its data). */
export const API_PREFIX = '/api';

/**
 * Gives the request its id (the caller's X-Request-Id, or a new one) and the
 * platform's variables, sets the headers every answer carries, and logs the
 * request as one JSON line.
 */
export function requestContext(platform: { config: Config; db: Db; logger: Logger }): MiddlewareHandler<AppEnv> {
  const { logger } = platform;
  return async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('config', platform.config);
    c.set('db', platform.db);
    c.set('logger', logger);
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    setAnswerHeaders(c, [['X-Request-Id', requestId], ...securityHeaders(c)]);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const entry = { reqId: requestId, method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) logger.error(entry, 'request failed');
    else if (c.req.path.startsWith(API_PREFIX) || status >= 400) logger.info(entry, 'request');
    else logger.debug(entry, 'request');
  };
}

/** What an answer may do in a browser, unless its route said more precisely (the site's pages do). */
const DEFAULT_POLICY = "default-src 'none'; frame-ancestors 'self'";

/** The policy of a server-rendered document with its own styles and no script (the API reference, the analyst report). */
export const STYLED_DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * The headers every answer carries: no sniffing, a strict referrer, framing
 * by the site only, no powerful features, its own browsing context group,
 * HSTS over HTTPS, and a Content-Security-Policy (the route's own, if it set one).
 */
function securityHeaders(c: Context<AppEnv>): [string, string][] {
  const headers = [...SECURITY_HEADER_ENTRIES];
  if (isHttps(c)) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  if (!c.res.headers.has('Content-Security-Policy')) headers.push(['Content-Security-Policy', DEFAULT_POLICY]);
  return headers;
}

/**
 * Bodies beyond the configured limit answer 413 before they are read. A
 * declared length is judged from the header alone; only a body sent without
 * one (chunked) is counted as it is read. Requests without a body pass
 * untouched: asking the request for its body stream, as the general-purpose
 * limit does first, builds a whole second request object on every GET.
 * `maxSize` may depend on the path: an upload takes more than any other body.
 */
export function limitBodySize(maxSize: number | ((path: string) => number)): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>) => errorBody(c, 413, 'Request body is too large');
  const limitOf = typeof maxSize === 'number' ? () => maxSize : maxSize;
  const counters = new Map<number, MiddlewareHandler<AppEnv>>();
  const counted = (limit: number) => {
    let counter = counters.get(limit);
    if (!counter) counters.set(limit, (counter = bodyLimit({ maxSize: limit, onError: tooLarge })));
    return counter;
  };
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const limit = limitOf(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > limit ? tooLarge(c) : next();
    }
    return counted(limit)(c, next);
  };
}

/**
 * Answers no cache may keep, the browser's, a proxy's or the installed app's: a token link's (an
 * unsubscribe or stop link names an address and what it gets), valid or not, refusals included.
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  setAnswerHeaders(c, [['Cache-Control', 'no-store']]);
};

/**
 * A request still running after `ms` is answered 503 and logged, so a slow
 * request ends for its client instead of holding it; its work, no longer
 * awaited, finishes on its own (database statements have their own timeout).
 */
export const deadline =
  (ms: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const outcome = await within(next(), ms, (err: unknown) =>
      c.var.logger.warn({ reqId: c.var.requestId, err }, 'late failure after deadline'),
    );
    if (!outcome.finished) {
      c.var.logger.warn({ reqId: c.var.requestId, path: c.req.path, ms }, 'request passed its deadline');
      c.res = errorBody(c, 503, 'The request took too long. Please try again.', { 'Retry-After': '5' });
    }
  };

/** While the database cannot be reached, API calls answer 503 at once instead of queueing for it. */
export const whileDatabaseReachable =
  (availability: Availability): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!availability.reachable()) return databaseAwayAnswer(c);
    await next();
  };

/**
 * At most `perAddress` requests of a group at a time from one client address:
 * the expensive calls (GraphQL, exports, search, documents) leave room for
 * everyone else. Further ones answer 429 at once.
 */
export function limitConcurrency(perAddress: number): MiddlewareHandler<AppEnv> {
  const running = new Map<string, number>();
  return async (c, next) => {
    const address = clientIp(c);
    const now = running.get(address) ?? 0;
    if (now >= perAddress) {
      return errorBody(c, 429, 'Too many requests at once. Please wait for the ones running.', { 'Retry-After': '1' });
    }
    running.set(address, now + 1);
    try {
      await next();
    } finally {
      const left = (running.get(address) ?? 1) - 1;
      if (left > 0) running.set(address, left);
      else running.delete(address);
    }
  };
}
