/**
 * The console API as staff use it (docs/product.md §18.13): every call refused to guests
 * (401) and readers (403), bad input refused field by field, edits based on
 * a replaced version refused (409) without changing anything, and every
 * write in the audit log with who made it and the fields before and after,
 * shown here with news; the other records and the audit log's own listing
 * are in console-api-records.db.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsEditRecord } from '../../../../src/lib/console-records.ts';
import type { TestApp } from '../../../helpers/app.ts';
import { auditReader, body, seedConsoleApi } from './console-api-app.ts';

let t: TestApp;
let staff: Record<string, string>;
let otherStaff: Record<string, string>;
let reader: Record<string, string>;
let client: string;

beforeAll(async () => {
  ({ t, staff, otherStaff, reader, client } = await seedConsoleApi());
}, 120_000);
afterAll(() => t.close());
const audit = auditReader(() => ({ t, staff }));

describe('every console API call', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/tools/news'],
    ['POST', '/api/tools/news', { title: 'x', company_symbol: 'AAA' }],
    ['PUT', '/api/tools/news/1', { title: 'x', version: 1 }],
    ['DELETE', '/api/tools/news/1'],
    ['GET', '/api/tools/events'],
    ['POST', '/api/tools/events', { title: 'x' }],
    ['PUT', '/api/tools/events/1', { title: 'x', version: 1 }],
    ['DELETE', '/api/tools/events/1'],
    ['GET', '/api/tools/videos'],
    ['POST', '/api/tools/videos', { name: 'x', company_symbol: 'AAA', youtubeId: 'dQw4w9WgXcQ' }],
    ['PUT', '/api/tools/videos/1', { name: 'x', version: 1 }],
    ['DELETE', '/api/tools/videos/1'],
    ['POST', '/api/notifications/notifications', { message: 'x', objectId: '1', objectType: 'news' }],
    ['GET', '/api/tools/clients'],
    ['POST', '/api/tools/clients', { company_symbol: 'AAA' }],
    ['PUT', '/api/tools/clients/AAA', { contract: 'x', version: 1 }],
    ['GET', '/api/tools/specialists'],
    ['POST', '/api/tools/company-landing', { company_symbol: 'AAA' }],
    ['GET', '/api/tools/company-landing/AAA'],
    ['PUT', '/api/tools/company-landing/AAA', { title: 'x', version: 1 }],
    ['POST', '/api/tools/management', { company_symbol: 'AAA', name: 'x', title: 'y' }],
    ['GET', '/api/tools/management/AAA'],
    ['PUT', '/api/tools/management/1', { name: 'x', version: 1 }],
    ['DELETE', '/api/tools/management/1'],
    ['GET', '/api/tools/audit'],
  ];

  it('answers 401 to a guest and 403 to a signed-in reader, whatever the body, and changes nothing', async () => {
    const before = await t.call('GET', '/api/tools/audit?limit=1', { headers: staff });
    for (const [method, path, json] of calls) {
      const guest = await t.call(method, path, json ? { json } : {});
      expect(guest.status, `${method} ${path} as guest`).toBe(401);
      const plain = await t.call(method, path, { headers: reader, ...(json && { json }) });
      expect(plain.status, `${method} ${path} as reader`).toBe(403);
      // Even a body that breaks every rule is refused for who asks, not for what it holds.
      if (method !== 'GET') {
        const junk = await t.call(method, path, { headers: reader, json: { nonsense: true } });
        expect(junk.status, `${method} ${path} junk as reader`).toBe(403);
      }
    }
    const after = await t.call('GET', '/api/tools/audit?limit=1', { headers: staff });
    expect((after.body as { total: number }).total).toBe((before.body as { total: number }).total);
  });
});

describe('news in the console', () => {
  it('is searched and paged on the server, newest first', async () => {
    const all = (await t.call('GET', '/api/tools/news?limit=5', { headers: staff })).body as {
      news: NewsEditRecord[];
      total: number;
    };
    expect(all.news).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    const dates = all.news.map((n) => n.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const word = all.news[0]!.title.split(/\s+/).find((w) => w.length > 4)!;
    const found = (await t.call('GET', `/api/tools/news?q=${encodeURIComponent(word)}`, { headers: staff })).body as {
      news: NewsEditRecord[];
      total: number;
    };
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    for (const item of found.news) expect(`${item.title} ${item.summary}`.toLowerCase()).toContain(word.toLowerCase());
    const second = (await t.call('GET', '/api/tools/news?limit=5&page=2', { headers: staff })).body as {
      news: NewsEditRecord[];
    };
    expect(second.news.map((n) => n.id)).not.toContain(all.news[0]!.id);
  });

  it('refuses a stale edit with 409 and a clear sentence, and keeps the newer edit', async () => {
    const created = body<NewsEditRecord>(
      await t.call('POST', '/api/tools/news', { json: { title: 'Original', company_symbol: client }, headers: staff }),
    );
    expect(created.version).toBe(1);
    const first = await t.call('PUT', `/api/tools/news/${created.id}`, {
      json: { title: 'First editor wins', version: 1 },
      headers: otherStaff,
    });
    expect(first.status).toBe(200);
    expect(body<NewsEditRecord>(first).version).toBe(2);
    const stale = await t.call('PUT', `/api/tools/news/${created.id}`, {
      json: { title: 'Second editor, stale', version: 1 },
      headers: staff,
    });
    expect(stale.status).toBe(409);
    expect((stale.body as { message: string }).message).toBe(
      'This news article was changed by someone else after you opened it. Reload it to see their changes, then make yours again.',
    );
    const staleDelete = await t.call('DELETE', `/api/tools/news/${created.id}?version=1`, { headers: staff });
    expect(staleDelete.status).toBe(409);
    const now = body<{ title: string }>(await t.call('GET', `/api/news/${created.id}`));
    expect(now.title).toBe('First editor wins');
    expect((await t.call('DELETE', `/api/tools/news/${created.id}?version=2`, { headers: staff })).status).toBe(204);
  });

  it('lets exactly one of two concurrent saves of the same version through', async () => {
    const created = body<NewsEditRecord>(
      await t.call('POST', '/api/tools/news', { json: { title: 'Race', company_symbol: client }, headers: staff }),
    );
    const answers = await Promise.all(
      ['Editor A', 'Editor B', 'Editor C'].map((title, i) =>
        t.call('PUT', `/api/tools/news/${created.id}`, {
          json: { title, version: 1 },
          headers: i % 2 ? otherStaff : staff,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = body<NewsEditRecord>(answers.find((a) => a.status === 200)!);
    expect(body<{ title: string }>(await t.call('GET', `/api/news/${created.id}`)).title).toBe(winner.title);
    expect(winner.version).toBe(2);
  });

  it('writes who changed what to the audit log, only the changed fields for an update', async () => {
    const created = body<NewsEditRecord>(
      await t.call('POST', '/api/tools/news', {
        json: { title: 'Audited', company_symbol: client, source: 'Wire' },
        headers: staff,
      }),
    );
    await t.call('PUT', `/api/tools/news/${created.id}`, {
      json: { title: 'Audited, retitled', version: 1 },
      headers: otherStaff,
    });
    await t.call('DELETE', `/api/tools/news/${created.id}`, { headers: staff });
    const entries = await audit('news', String(created.id));
    expect(entries.map((e) => [e.action, e.actor.email])).toEqual([
      ['delete', 'editor@example.com'],
      ['update', 'second-editor@example.com'],
      ['create', 'editor@example.com'],
    ]);
    const [deleted, updated, made] = entries;
    expect(made!.before).toBeNull();
    expect(made!.after).toMatchObject({ title: 'Audited', source: 'Wire', companySymbol: client });
    expect(updated!.before).toEqual(expect.objectContaining({ title: 'Audited', version: 1 }));
    expect(updated!.after).toEqual(expect.objectContaining({ title: 'Audited, retitled', version: 2 }));
    expect(Object.keys(updated!.after as object)).not.toContain('source');
    expect(deleted!.before).toMatchObject({ title: 'Audited, retitled' });
    expect(deleted!.after).toBeNull();
    for (const entry of entries) expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });
});
