import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../../../src/server/features/accounts/index.ts';
import type { AppEnv } from '../../../../src/server/platform/http/context.ts';
import { createResponseCache } from '../../../../src/server/platform/http/response-cache.ts';

/** A news list whose answer counts how often it was computed; `x-user` signs the request in. */
function newsApp(ttlMs = 10_000, maxEntries = 100) {
  const cache = createResponseCache({ ttlMs, maxEntries, maxBodyBytes: 1024 });
  let computed = 0;
  let release: (() => void) | null = null;
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    if (c.req.header('x-user')) c.set('user', { id: 1 } as UserRow);
    await next();
  });
  app.use('*', cache.middleware);
  app.get('/news/all', (c) => c.json({ news: [`article ${++computed}`], page: c.req.query('page') ?? '1' }));
  app.get('/news/slow', async (c) => {
    const n = ++computed;
    await new Promise<void>((resolve) => (release = resolve));
    return c.json({ news: [`article ${n}`] });
  });
  app.get('/news/missing', (c) => c.json({ message: 'not found' }, 404));
  app.get('/news/kept-briefly', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ news: [`article ${++computed}`] });
  });
  app.get('/news/big', (c) => c.json({ news: ['x'.repeat(2000)] }));
  const read = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.request(path, { headers });
    return { status: response.status, body: (await response.json()) as { news: string[]; page?: string } };
  };
  return { app, cache, read, computed: () => computed, release: () => release?.() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the public answers cache', () => {
  it('computes an anonymous list once and serves every reader the same answer', async () => {
    const { read, computed } = newsApp();
    expect((await read('/news/all')).body.news).toEqual(['article 1']);
    expect((await read('/news/all')).body.news).toEqual(['article 1']);
    expect(computed()).toBe(1);
  });

  it('keeps each query apart', async () => {
    const { read } = newsApp();
    expect((await read('/news/all?page=2')).body).toEqual({ news: ['article 1'], page: '2' });
    expect((await read('/news/all?page=3')).body).toEqual({ news: ['article 2'], page: '3' });
  });

  it('answers afresh after content changed', async () => {
    const { read, cache } = newsApp();
    await read('/news/all');
    cache.clear();
    expect((await read('/news/all')).body.news).toEqual(['article 2']);
  });

  it('answers afresh once the answer is older than its time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { read } = newsApp(5_000);
    await read('/news/all');
    vi.advanceTimersByTime(4_000);
    expect((await read('/news/all')).body.news).toEqual(['article 1']);
    vi.advanceTimersByTime(2_000);
    expect((await read('/news/all')).body.news).toEqual(['article 2']);
  });

  it('never reuses a signed-in reader’s answer, nor gives them an anonymous one', async () => {
    const { read, computed } = newsApp();
    await read('/news/all');
    expect((await read('/news/all', { 'x-user': '1' })).body.news).toEqual(['article 2']);
    expect((await read('/news/all', { 'x-user': '1' })).body.news).toEqual(['article 3']);
    expect(computed()).toBe(3);
  });

  it('does not keep errors or answers too large to keep', async () => {
    const { read, cache } = newsApp();
    expect((await read('/news/missing')).status).toBe(404);
    await read('/news/big');
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer computed before a change that landed while it was computed', async () => {
    const { read, cache, release } = newsApp();
    const pending = read('/news/slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.clear();
    release();
    expect((await pending).body.news).toEqual(['article 1']);
    expect(cache.size).toBe(0);
  });

  it('computes an answer once for a crowd of readers asking while it is being computed', async () => {
    const { read, computed, release } = newsApp();
    const crowd = Array.from({ length: 20 }, () => read('/news/slow'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const answers = await Promise.all(crowd);
    expect(answers.every((answer) => answer.status === 200 && answer.body.news[0] === 'article 1')).toBe(true);
    expect(computed()).toBe(1);
  });

  it('lets readers who waited on an answer it could not keep compute their own', async () => {
    const { app } = newsApp();
    app.get('/news/slow-missing', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return c.json({ message: 'not found' }, 404);
    });
    const statuses = await Promise.all(
      Array.from({ length: 3 }, async () => (await app.request('/news/slow-missing')).status),
    );
    expect(statuses).toEqual([404, 404, 404]);
  });

  it('serves a kept answer with its caching instructions for browsers', async () => {
    const { app } = newsApp();
    await app.request('/news/kept-briefly');
    const again = await app.request('/news/kept-briefly');
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('keeps the most recently read answers when it is full', async () => {
    const { read, computed } = newsApp(10_000, 2);
    await read('/news/all?page=1');
    await read('/news/all?page=2');
    await read('/news/all?page=1');
    await read('/news/all?page=3');
    expect(computed()).toBe(3);
    await read('/news/all?page=1');
    expect(computed()).toBe(3);
    await read('/news/all?page=2');
    expect(computed()).toBe(4);
  });
});
