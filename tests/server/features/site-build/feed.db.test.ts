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
