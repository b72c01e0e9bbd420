import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItemRecord } from '../../../../src/lib/content-records.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 60 });
});
afterAll(() => t.close());

interface NewsList {
  news: NewsItemRecord[];
  total: number;
}

describe('cover images', () => {
  it('are SVG pictures for companies, videos and newsletters that cannot run scripts', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    for (const path of [
      `/api/covers/company/${symbol}.svg?v=2`,
      `/api/covers/video/${symbol}.svg?type=Interview`,
      '/api/covers/newsletter/20261120.svg',
      '/api/covers/video.svg?symbol=ABC&title=Quarterly%20call&type=Interview',
      '/api/covers/video.svg',
    ]) {
      const response = await t.call('GET', path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.text).toContain('<svg');
    }
    expect((await t.call('GET', '/api/covers/company/NOPE.svg')).status).toBe(404);
  });
});
