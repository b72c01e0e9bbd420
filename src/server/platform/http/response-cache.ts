/**
 * An in-process cache of public read answers (news, videos, events lists and
 * records): every anonymous reader gets the same answer, so it is computed
 * once instead of once per reader. The whole cache is dropped when content
 * changes (the changes record tells it), and an answer is kept a short time
 * at most, so lists that move with the clock (upcoming events, scheduled
 * articles) and counters move on by themselves. Signed-in readers' requests
 * are never cached: what they see may be theirs alone.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

export interface ResponseCacheOptions {
  /** How long an answer is served from the cache at most. */
  ttlMs: number;
  /** Answers kept; the least recently used goes first. */
  maxEntries: number;
  /** Larger answers are not kept. */
  maxBodyBytes: number;
}

interface Entry {
  body: ArrayBuffer;
  contentType: string;
  expires: number;
}

export interface ResponseCache {
  /** Serves GET answers from the cache and keeps new ones. */
  middleware: MiddlewareHandler<AppEnv>;
  /** Drops every answer (content changed). */
  clear(): void;
  readonly size: number;
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const entries = new Map<string, Entry>();
  // An answer computed before a change must not be kept after it.
  let generation = 0;

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== 'GET' || c.var.user) return next();
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, hit);
      return c.body(hit.body, 200, { 'content-type': hit.contentType });
    }
    if (hit) entries.delete(key);
    const startedIn = generation;
    await next();
    const contentType = c.res.headers.get('content-type') ?? '';
    if (c.res.status !== 200 || !contentType.startsWith('application/json') || c.res.headers.has('set-cookie')) return;
    const body = await c.res.clone().arrayBuffer();
    if (body.byteLength > options.maxBodyBytes || generation !== startedIn) return;
    entries.set(key, { body, contentType, expires: Date.now() + options.ttlMs });
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  };

  return {
    middleware,
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
