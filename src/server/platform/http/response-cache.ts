/**
 * An in-process cache of public read answers (news, videos, events lists and
 * records): every anonymous reader gets the same answer, so it is computed
 * once instead of once per reader. The whole cache is dropped when content
 * changes (the changes record tells it), and an answer is kept a short time
 * at most, so lists that move with the clock (upcoming events, scheduled
 * articles) and counters move on by themselves. Signed-in readers' requests
 * are never cached: what they see may be theirs alone.
 *
 * Readers who ask for an answer while it is being computed wait for that
 * computation instead of starting their own: after a start or a change, a
 * crowd asking for the same list costs the database one computation, not one
 * per reader (which queued everyone else's calls behind them).
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
  /** Bytes, not an ArrayBuffer: the Node adapter writes bytes straight out, and streams anything else. */
  body: Uint8Array<ArrayBuffer>;
  /** The answer's content type and caching instructions for browsers. */
  headers: Record<string, string>;
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
  // Answers being computed, with the generation they started in; null: the answer could not be kept.
  const computing = new Map<string, { generation: number; entry: Promise<Entry | null> }>();
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
      return c.body(hit.body, 200, hit.headers);
    }
    if (hit) entries.delete(key);
    const pending = computing.get(key);
    if (pending && pending.generation === generation) {
      const shared = await pending.entry;
      if (shared) return c.body(shared.body, 200, shared.headers);
      // The answer was not one to share (an error, a large body): this reader's own.
      return next();
    }
    const startedIn = generation;
    let settle: (entry: Entry | null) => void = () => {};
    computing.set(key, { generation: startedIn, entry: new Promise((resolve) => (settle = resolve)) });
    let entry: Entry | null = null;
    try {
      await next();
      const contentType = c.res.headers.get('content-type') ?? '';
      if (c.res.status === 200 && contentType.startsWith('application/json') && !c.res.headers.has('set-cookie')) {
        const body = new Uint8Array(await c.res.clone().arrayBuffer());
        if (body.byteLength <= options.maxBodyBytes && generation === startedIn) {
          const headers: Record<string, string> = { 'content-type': contentType };
          const cacheControl = c.res.headers.get('cache-control');
          if (cacheControl) headers['cache-control'] = cacheControl;
          entry = { body, headers, expires: Date.now() + options.ttlMs };
          entries.set(key, entry);
          if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
        }
      }
    } finally {
      settle(entry);
      if (computing.get(key)?.generation === startedIn) computing.delete(key);
    }
  };

  return {
    middleware,
    clear() {
      generation++;
      entries.clear();
      computing.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
