import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsArticleRecord } from '../../../../src/lib/content-records.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
});
afterAll(() => t.close());

type Article = NewsArticleRecord;

describe('the build feed', () => {
  it('hands out the newest articles and videos, and the client companies alone, for a new site’s first pages', async () => {
    const newest = (await t.call('GET', '/api/content/news?newest=5')).body as {
      data: { id: number; published_at: string }[];
      next: number | null;
    };
    expect(newest.data).toHaveLength(5);
    expect(newest.next).toBeNull();
    const dates = newest.data.map((a) => a.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const list = (await t.call('GET', '/api/news/all?limit=1')).body as { news: { id: number }[] };
    expect(newest.data[0]!.id).toBe(list.news[0]!.id);
    const videos = (await t.call('GET', '/api/content/videos?newest=3')).body as { data: unknown[] };
    expect(videos.data).toHaveLength(3);
    const clients = (await t.call('GET', '/api/content/companies?clients=true')).body as {
      data: { client: unknown }[];
      next: number | null;
    };
    expect(clients.data.length).toBeGreaterThan(0);
    expect(clients.data.every((c) => c.client)).toBe(true);
    expect(clients.next).toBeNull();
    const everyone = (await t.call('GET', '/api/content/companies?limit=1000')).body as { data: unknown[] };
    expect(everyone.data.length).toBeGreaterThan(clients.data.length);
    expect((await t.call('GET', '/api/content/news?newest=0')).status).toBe(400);
    expect((await t.call('GET', '/api/content/companies?clients=yes')).status).toBe(400);
  });

  it('hands out every article in id order, with bodies, a page at a time', async () => {
    const first = (await t.call('GET', '/api/content/news?limit=50')).body as { data: Article[]; next: number };
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.description.length).toBeGreaterThan(50);
    const second = (await t.call('GET', `/api/content/news?after=${first.next}&limit=50`)).body as {
      data: Article[];
    };
    expect(Math.min(...second.data.map((a) => a.id))).toBeGreaterThan(first.next);
    const byIds = (await t.call('GET', `/api/content/news?ids=${first.data[0]!.id},${first.data[1]!.id}`)).body as {
      data: Article[];
    };
    expect(byIds.data).toHaveLength(2);
    expect((await t.call('GET', '/api/content/news?ids=1,x')).status).toBe(400);
  });
});
