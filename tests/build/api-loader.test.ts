import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiLoader } from '../../src/build/api-loader.ts';
import { readDetails } from '../../src/build/record-details.ts';

const HOSTILE =
  '<p>Shares rose.</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
let feed: { id: number; title: string; description: string }[] = [];
/** Ids the changes feed reports deleted. */
let deleted: number[] = [];
let server: http.Server;
let previousApi: string | undefined;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/content/cursor') res.end(JSON.stringify({ cursor: 7 }));
    else if (url.pathname === '/api/content/news') res.end(JSON.stringify({ data: feed, next: null }));
    else if (url.pathname === '/api/content/changes')
      res.end(
        JSON.stringify({
          changes: [
            ...feed.map((r) => ({ kind: 'news', entityId: r.id, op: 'upsert' })),
            ...deleted.map((id) => ({ kind: 'news', entityId: id, op: 'delete' })),
          ],
          cursor: 8,
          hasMore: false,
        }),
      );
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  previousApi = process.env.SITE_API_URL;
  process.env.SITE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  if (previousApi === undefined) delete process.env.SITE_API_URL;
  else process.env.SITE_API_URL = previousApi;
  await new Promise((resolve) => server.close(resolve));
});

/** The part of Astro's loader context the loader uses, over plain maps. */
function fakeContext(collectionSchema?: z.ZodObject) {
  const entries = new Map<string, { data: Record<string, unknown>; digest: string }>();
  const meta = new Map<string, string>();
  const context = {
    store: {
      set: (entry: { id: string; data: Record<string, unknown>; digest: string }) => entries.set(entry.id, entry),
      has: (id: string) => entries.has(id),
      delete: (id: string) => entries.delete(id),
      clear: () => entries.clear(),
    },
    meta,
    // Astro parses with the collection's schema, which drops the fields it does not name.
    parseData: async ({ data }: { data: Record<string, unknown> }) =>
      collectionSchema ? collectionSchema.parse(data) : data,
    generateDigest: (data: unknown) => JSON.stringify(data),
    logger: { info: () => {}, warn: () => {} },
  } as unknown as LoaderContext;
  return { context, entries };
}

const schema = z.object({ id: z.number(), title: z.string(), description: z.string() });

describe('loading staff HTML for the site build', () => {
  it('stores article bodies sanitized, on a first load and after an edit', async () => {
    feed = [{ id: 1, title: 'Up', description: HOSTILE }];
    const loader = apiLoader({ feed: 'news', kind: 'news', schema, sanitized: ['description'] });
    const { context, entries } = fakeContext();
    await loader.load(context);
    const first = String(entries.get('1')?.data.description);
    expect(first).toContain('<p>Shares rose.</p>');
    expect(first).not.toMatch(/<script|onerror|javascript:/i);

    feed = [{ id: 1, title: 'Up again', description: `${HOSTILE}<svg onload="alert(4)"></svg>` }];
    await loader.load(context);
    const edited = entries.get('1')?.data;
    expect(edited?.title).toBe('Up again');
    expect(String(edited?.description)).not.toMatch(/<script|onerror|onload|javascript:/i);
  });

  it('loads a collection again from the start when its records were stored before they were sanitized', async () => {
    feed = [{ id: 2, title: 'Old', description: HOSTILE }];
    const { context, entries } = fakeContext();
    await apiLoader({ feed: 'news', kind: 'news', schema }).load(context);
    expect(String(entries.get('2')?.data.description)).toContain('<script>');
    // Nothing changed in the feed since, but the stored shape did: everything is loaded (and sanitized) again.
    await apiLoader({ feed: 'news', kind: 'news', schema, sanitized: ['description'] }).load(context);
    expect(String(entries.get('2')?.data.description)).not.toContain('<script>');
  });

  it("keeps an article's body beside the store, renders it again when only the body changes, and removes it with the article", async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-details-'));
    const previousCache = process.env.ASTRO_CACHE_DIR;
    process.env.ASTRO_CACHE_DIR = cacheDir;
    try {
      const stored = schema.omit({ description: true });
      const loader = apiLoader({ feed: 'news', kind: 'news', schema, stored, sanitized: ['description'] });
      const { context, entries } = fakeContext(stored);
      feed = [{ id: 3, title: 'Body apart', description: HOSTILE }];
      deleted = [];
      await loader.load(context);
      expect(entries.get('3')?.data).toEqual({ id: 3, title: 'Body apart' });
      const body = readDetails('news', 3).description;
      expect(body).toContain('<p>Shares rose.</p>');
      expect(body).not.toMatch(/<script|onerror|javascript:/i);
      const digest = entries.get('3')?.digest;

      feed = [{ id: 3, title: 'Body apart', description: '<p>Shares fell.</p>' }];
      await loader.load(context);
      expect(readDetails('news', 3).description).toBe('<p>Shares fell.</p>');
      expect(entries.get('3')?.digest).not.toBe(digest);

      feed = [];
      deleted = [3];
      await loader.load(context);
      expect(entries.has('3')).toBe(false);
      expect(() => readDetails('news', 3)).toThrow(/ENOENT/);
    } finally {
      deleted = [];
      if (previousCache === undefined) delete process.env.ASTRO_CACHE_DIR;
      else process.env.ASTRO_CACHE_DIR = previousCache;
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
