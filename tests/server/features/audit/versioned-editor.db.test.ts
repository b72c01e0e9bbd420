/**
 * The one editor of staff-edited records: a create, update and delete each
 * leave the record, its audit entry and its content change together; an edit
 * based on a replaced version or of a missing record changes nothing.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleEditMessage, type StaffActor } from '../../../../src/lib/console.ts';
import { versionedEditor } from '../../../../src/server/features/audit/index.ts';
import { news } from '../../../../src/server/features/news/tables.ts';
import { contentChanges } from '../../../../src/server/platform/tables.ts';
import type { Db } from '../../../../src/server/platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.ts';
import { auditEntries } from '../../../../src/server/schema.ts';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
}, 120_000);
afterAll(() => t.close());

const actor: StaffActor = { id: 1, email: 'editor@example.com' };
type Article = typeof news.$inferSelect & { desk: string };

/** Every write of an article also records its desk, a fact read beside the row, and one more change. */
const extraChanges: number[] = [];
const editor = versionedEditor<typeof news, Article>({
  table: news,
  key: news.id,
  kind: 'news',
  what: 'news article',
  content: 'news',
  facts: async (_tx, row) => ({ desk: `desk of ${String(row.title)}` }),
  entityId: (r) => r.id,
  alsoChanges: async (_tx, before, after) => {
    extraChanges.push((after ?? before)!.id);
  },
});

const lastAudit = async () => (await db.select().from(auditEntries).orderBy(desc(auditEntries.id)).limit(1))[0]!;
const lastChange = async () => (await db.select().from(contentChanges).orderBy(desc(contentChanges.id)).limit(1))[0]!;
const count = async <T>(rows: Promise<T[]>) => (await rows).length;

describe('the versioned editor', () => {
  let id: number;

  it('creates a record with its audit entry, its change and the facts beside it', async () => {
    const created = await editor.create(db, actor, { title: 'First', publishedAt: new Date('2026-01-02T00:00:00Z') });
    id = created.id;
    expect(created).toMatchObject({ title: 'First', version: 1, desk: 'desk of First' });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'create', kind: 'news', entityKey: String(id), before: null });
    expect(entry.after).toMatchObject({ title: 'First', version: 1, desk: 'desk of First' });
    expect(await lastChange()).toMatchObject({ kind: 'news', entityId: id, op: 'upsert' });
    expect(extraChanges).toEqual([id]);
  });

  it('refuses an update based on a replaced version, changing nothing', async () => {
    const audits = await count(db.select().from(auditEntries));
    const changes = await count(db.select().from(contentChanges));
    await expect(editor.update(db, actor, id, 7, { title: 'Stale' })).rejects.toMatchObject({
      kind: 'conflict',
      message: staleEditMessage('news article'),
    });
    const [row] = await db.select().from(news).where(eq(news.id, id));
    expect(row).toMatchObject({ title: 'First', version: 1 });
    expect(await count(db.select().from(auditEntries))).toBe(audits);
    expect(await count(db.select().from(contentChanges))).toBe(changes);
  });

  it('updates from the current version: bumps it, stamps the time and logs only what changed', async () => {
    const [stored] = await db.select().from(news).where(eq(news.id, id));
    const updated = await editor.update(db, actor, id, 1, (before) => ({ title: `${String(before.title)}, again` }));
    expect(updated).toMatchObject({ title: 'First, again', version: 2, desk: 'desk of First, again' });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(stored!.updatedAt.getTime());
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'update', entityKey: String(id) });
    expect(entry.before).toMatchObject({ title: 'First', version: 1, desk: 'desk of First' });
    expect(entry.after).toMatchObject({ title: 'First, again', version: 2 });
    expect(Object.keys(entry.after as object)).not.toContain('source');
    expect(await lastChange()).toMatchObject({ entityId: id, op: 'upsert' });
  });

  it('writes what goes alongside in the same transaction, before the record', async () => {
    const seen: (number | undefined)[] = [];
    await editor.update(db, actor, id, 2, { source: 'Wire' }, async (_tx, before) => {
      seen.push(before?.version);
    });
    expect(seen).toEqual([2]);
  });

  it('deletes, with the whole record on the audit entry and a delete change', async () => {
    await editor.remove(db, actor, id, 3);
    expect(await count(db.select().from(news).where(eq(news.id, id)))).toBe(0);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'delete', entityKey: String(id), after: null });
    expect(entry.before).toMatchObject({ title: 'First, again', source: 'Wire', version: 3 });
    expect(await lastChange()).toMatchObject({ kind: 'news', entityId: id, op: 'delete' });
  });

  it('answers not-found for a record that is not there', async () => {
    await expect(editor.remove(db, actor, id)).rejects.toMatchObject({
      kind: 'not-found',
      message: `No news article ${id}`,
    });
    await expect(editor.update(db, actor, id, 1, { title: 'Gone' })).rejects.toMatchObject({ kind: 'not-found' });
  });
});
