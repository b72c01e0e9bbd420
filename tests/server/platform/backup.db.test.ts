import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../src/server/demo/seed.ts';
import { BackupError, backupDatabase, restoreDatabase } from '../../../src/server/platform/db/backup.ts';
import { rowsOf, type Db } from '../../../src/server/platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts';

let testDb: TestDatabase;
let db: Db;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-backup-'));
const file = path.join(dir, 'site.backup.gz');

/** Every table's rows, as one digest per table (order-independent). */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ digest: string | null; n: number }>(
      await db.execute(
        sql.raw(
          `select md5(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text)) as digest, count(*)::int as n from "${name}" t`,
        ),
      ),
    );
    out[name] = `${row?.n}:${row?.digest}`;
  }
  return out;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  await seedDemoData(testDb.database, { seed: 'backup-seed', asOf: '2026-11-20', companies: 20 });
  await db.execute(sql`
    insert into users (email, name, username, password_hash, verified, message_preference)
    values ('reader@example.com', 'Réader "Quoted" \\ Name', 'reader', null, true, 'email')`);
}, 120_000);
afterAll(async () => {
  await testDb.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backing up and restoring the database', () => {
  it('restores every table to exactly what was backed up, after the data changed', async () => {
    const before = await fingerprint();
    const heard: string[] = [];
    const header = await backupDatabase(db, file, (table) => heard.push(table));
    expect(header.tables.users).toBe(1);
    expect(heard).toContain('companies');
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    await db.execute(sql`delete from users`);
    await db.execute(sql`update companies set name = 'Changed' where id in (select id from companies limit 3)`);
    await db.execute(sql`delete from news where id in (select id from news order by id limit 5)`);
    expect(await fingerprint()).not.toEqual(before);

    await restoreDatabase(db, file);
    expect(await fingerprint()).toEqual(before);
  });

  it('continues ids after the restored rows, so new records do not collide', async () => {
    await restoreDatabase(db, file);
    const [max] = rowsOf<{ id: number }>(await db.execute(sql`select max(id)::int as id from users`));
    const [made] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into users (email, name, username, password_hash, verified, message_preference)
        values ('new@example.com', 'New', 'newreader', null, true, 'email') returning id`),
    );
    expect(made!.id).toBeGreaterThan(max!.id);
  });

  it('changes nothing when the backup is cut short, is not a backup, or is missing', async () => {
    await restoreDatabase(db, file);
    const before = await fingerprint();
    const whole = fs.readFileSync(file);
    const cut = path.join(dir, 'cut.gz');
    const text = (await import('node:zlib')).gunzipSync(whole).toString('utf8');
    fs.writeFileSync(cut, gzipSync(text.slice(0, Math.floor(text.length * 0.6)).replace(/\n[^\n]*$/, '\n')));
    await expect(restoreDatabase(db, cut)).rejects.toThrow(/incomplete/);
    const notBackup = path.join(dir, 'not.gz');
    fs.writeFileSync(notBackup, gzipSync('{"hello":"world"}\n'));
    await expect(restoreDatabase(db, notBackup)).rejects.toThrow(BackupError);
    const plain = path.join(dir, 'plain.txt');
    fs.writeFileSync(plain, 'not gzip at all');
    await expect(restoreDatabase(db, plain)).rejects.toThrow(/not a readable backup/);
    await expect(restoreDatabase(db, path.join(dir, 'absent.gz'))).rejects.toThrow(/does not exist/);
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses a backup made on another schema version', async () => {
    const text = (await import('node:zlib')).gunzipSync(fs.readFileSync(file)).toString('utf8');
    const [first, ...rest] = text.split('\n');
    const header = JSON.parse(first!) as { migration: string };
    header.migration = 'an-older-schema';
    const other = path.join(dir, 'other.gz');
    fs.writeFileSync(other, gzipSync([JSON.stringify(header), ...rest].join('\n')));
    await expect(restoreDatabase(db, other)).rejects.toThrow(/another version of the database schema/);
  });
});
