import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import type { AppEnv } from '../../../../src/server/platform/http/context.ts';
import { deadline, limitConcurrency } from '../../../../src/server/platform/http/middleware.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';

/** An app whose /slow answers only when the test lets it. */
function appWith(middleware: MiddlewareHandler<AppEnv>) {
  const waiting: (() => void)[] = [];
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', loadConfig({ TRUST_PROXY: 'true' }));
    c.set('logger', createLogger('silent'));
    c.set('requestId', 'test');
    await next();
  });
  app.use('/slow', middleware);
  app.get('/slow', async (c) => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return c.text('done');
  });
  const release = () => waiting.splice(0).forEach((resolve) => resolve());
  const get = (address: string) => app.request('/slow', { headers: { 'x-forwarded-for': address } });
  return { get, release };
}

describe('the per-address limit on expensive calls', () => {
  it('answers 429 to a client past its share, while others still get in', async () => {
    const { get, release } = appWith(limitConcurrency(2));
    const first = [get('10.0.0.1'), get('10.0.0.1')];
    await new Promise((resolve) => setTimeout(resolve, 10));
    const third = await get('10.0.0.1');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    const other = get('10.0.0.2');
    release();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await other).status).toBe(200);
    // Its share is back once its calls ended.
    const again = get('10.0.0.1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await again).status).toBe(200);
  });
});

describe('the request deadline', () => {
  it('answers 503 to a request still running when it passes', async () => {
    const { get, release } = appWith(deadline(50));
    const response = await get('10.0.0.3');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    release();
  });
});
