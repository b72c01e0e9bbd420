/** One page of a list and the size of the whole list, from one helper. */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../../../src/server/features/news/tables.ts';
import { paged, rowCount } from '../../../../src/server/platform/db/paged.ts';
import type { Db } from '../../../../src/server/platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.ts';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  await db.insert(news).values(
    Array.from({ length: 5 }, (_, i) => ({
      title: `Article ${i + 1}`,
      publishedAt: new Date(Date.UTC(2026, 0, i + 1)),
      rcNewsletter: i % 2 === 0,
    })),
  );
}, 120_000);
afterAll(() => t.close());

const titles = (rows: { title: string }[]) => rows.map((r) => r.title);
const page = (where: ReturnType<typeof eq> | undefined, n: number, pageSize: number) =>
  paged(
    db.select({ title: news.title }).from(news).where(where).orderBy(asc(news.publishedAt)),
    rowCount(db).from(news).where(where),
    { page: n, pageSize },
  );

describe('paged()', () => {
  it('answers the rows of the page asked for and the number of rows in every page', async () => {
    expect(await page(undefined, 1, 2)).toEqual({ rows: [{ title: 'Article 1' }, { title: 'Article 2' }], total: 5 });
    expect(titles((await page(undefined, 3, 2)).rows)).toEqual(['Article 5']);
  });

  it('counts with the list’s conditions', async () => {
    const newsletters = await page(eq(news.rcNewsletter, true), 1, 10);
    expect(titles(newsletters.rows)).toEqual(['Article 1', 'Article 3', 'Article 5']);
    expect(newsletters.total).toBe(3);
  });

  it('answers no rows past the end, and still the whole total', async () => {
    expect(await page(undefined, 4, 2)).toEqual({ rows: [], total: 5 });
  });
});
