import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { rowsOf } from '../../src/server/platform/db/client.ts';
import { LOCAL_SOCKET_PORT, findLocalSocket } from '../../src/server/platform/db/local-socket.ts';
import { migratedDataDir, startServer, type ServerProcess } from '../helpers/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Migrated already: making a new database is the first start's subject (first-start.test.ts), not these tools'.
const dataDir = migratedDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs a database command (scripts/<script>.ts) the way `npm run` does, on a data directory. */
const run = (script: string, args: string[], on = dataDir, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', `${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: on, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
const staffAdd = (...args: string[]) => run('staff-add', args);

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

const staffAddOn = (on: string, ...args: string[]) => run('staff-add', args, on);
const staffRemoveOn = (on: string, ...args: string[]) => run('staff-remove', args, on);
const dbShellOn = (on: string, env: Record<string, string>, ...args: string[]) => run('db-shell', args, on, env);

describe('staff:remove and db:shell with nothing running', () => {
  it('takes the staff role away, and psql sees it, leaving the database free', async () => {
    expect(staffAdd('--email', 'leaving@redcap.example', '--password', 'Edit0r!Desk').status).toBe(0);
    const removed = staffRemoveOn(dataDir, '--email', 'Leaving@RedCap.example');
    expect(removed.status, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('leaving@redcap.example is no longer staff');

    const shell = dbShellOn(dataDir, {}, '-Atc', "select role from users where email = 'leaving@redcap.example'");
    expect(shell.status, shell.stderr).toBe(0);
    expect(shell.stdout.trim()).toBe('user');
    expect(findLocalSocket(dataDir)).toBeNull();
    // Closed cleanly: the next owner finds nothing to recover.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
    expect(database.recovered).toBe(false);
  });

  it('says when there is no such account, or it is not staff', () => {
    const unknown = staffRemoveOn(dataDir, '--email', 'nobody@redcap.example');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@redcap.example.');
    const notStaff = staffRemoveOn(dataDir, '--email', 'leaving@redcap.example');
    expect(notStaff.status).toBe(1);
    expect(notStaff.stderr).toContain('leaving@redcap.example is not staff');
    expect(staffRemoveOn(dataDir).stderr).toContain('Usage: npm run staff:remove -- --email E');
  });
});

describe('staff commands while the server runs on the embedded database', () => {
  const liveDir = migratedDataDir();
  const STAFF = { email: 'live-editor@redcap.example', password: 'Edit0r!Desk' };
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: liveDir });
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    fs.rmSync(liveDir, { recursive: true, force: true });
  });

  const login = async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    expect(response.status).toBe(200);
    return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  };
  const staffCall = async (auth: Record<string, string>) =>
    (await fetch(`${server.url}/api/tools/audit`, { headers: auth })).status;

  it('staff:add makes an account that signs in as staff at once; staff:remove takes staff access away at once', async () => {
    const added = staffAddOn(liveDir, '--email', STAFF.email, '--password', STAFF.password);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain(`Created staff account ${STAFF.email} (verified).`);
    const auth = await login();
    expect(await staffCall(auth)).toBe(200);

    const removed = staffRemoveOn(liveDir, '--email', STAFF.email);
    expect(removed.status, removed.stderr).toBe(0);
    // Signed out everywhere: the old session is gone, and a new one is an ordinary reader's.
    expect(await staffCall(auth)).toBe(401);
    expect(await staffCall(await login())).toBe(403);

    const notStaff = staffRemoveOn(liveDir, '--email', STAFF.email);
    expect(notStaff.status).toBe(1);
    expect(notStaff.stderr).toContain(`${STAFF.email} is not staff`);
  });

  it('staff:add and staff:remove are in the audit log staff read: who ran them, on which account, what changed', async () => {
    const auditor = { email: 'auditor@redcap.example', password: 'Aud1tor!Desk' };
    expect(staffAddOn(liveDir, '--email', auditor.email, '--password', auditor.password).status).toBe(0);
    const signIn = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(auditor),
    });
    const auth = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
    const temp = 'Temp-Editor@RedCap.example';
    expect(staffAddOn(liveDir, '--email', temp, '--password', 'Edit0r!Desk', '--name', 'Tim Temp').status).toBe(0);
    expect(staffAddOn(liveDir, '--email', temp, '--password', 'An0ther!Desk').status).toBe(0);
    expect(staffRemoveOn(liveDir, '--email', temp).status).toBe(0);

    const answer = await fetch(`${server.url}/api/tools/audit?kind=staff&key=temp-editor@redcap.example`, {
      headers: auth,
    });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as {
      data: {
        action: string;
        kind: string;
        key: string;
        actor: { id: number | null; email: string };
        before: unknown;
        after: unknown;
      }[];
    };
    expect(data.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const operator = process.env.SUDO_USER || os.userInfo().username;
    for (const entry of data) {
      expect(entry.kind).toBe('staff');
      expect(entry.actor).toEqual({ id: null, email: `${operator} on ${os.hostname()} (command line)` });
    }
    const [removed, repassworded, created] = data;
    expect(created!.before).toBeNull();
    expect(created!.after).toMatchObject({ email: 'temp-editor@redcap.example', name: 'Tim Temp', role: 'staff' });
    expect(repassworded!.after).toMatchObject({ password: 'replaced' });
    expect(removed!.before).toMatchObject({ role: 'staff' });
    expect(removed!.after).toMatchObject({ role: 'user' });
    // No password, or its hash, is ever written to the log.
    expect(JSON.stringify(data)).not.toMatch(/Edit0r|An0ther|argon2/);
  });

  it('db:shell runs psql on the running server’s database, and says how to get psql when it is missing', () => {
    const shell = dbShellOn(
      liveDir,
      {},
      '-Atc',
      `select email || ' ' || role from users where email = '${STAFF.email}'`,
    );
    expect(shell.status, shell.stderr).toBe(0);
    expect(shell.stdout.trim()).toBe(`${STAFF.email} user`);

    const missing = dbShellOn(liveDir, { PATH: path.join(liveDir, 'no-programs-here') }, '-c', 'select 1');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('psql is not installed');
    expect(missing.stderr).toContain('apt-get install postgresql-client');
  });

  it('db:backup reads the running server’s database, and db:restore puts it back, all or nothing', async () => {
    const file = path.join(liveDir, 'live.backup.gz');
    const backup = run('db-backup', [file], liveDir);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Backed up \d+ tables \([\d,]+ rows\) to .* in [\d.]+ s\./);
    // An account made after the backup is gone once the backup is restored; the server keeps answering.
    const later = { email: 'after-backup@redcap.example', password: 'Edit0r!Desk' };
    expect(staffAddOn(liveDir, '--email', later.email, '--password', later.password).status).toBe(0);
    const signIn = () =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(later),
      }).then((r) => r.status);
    expect(await signIn()).toBe(200);
    const restore = run('db-restore', [file], liveDir);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Restored the backup of');
    expect(await signIn()).toBe(401);
    expect((await fetch(`${server.url}/api/news/all?limit=1`)).status).toBe(200);
    const broken = run('db-restore', [path.join(liveDir, 'no-such.backup.gz')], liveDir);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('Restore failed, nothing changed:');
    expect(run('db-backup', [], liveDir).stderr).toContain('Usage: npm run db:backup -- FILE');
  });

  it('keeps the server’s writes out of a tool’s transaction: a sign-in during it survives its rollback', async () => {
    const directory = findLocalSocket(liveDir);
    expect(directory).not.toBeNull();
    const tool = postgres({ host: directory!, port: LOCAL_SOCKET_PORT, max: 1, prepare: false, onnotice: () => {} });
    try {
      let signIn: Promise<Record<string, string>> | undefined;
      const transaction = tool.begin(async (tx) => {
        await tx`update users set name = 'Changed, then rolled back' where email = ${STAFF.email}`;
        signIn = login();
        await new Promise((resolve) => setTimeout(resolve, 300));
        throw new Error('roll back');
      });
      await expect(transaction).rejects.toThrow('roll back');
      const auth = await signIn!;
      // The session the server wrote during the tool's transaction is still there.
      expect((await fetch(`${server.url}/api/auth/me`, { headers: auth })).status).toBe(200);
      const [user] = await tool`select name from users where email = ${STAFF.email}`;
      expect(user!.name).not.toBe('Changed, then rolled back');
    } finally {
      await tool.end({ timeout: 5 });
    }
  });

  it('works with the server stopped again, and leaves no socket behind', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(findLocalSocket(liveDir)).toBeNull();
    expect(fs.existsSync(path.join(liveDir, 'socket'))).toBe(false);
    const added = staffAddOn(liveDir, '--email', 'after-stop@redcap.example', '--password', 'Edit0r!Desk');
    expect(added.status, added.stderr).toBe(0);
  });
});
