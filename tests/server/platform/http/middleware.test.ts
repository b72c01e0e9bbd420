import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import type { AppEnv } from '../../../../src/server/platform/http/context.ts';
import {
  deadline,
  limitBodySize,
  limitConcurrency,
  requestContext,
} from '../../../../src/server/platform/http/middleware.ts';
import type { Db } from '../../../../src/server/platform/db/client.ts';
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

describe('the headers every answer carries', () => {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext({ config: loadConfig({}), db: {} as Db, logger: createLogger('silent') }));
  app.get('/json', (c) => c.json({ ok: true }));
  app.get('/own-policy', (c) => c.html('<p>styled</p>', 200, { 'Content-Security-Policy': "style-src 'self'" }));
  // Response.redirect's headers cannot be changed in place.
  app.get('/moved', () => Response.redirect('https://example.com/elsewhere', 301));

  it('are added to a handler’s answer without touching its status or body', async () => {
    const response = await app.request('/json', { headers: { 'x-request-id': 'abc-123' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-request-id')).toBe('abc-123');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('keep the content security policy a route set for itself', async () => {
    const response = await app.request('/own-policy');
    expect(response.headers.get('content-security-policy')).toBe("style-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await response.text()).toBe('<p>styled</p>');
  });

  it('reach an answer whose own headers cannot be changed', async () => {
    const response = await app.request('/moved');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('https://example.com/elsewhere');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the request body limit', () => {
  const app = new Hono<AppEnv>();
  app.use('*', limitBodySize(10));
  app.post('/echo', async (c) => c.text(await c.req.text()));
  app.get('/echo', (c) => c.text('read'));
  const streamed = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of text.match(/.{1,4}/g) ?? []) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    app.request('/echo', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('refuses a body whose declared length is over the limit, before reading it', async () => {
    const response = await post('x'.repeat(11), { 'content-length': '11' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('counts a body sent without a length, and refuses it once past the limit', async () => {
    expect((await post(streamed('a'.repeat(11)))).status).toBe(413);
    const within = await post(streamed('0123456789'));
    expect(within.status).toBe(200);
    expect(await within.text()).toBe('0123456789');
  });

  it('passes bodies within the limit and requests without a body', async () => {
    const declared = await post('hello', { 'content-length': '5' });
    expect(await declared.text()).toBe('hello');
    expect(await (await app.request('/echo')).text()).toBe('read');
  });
});
