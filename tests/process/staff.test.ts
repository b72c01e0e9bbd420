import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { rowsOf } from '../../src/server/platform/db/client.ts';
import { tempDataDir } from '../helpers/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = tempDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const staffAdd = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'staff-add.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

describe('staff:add', () => {
  it('creates a verified staff account, then promotes an existing one', async () => {
    const first = staffAdd('--email', 'Editor@RedCap.example', '--password', 'Edit0r!Desk', '--name', 'Eda Editor');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Created staff account editor@redcap.example (verified).');
    const again = staffAdd('--email', 'editor@redcap.example', '--password', 'N3w!Desk99');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('Promoted staff account editor@redcap.example');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = rowsOf<{ role: string; verified: boolean }>(
        await database.db.execute(sql`select role, verified from users where email = 'editor@redcap.example'`),
      );
      expect(rows).toEqual([{ role: 'staff', verified: true }]);
    } finally {
      await database.close();
    }
  });

  it('explains its usage and refuses weak passwords', () => {
    const none = staffAdd();
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('Usage: npm run staff:add -- --email E --password P');
    const weak = staffAdd('--email', 'x@redcap.example', '--password', 'weak');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('Password must be at least 6 characters');
  });
});
