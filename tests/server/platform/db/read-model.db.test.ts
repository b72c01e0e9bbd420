/** A read model reads as its table does: in joins, filters, counts and raw SQL, with the table's rows and names. */
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../../../src/server/features/news/tables.ts';
import { videos } from '../../../../src/server/features/videos/tables.ts';
import { VIDEO_TYPES } from '../../../../src/lib/content-records.ts';
import { readModel } from '../../../../src/server/platform/db/read-model.ts';
import { rowsOf, type Db } from '../../../../src/server/platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.ts';

const newsView = readModel(news);

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  await db.insert(news).values(
    ['First', 'Second', 'Third'].map((title, i) => ({
      title,
      publishedAt: new Date(Date.UTC(2026, 0, i + 1)),
      rcNewsletter: i !== 1,
    })),
  );
  await db.insert(videos).values({ name: 'Second', youtubeId: 'abcdefghijk', type: VIDEO_TYPES[0] });
}, 120_000);
afterAll(() => t.close());

describe('readModel()', () => {
  it('answers the table’s rows, filtered, ordered and counted as the table would be', async () => {
    const rows = await db
      .select({ title: newsView.title })
      .from(newsView)
      .where(eq(newsView.rcNewsletter, true))
      .orderBy(asc(newsView.publishedAt));
    expect(rows.map((r) => r.title)).toEqual(['First', 'Third']);
    expect(await db.select({ n: count() }).from(newsView)).toEqual([{ n: 3 }]);
  });

  it('joins another table on its columns', async () => {
    const rows = await db
      .select({ video: videos.name, newsletter: newsView.rcNewsletter })
      .from(videos)
      .innerJoin(newsView, eq(videos.name, newsView.title));
    expect(rows).toEqual([{ video: 'Second', newsletter: false }]);
  });

  it('carries the table’s name, so raw SQL that names the table’s columns reads it', async () => {
    const rows = rowsOf<{ title: string }>(
      await db.execute(sql`select ${newsView.title} from ${newsView} where "news"."title" like 'T%'`),
    );
    expect(rows).toEqual([{ title: 'Third' }]);
  });
});
