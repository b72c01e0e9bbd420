import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItemRecord } from '../../../../src/lib/content-records.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';

let t: TestApp;
let staff: Record<string, string>;
let reader: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
  staff = await staffHeaders(t);
  reader = bearer(await verifiedUser(t, 'reader@example.com'));
});
afterAll(() => t.close());

interface NewsList {
  news: NewsItemRecord[];
  total: number;
}

describe('the video library', () => {
  it('pages enabled videos newest first with every SIC code that has videos', async () => {
    const page = (await t.call('GET', '/api/videos/all?limit=12')).body as {
      data: { id: number; published: string | null; disabled: boolean; sic_code: number }[];
      total: number;
      sic_code: number[];
    };
    expect(page.data).toHaveLength(12);
    expect(page.data.every((v) => !v.disabled)).toBe(true);
    expect(page.sic_code.length).toBeGreaterThan(1);
    const code = page.sic_code[0]!;
    const filtered = (await t.call('GET', `/api/videos/all?sic_code=${code}&limit=50`)).body as typeof page;
    expect(filtered.data.length).toBeGreaterThan(0);
    for (const video of filtered.data) expect(video.sic_code).toBe(code);
  });
});

describe('the console API calls for videos', () => {
  it('add, change and remove a video, taking the sector from the company', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    const bad = await t.call('POST', '/api/tools/videos', {
      json: { name: 'Interview', company_symbol: symbol, youtubeId: 'short' },
      headers: staff,
    });
    expect(bad.status).toBe(400);
    const created = await t.call('POST', '/api/tools/videos', {
      json: { name: 'CEO interview', company_symbol: symbol, youtubeId: 'dQw4w9WgXcQ', exclusive: true },
      headers: staff,
    });
    expect(created.status).toBe(201);
    const video = (created.body as { data: { id: number; version: number; exclusive: boolean } }).data;
    expect(video.exclusive).toBe(true);
    const published = (await t.call('GET', `/api/videos/${video.id}`)).body as { data: { sic_code: number } };
    expect(published.data.sic_code).toBeGreaterThan(99);
    const changed = await t.call('PUT', `/api/tools/videos/${video.id}`, {
      json: { disabled: true, version: video.version },
      headers: staff,
    });
    expect((changed.body as { data: { disabled: boolean } }).data.disabled).toBe(true);
    const listed = (await t.call('GET', '/api/videos/all?limit=100')).body as { data: { id: number }[] };
    expect(listed.data.map((v) => v.id)).not.toContain(video.id);
    expect((await t.call('DELETE', `/api/tools/videos/${video.id}`, { headers: staff })).status).toBe(204);
    expect((await t.call('GET', `/api/videos/${video.id}`)).status).toBe(404);
  });

  it('take the video id out of a pasted watch, share, embed or Shorts link, and say plainly what else is wrong', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    for (const link of [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3s',
      'https://youtu.be/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://youtube.com/shorts/aqz-KE-bpKQ',
    ]) {
      const created = await t.call('POST', '/api/tools/videos', {
        json: { name: `Pasted ${link}`, company_symbol: symbol, youtubeId: link },
        headers: staff,
      });
      expect(created.status, link).toBe(201);
      const video = (created.body as { data: { id: number; youtubeId: string } }).data;
      expect(video.youtubeId, link).toBe('aqz-KE-bpKQ');
      await t.call('DELETE', `/api/tools/videos/${video.id}`, { headers: staff });
    }
    const refused = await t.call('POST', '/api/tools/videos', {
      json: { name: 'Elsewhere', company_symbol: symbol, youtubeId: 'https://vimeo.com/123456789' },
      headers: staff,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toContain('is not a YouTube link or video id');
  });
});

describe('a disabled video', () => {
  it('is served by no public call, while the console still sees it', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    const created = await t.call('POST', '/api/tools/videos', {
      json: { name: 'Pulled interview', company_symbol: symbol, youtubeId: 'dQw4w9WgXcQ', type: 'Interview' },
      headers: staff,
    });
    const id = (created.body as { data: { id: number } }).data.id;
    await t.call('PATCH', '/api/videos/favorites', { json: { videoId: id }, headers: reader });
    await t.call('PUT', `/api/tools/videos/${id}`, { json: { disabled: true, version: 1 }, headers: staff });

    expect((await t.call('GET', `/api/videos/${id}`)).status).toBe(404);
    const feed = (await t.call('GET', `/api/content/videos?ids=${id}`)).body as { data: unknown[] };
    expect(feed.data).toEqual([]);
    const favorites = (await t.call('GET', '/api/videos/favorites', { headers: reader })).body as {
      data: { id: number }[];
    };
    expect(favorites.data.map((v) => v.id)).not.toContain(id);
    const company = (await t.call('GET', `/api/stock/videos/${symbol}`)).body as {
      data: { interview: { id: number } | null };
    };
    expect(company.data.interview?.id).not.toBe(id);
    const console = (await t.call('GET', '/api/tools/videos?limit=100', { headers: staff })).body as {
      data: { id: number }[];
    };
    expect(console.data.map((v) => v.id)).toContain(id);
  });
});
