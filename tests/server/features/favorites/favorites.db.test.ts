/**
 * Favorites: a signed-in reader keeps companies, articles, videos and
 * webinars, flips each in and out, and lists them; guests are refused, and
 * an unknown item is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsArticleRecord, NewsItemRecord } from '../../../../src/lib/content-records.ts';
import { companies } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';

let t: TestApp;
let reader: Record<string, string>;
let token: string;
let client: string;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
  reader = bearer(await verifiedUser(t, 'reader@example.com'));
  token = await verifiedUser(t, 'analyst-reader@example.com');
  const rows = await t.database.db.select().from(companies).orderBy(companies.symbol);
  client = rows.find((r) => r.isClient)!.symbol;
});
afterAll(() => t.close());

type NewsItem = NewsItemRecord & { isFavorite: boolean };
type Article = NewsArticleRecord & { isFavorite: boolean };
interface NewsList {
  news: NewsItem[];
  total: number;
}

const get = async <T>(path: string, headers: Record<string, string> = {}) => {
  const res = await t.call('GET', path, { headers });
  return { status: res.status, body: res.body as T, headers: res.headers, text: res.text };
};

describe('company favorites', () => {
  it('keeps favorites for signed-in users only and refuses unknown symbols', async () => {
    expect((await t.call('GET', '/api/stock/favorites')).status).toBe(401);
    expect((await t.call('PATCH', '/api/stock/favorites', { json: { symbol: 'AAA' } })).status).toBe(401);
    const token = await verifiedUser(t, 'fan2@example.com');
    const unknown = await t.call('PATCH', '/api/stock/favorites', {
      json: { symbol: 'ZZZZZ' },
      headers: bearer(token),
    });
    expect(unknown.status).toBe(404);
    const bad = await t.call('PATCH', '/api/stock/favorites', {
      json: { symbol: "x'; drop table users" },
      headers: bearer(token),
    });
    expect(bad.status).toBe(400);
  });
});

describe('news favorites', () => {
  it('flip an article in and out for a signed-in reader and list it', async () => {
    const id = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.id;
    const on = await t.call('PATCH', '/api/news/favorites', { json: { newsId: id }, headers: reader });
    expect(on.body).toEqual({ data: { newsId: id, isFavorite: true } });
    const list = (await t.call('GET', '/api/news/favorites', { headers: reader })).body as { news: NewsItem[] };
    expect(list.news.map((n) => n.id)).toEqual([id]);
    const article = (await t.call('GET', `/api/news/${id}`, { headers: reader })).body as { data: Article };
    expect(article.data.isFavorite).toBe(true);
    const off = await t.call('PATCH', '/api/news/favorites', { json: { newsId: id }, headers: reader });
    expect(off.body).toEqual({ data: { newsId: id, isFavorite: false } });
  });

  it('need a session and an existing article', async () => {
    expect((await t.call('GET', '/api/news/favorites')).status).toBe(401);
    expect((await t.call('PATCH', '/api/news/favorites', { json: { newsId: 1 } })).status).toBe(401);
    const missing = await t.call('PATCH', '/api/news/favorites', { json: { newsId: 999999 }, headers: reader });
    expect(missing.status).toBe(404);
  });
});

describe('video favorites', () => {
  it('keeps favorites per reader, flipping after the call', async () => {
    const id = ((await t.call('GET', '/api/videos/all?limit=1')).body as { data: { id: number }[] }).data[0]!.id;
    const on = await t.call('PATCH', '/api/videos/favorites', { json: { videoId: id }, headers: reader });
    expect(on.body).toEqual({ data: { videoId: id, isFavorite: true } });
    const list = (await t.call('GET', '/api/videos/favorites', { headers: reader })).body as { data: { id: number }[] };
    expect(list.data.map((v) => v.id)).toEqual([id]);
    expect((await t.call('GET', '/api/videos/987654')).status).toBe(404);
  });
});

describe('webinar favorites', () => {
  it('toggle by eventId or webinarId, and list with the company and picture', async () => {
    const email = `fav.${Date.now()}@example.com`;
    const headers = bearer(await verifiedUser(t, email));
    const { data } = (await t.call('GET', '/api/events/all?tab=upcoming&pageSize=50')).body as {
      data: { id: number; company_symbol: string | null }[];
    };
    // Company webinars (the tests above add some of their own without one, which may come sooner).
    const [a, b] = data.filter((e) => e.company_symbol);
    expect((await t.call('PATCH', '/api/events/favorites', { json: { eventId: a!.id }, headers })).status).toBe(200);
    expect((await t.call('PATCH', '/api/events/favorites', { json: { webinarId: b!.id }, headers })).status).toBe(200);
    const listed = (await t.call('GET', '/api/events/favorites', { headers })).body as {
      data: { id: number; isFavorite: boolean; Company: { name: string } | null; image_url: string | null }[];
    };
    expect(listed.data.map((e) => e.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(listed.data.every((e) => e.isFavorite && e.Company && e.image_url)).toBe(true);
    const both = await t.call('PATCH', '/api/events/favorites', {
      json: { eventId: a!.id, webinarId: b!.id },
      headers,
    });
    expect(both.status).toBe(400);
  });
});

describe('favorite webinars on a client’s page', () => {
  it('finds an event by its zoom id and keeps a signed-in user’s favorite webinars', async () => {
    const [first] = (await get<{ data: { id: number; zoom_id: string }[] }>(`/api/events/company/${client}`)).body.data;
    const found = await get<{ data: { id: number } }>(`/api/events/ZoomId?zoom_id=${first!.zoom_id}`);
    expect(found.body.data.id).toBe(first!.id);
    expect((await get(`/api/events/ZoomId?zoom_id=123456789`)).status).toBe(404);
    expect((await t.call('PATCH', '/api/events/favorites', { json: { eventId: first!.id } })).status).toBe(401);
    const on = await t.call('PATCH', '/api/events/favorites', { json: { eventId: first!.id }, headers: bearer(token) });
    expect(on.body).toEqual({ data: { eventId: first!.id, isFavorite: true } });
    const mine = await get<{ data: { id: number }[] }>('/api/events/favorites', bearer(token));
    expect(mine.body.data.map((w) => w.id)).toContain(first!.id);
    const listed = await get<{ data: { id: number; isFavorite: boolean }[] }>(
      `/api/events/company/${client}`,
      bearer(token),
    );
    expect(listed.body.data.find((w) => w.id === first!.id)?.isFavorite).toBe(true);
    await t.call('PATCH', '/api/events/favorites', { json: { eventId: first!.id }, headers: bearer(token) });
    expect((await get<{ data: unknown[] }>('/api/events/favorites', bearer(token))).body.data).toEqual([]);
    const missing = await t.call('PATCH', '/api/events/favorites', {
      json: { eventId: 999999 },
      headers: bearer(token),
    });
    expect(missing.status).toBe(404);
  });
});
