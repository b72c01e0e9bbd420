import type { NewsEditRecord } from '../../../../src/lib/console-records.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsArticleRecord, NewsItemRecord } from '../../../../src/lib/content-records.ts';
import { HOSTILE_SNIPPETS } from '../../../../src/server/demo/content.ts';
import { rowsOf } from '../../../../src/server/platform/db/client.ts';
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

type NewsItem = NewsItemRecord & { isFavorite: boolean };
type Article = NewsArticleRecord & { isFavorite: boolean };
interface NewsList {
  news: NewsItem[];
  total: number;
}

const newest = (items: { published_at: string }[]) =>
  expect(items.map((n) => n.published_at)).toEqual(
    items
      .map((n) => n.published_at)
      .sort()
      .reverse(),
  );

describe('the news lists', () => {
  it('page every article newest first, ten by default, with the company and its sector', async () => {
    const first = (await t.call('GET', '/api/news/all')).body as NewsList;
    const second = (await t.call('GET', '/api/news/all?page=2')).body as NewsList;
    expect(first.news).toHaveLength(10);
    // The total counts every article, not the page: the demo's two years of news.
    const [stored] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from news`));
    expect(first.total).toBe(stored!.n);
    expect(first.total).toBeGreaterThan(300);
    newest([...first.news, ...second.news]);
    expect(first.news[0]!.Company?.sector_name).toBeTruthy();
  });

  it('group the newest two of every sector, sectors in alphabetical order', async () => {
    const { data } = (await t.call('GET', '/api/news/bySector')).body as {
      data: { sector: string; news: NewsItem[] }[];
    };
    const sectors = data.map((g) => g.sector);
    expect(sectors).toEqual([...sectors].sort());
    for (const group of data) {
      expect(group.news.length).toBeLessThanOrEqual(2);
      for (const item of group.news) expect(item.Company?.sector_name).toBe(group.sector);
    }
  });

  it('page one sector, client news from page 0, and a company’s news with its page count', async () => {
    const sector = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.Company!.sector_name;
    const bySector = (await t.call('GET', `/api/news/sector?sector=${encodeURIComponent(sector)}&limit=5`))
      .body as NewsList;
    expect(bySector.news.length).toBeGreaterThan(0);
    for (const item of bySector.news) expect(item.Company?.sector_name).toBe(sector);

    const clients = (await t.call('GET', '/api/news/top/clients')).body as NewsList;
    expect(clients.news.length).toBeLessThanOrEqual(4);
    for (const item of clients.news) expect(item.Company?.is_client).toBe(true);

    const symbol = bySector.news[0]!.company_symbol!;
    const company = (await t.call('GET', `/api/news/symbol/${symbol}?limit=3`)).body as {
      data: NewsItem[];
      currentPage: number;
      totalPages: number;
    };
    expect(company.currentPage).toBe(1);
    expect(company.totalPages).toBeGreaterThanOrEqual(1);
    for (const item of company.data) expect(item.company_symbol).toBe(symbol);
  });

  it('list the weekly newsletters, each with the address of its web version', async () => {
    const { news } = (await t.call('GET', '/api/news/newsLetters')).body as NewsList;
    expect(news.length).toBeGreaterThan(100);
    for (const item of news) {
      expect(item.rc_newsletter).toBe(true);
      expect(item.newsLetterURL).toBe(`/news/${item.id}`);
    }
  });

  it('search titles word by word, newsletters only when asked, paging from 0', async () => {
    const all = (await t.call('GET', '/api/news/search?text=weekly&size=5')).body as NewsList;
    expect(all.news.length).toBeGreaterThan(0);
    for (const item of all.news) expect(item.title.toLowerCase()).toContain('weekly');
    const letters = (await t.call('GET', '/api/news/search?text=small%20caps&type=newsletter&page=1&size=3'))
      .body as NewsList;
    for (const item of letters.news) expect(item.rc_newsletter).toBe(true);
    const none = (await t.call('GET', '/api/news/search?text=%25%25%25')).body as NewsList;
    expect(none.total).toBe(0);
  });

  it('answer 404 with the text of docs/product.md for an unknown article and 400 for a bad id', async () => {
    const missing = await t.call('GET', '/api/news/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'No article found.' });
    expect((await t.call('GET', '/api/news/abc')).status).toBe(400);
    expect((await t.call('GET', '/api/news/all?limit=100000')).status).toBe(400);
  });
});

describe('an article’s picture', () => {
  it('is its generated cover when staff give none, in the lists, the article and the build feed alike', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    const created = await t.call('POST', '/api/tools/news', {
      json: { title: 'Pictureless contract news', company_symbol: symbol, published_at: '2099-01-01T15:00:00Z' },
      headers: staff,
    });
    const { id, version } = (created.body as { data: NewsEditRecord }).data;
    const cover = new RegExp(`^/api/covers/news/${id}\\.svg\\?v=${version}$`);
    const listed = ((await t.call('GET', '/api/news/all?limit=1')).body as NewsList).news[0]!;
    expect(listed.id).toBe(id);
    expect(listed.thumbnail).toMatch(cover);
    expect(((await t.call('GET', `/api/news/${id}`)).body as { data: Article }).data.thumbnail).toMatch(cover);
    const built = (await t.call('GET', `/api/content/news?ids=${id}`)).body as { data: Article[] };
    expect(built.data[0]?.thumbnail).toMatch(cover);

    const picture = await t.call('GET', listed.thumbnail!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    expect(picture.text).toContain(`>${symbol}<`);
    expect(picture.text).toContain(listed.Company!.sector_name.toUpperCase());
    // A real article's picture does not say it is a demo image.
    expect(picture.text).not.toContain('demo image');

    // Staff's own picture is kept, and staff still see that they gave none.
    const staffView = (await t.call('GET', `/api/tools/news?q=Pictureless`, { headers: staff })).body as {
      news: NewsEditRecord[];
    };
    expect(staffView.news[0]?.thumbnail).toBeNull();
    await t.call('PUT', `/api/tools/news/${id}`, {
      json: { thumbnail: 'https://images.example/contract.png', version },
      headers: staff,
    });
    expect(((await t.call('GET', `/api/news/${id}`)).body as { data: Article }).data.thumbnail).toBe(
      'https://images.example/contract.png',
    );
    await t.call('DELETE', `/api/tools/news/${id}`, { headers: staff });
    expect((await t.call('GET', `/api/covers/news/${id}.svg`)).status).toBe(404);
  });
});

describe('the console API calls for news', () => {
  it('are for staff only', async () => {
    expect((await t.call('GET', '/api/tools/news')).status).toBe(401);
    expect((await t.call('GET', '/api/tools/news', { headers: reader })).status).toBe(403);
    expect((await t.call('POST', '/api/tools/news', { json: { title: 'x' }, headers: reader })).status).toBe(403);
    expect((await t.call('GET', '/api/tools/news', { headers: staff })).status).toBe(200);
  });

  it('require a title and a company symbol, and a known company', async () => {
    const noTitle = await t.call('POST', '/api/tools/news', { json: { company_symbol: 'AAA' }, headers: staff });
    expect(noTitle.status).toBe(400);
    const noSymbol = await t.call('POST', '/api/tools/news', { json: { title: 'Hello' }, headers: staff });
    expect(noSymbol.status).toBe(400);
    const unknown = await t.call('POST', '/api/tools/news', {
      json: { title: 'Hello', company_symbol: 'ZZZZZZ' },
      headers: staff,
    });
    expect(unknown.status).toBe(404);
    const badLink = await t.call('POST', '/api/tools/news', {
      json: { title: 'Hello', company_symbol: 'AAA', thumbnail: 'javascript:alert(1)' },
      headers: staff,
    });
    expect(badLink.status).toBe(400);
  });

  it('create, update and delete an article, sanitizing its HTML and recording each change', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    const { cursor: before } = (await t.call('GET', '/api/content/cursor')).body as { cursor: number };
    const hostile = HOSTILE_SNIPPETS.join('\n');
    const created = await t.call('POST', '/api/tools/news', {
      json: {
        title: 'Fresh contract',
        company_symbol: symbol.toLowerCase(),
        published_at: '2026-11-21T15:00:00Z',
        description: `<h2>Detail</h2><p>Safe <a href="https://example.com">link</a></p>${hostile}`,
      },
      headers: staff,
    });
    expect(created.status).toBe(201);
    const article = (created.body as { data: NewsEditRecord }).data;
    expect(article.company_symbol).toBe(symbol);
    expect(article.description).toContain('<h2>Detail</h2>');
    expect(article.description).toContain('rel="noopener noreferrer nofollow"');
    for (const bad of ['<script', 'onerror', 'javascript:', '<iframe', '<svg', 'onload', '<form', 'style=', '<math']) {
      expect(article.description).not.toContain(bad);
    }

    const updated = await t.call('PUT', `/api/tools/news/${article.id}`, {
      json: { title: 'Fresh contract, updated', version: article.version },
      headers: staff,
    });
    expect((updated.body as { data: NewsEditRecord }).data).toMatchObject({
      title: 'Fresh contract, updated',
      version: article.version + 1,
    });
    expect(((await t.call('GET', `/api/news/${article.id}`)).body as { data: Article }).data.title).toBe(
      'Fresh contract, updated',
    );

    expect((await t.call('DELETE', `/api/tools/news/${article.id}`, { headers: staff })).status).toBe(204);
    expect((await t.call('GET', `/api/news/${article.id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/api/tools/news/${article.id}`, { headers: staff })).status).toBe(404);

    const feed = (await t.call('GET', `/api/content/changes?since=${before}`)).body as {
      changes: { kind: string; entityId: number; op: string }[];
      cursor: number;
    };
    expect(feed.changes.map((c) => [c.kind, c.entityId, c.op])).toEqual([
      ['news', article.id, 'upsert'],
      ['news', article.id, 'upsert'],
      ['news', article.id, 'delete'],
    ]);
    const after = (await t.call('GET', `/api/content/changes?since=${feed.cursor}`)).body as { changes: unknown[] };
    expect(after.changes).toEqual([]);
  });

  it('keeps the summary staff wrote when only the body is edited, and the audit log shows no change to it', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    const created = await t.call('POST', '/api/tools/news', {
      json: {
        title: 'Summary kept',
        company_symbol: symbol,
        summary: 'What staff wrote for the list.',
        description: '<p>The first body.</p>',
      },
      headers: staff,
    });
    const article = (created.body as { data: NewsEditRecord }).data;
    expect(article.summary).toBe('What staff wrote for the list.');

    const edited = await t.call('PUT', `/api/tools/news/${article.id}`, {
      json: { description: '<p>A rewritten body that says something else entirely.</p>', version: article.version },
      headers: staff,
    });
    expect(edited.status).toBe(200);
    expect((edited.body as { data: NewsEditRecord }).data.summary).toBe('What staff wrote for the list.');
    const page = (await t.call('GET', `/api/tools/news?q=${encodeURIComponent('Summary kept')}`, { headers: staff }))
      .body as { news: NewsEditRecord[] };
    expect(page.news.map((n) => n.summary)).toEqual(['What staff wrote for the list.']);
    const log = (await t.call('GET', `/api/tools/audit?kind=news&key=${article.id}`, { headers: staff })).body as {
      data: { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    };
    const update = log.data.find((entry) => entry.action === 'update')!;
    expect(Object.keys(update.after)).toContain('description');
    expect(Object.keys(update.after)).not.toContain('summary');
  });

  it('summarises an article by the start of its body when it has no summary, and again when staff clear it', async () => {
    const symbol = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.company_symbol!;
    const created = await t.call('POST', '/api/tools/news', {
      json: { title: 'Summary derived', company_symbol: symbol, description: '<p>Opening words.</p><p>More.</p>' },
      headers: staff,
    });
    const article = (created.body as { data: NewsEditRecord }).data;
    expect(article.summary).toBe('Opening words. More.');

    const cleared = await t.call('PUT', `/api/tools/news/${article.id}`, {
      json: { summary: '', description: '<p>New opening.</p>', version: article.version },
      headers: staff,
    });
    expect((cleared.body as { data: NewsEditRecord }).data.summary).toBe('New opening.');
  });

  it('refuses an empty update and unknown fields', async () => {
    const id = ((await t.call('GET', '/api/news/all')).body as NewsList).news[0]!.id;
    expect((await t.call('PUT', `/api/tools/news/${id}`, { json: { version: 1 }, headers: staff })).status).toBe(400);
    expect(
      (await t.call('PUT', `/api/tools/news/${id}`, { json: { role: 'x', version: 1 }, headers: staff })).status,
    ).toBe(400);
  });
});
