import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_SOCKET_PORT,
  findLocalSocket,
  localSocketDirectory,
  serveLocalSocket,
  type LocalSocketServer,
} from '../../../../src/server/platform/db/local-socket.ts';

let client: PGlite;
const cleanups: (() => Promise<void> | void)[] = [];

// Starting PGlite takes seconds, more on a busy machine.
beforeAll(async () => {
  client = new PGlite();
  await client.exec('create table notes (id serial primary key, body text not null)');
}, 60_000);
afterAll(() => client.close());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await client.exec('truncate notes');
});

function tempDataDir(name = 'local-socket-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function serve(
  dataDir: string,
  options: Parameters<typeof serveLocalSocket>[2] = {},
): Promise<LocalSocketServer> {
  const server = await serveLocalSocket(client, dataDir, options);
  cleanups.push(() => server.close());
  return server;
}

function connect(directory: string): postgres.Sql {
  const sql = postgres({ host: directory, port: LOCAL_SOCKET_PORT, max: 1, prepare: false, onnotice: () => {} });
  cleanups.push(() => sql.end({ timeout: 1 }));
  return sql;
}

/** ReadyForQuery's type and length; its status byte follows. */
const READY_FOR_QUERY = 'Z\0\0\0\x05';

/** A client speaking the wire protocol by hand: what it receives, byte for byte, as latin1 text. */
async function rawConnection(directory: string) {
  const socket = net.connect(path.join(directory, `.s.PGSQL.${LOCAL_SOCKET_PORT}`));
  cleanups.push(() => void socket.destroy());
  let received = '';
  let waiter: (() => void) | null = null;
  socket.on('data', (bytes: Buffer) => {
    received += bytes.toString('latin1');
    waiter?.();
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const untilReady = () =>
    new Promise<string>((resolve) => {
      waiter = () => {
        if (!['I', 'T', 'E'].some((status) => received.endsWith(`${READY_FOR_QUERY}${status}`))) return;
        waiter = null;
        resolve(received);
        received = '';
      };
    });
  /** Sends one message; the startup message has no type. */
  const send = (type: string, body = Buffer.alloc(0)) => {
    const header = Buffer.alloc(type ? 5 : 4);
    if (type) header.write(type);
    header.writeInt32BE(body.length + 4, type ? 1 : 0);
    socket.write(Buffer.concat([header, body]));
  };
  const started = untilReady();
  send('', Buffer.concat([Buffer.from([0, 3, 0, 0]), Buffer.from('user\0postgres\0database\0postgres\0\0')]));
  await started;
  return {
    send,
    untilReady,
    query(sql: string) {
      const reply = untilReady();
      send('Q', Buffer.from(`${sql}\0`));
      return reply;
    },
    closed,
  };
}

const bodies = async () =>
  (await client.query<{ body: string }>('select body from notes order by id')).rows.map((r) => r.body);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('local socket', () => {
  it('serves the database to a PostgreSQL client, to its owner only, replacing a crashed owner’s socket', async () => {
    const dataDir = tempDataDir();
    const stale = path.join(dataDir, 'socket', `.s.PGSQL.${LOCAL_SOCKET_PORT}`);
    fs.mkdirSync(path.dirname(stale));
    fs.writeFileSync(stale, '');
    const server = await serve(dataDir);

    expect(server.directory).toBe(path.join(dataDir, 'socket'));
    expect(findLocalSocket(dataDir)).toBe(server.directory);
    expect(fs.statSync(server.directory).mode & 0o777).toBe(0o700);
    expect(fs.statSync(stale).isSocket()).toBe(true);
    expect(fs.statSync(stale).mode & 0o777).toBe(0o600);
    const sql = connect(server.directory);
    await sql`insert into notes (body) values (${'from a tool'})`;
    expect(await bodies()).toEqual(['from a tool']);

    await sql.end();
    await server.close();
    expect(fs.existsSync(stale)).toBe(false);
    expect(findLocalSocket(dataDir)).toBeNull();
  });

  it('puts the socket in the temporary folder when the data directory’s path is too long for one', async () => {
    const dataDir = path.join(
      tempDataDir(),
      'a-data-directory-nested-deep-enough-that-its-socket-path-would-not-fit'.repeat(2),
    );
    fs.mkdirSync(dataDir);
    const server = await serve(dataDir);

    expect(server.directory).toBe(localSocketDirectory(dataDir));
    expect(server.directory.startsWith(os.tmpdir())).toBe(true);
    expect(findLocalSocket(dataDir)).toBe(server.directory);
    expect(fs.statSync(server.directory).mode & 0o777).toBe(0o700);
    const sql = connect(server.directory);
    expect(await sql`select 6 * 7 as answer`).toEqual([{ answer: 42 }]);

    await sql.end();
    await server.close();
    expect(fs.existsSync(server.directory)).toBe(false);
  });

  it('makes the temporary folder private, and refuses one that is not a plain folder of this user', async () => {
    const dataDir = path.join(tempDataDir(), 'x'.repeat(100));
    fs.mkdirSync(dataDir);
    const planted = localSocketDirectory(dataDir);
    fs.mkdirSync(planted, { mode: 0o700 });
    fs.chmodSync(planted, 0o777);
    cleanups.push(() => fs.rmSync(planted, { recursive: true, force: true }));
    // Ours by owner here (the test runs as one user), so the folder is only made private again.
    const server = await serve(dataDir);
    expect(fs.statSync(planted).mode & 0o777).toBe(0o700);
    await server.close();

    fs.rmSync(planted, { recursive: true, force: true });
    fs.symlinkSync(os.tmpdir(), planted);
    await expect(serveLocalSocket(client, dataDir)).rejects.toThrow('is not a folder of this user');
  });

  it('keeps a tool’s transaction whole: the server’s writes wait for it and are not rolled back with it', async () => {
    const sql = connect((await serve(tempDataDir())).directory);
    const serverWrites: Promise<unknown>[] = [];
    const tool = sql.begin(async (tx) => {
      await tx`insert into notes (body) values ('tool, rolled back')`;
      for (let i = 0; i < 3; i++) serverWrites.push(client.query(`insert into notes (body) values ('server ${i}')`));
      await sleep(200);
      await tx`select 1`;
      throw new Error('roll back');
    });
    await expect(tool).rejects.toThrow('roll back');
    await Promise.all(serverWrites);
    expect(await bodies()).toEqual(['server 0', 'server 1', 'server 2']);
  });

  it('keeps the server’s transaction whole: a tool’s write waits for it and is not rolled back with it', async () => {
    const sql = connect((await serve(tempDataDir())).directory);
    await sql`select 1`;
    const serverTransaction = client.transaction(async (tx) => {
      await tx.query(`insert into notes (body) values ('server, rolled back')`);
      await sleep(200);
      await tx.rollback();
    });
    await sleep(20);
    await sql`insert into notes (body) values ('tool')`;
    await serverTransaction;
    expect(await bodies()).toEqual(['tool']);
  });

  it('keeps a tool’s extended-protocol exchange whole: the server’s query does not replace its unnamed statement', async () => {
    const tool = await rawConnection((await serve(tempDataDir())).directory);
    tool.send('P', Buffer.from(`\0select 'tool answer'::text\0\0\0`));
    await sleep(50);
    const server = client.query<{ v: string }>(`select 'server answer'::text as v`);
    await sleep(50);
    const toolReply = tool.untilReady();
    tool.send('B', Buffer.from('\0\0\0\0\0\0\0\0'));
    tool.send('E', Buffer.from('\0\0\0\0\0'));
    tool.send('S');
    expect(await toolReply).toContain('tool answer');
    expect((await server).rows).toEqual([{ v: 'server answer' }]);
  });

  it('closes a tool left idle inside a transaction, rolling it back, so the server does not wait for ever', async () => {
    const tool = await rawConnection((await serve(tempDataDir(), { idleInTurnMs: 300 })).directory);
    expect(await tool.query(`begin; insert into notes (body) values ('abandoned')`)).toContain(`${READY_FOR_QUERY}T`);
    const started = performance.now();
    await client.query(`insert into notes (body) values ('server')`);
    const serverWaitedMs = performance.now() - started;
    expect(serverWaitedMs).toBeGreaterThanOrEqual(250);
    expect(serverWaitedMs).toBeLessThan(5000);
    expect(await bodies()).toEqual(['server']);
    // Told and cut off, as PostgreSQL does: its transaction is gone, not silently replaced by a new one.
    expect(await tool.closed).toContain('25P03');
  });

  it('refuses COPY FROM STDIN, which would hang the embedded database, in either protocol', async () => {
    const tool = await rawConnection((await serve(tempDataDir())).directory);
    const simple = await tool.query('copy notes (body) from stdin');
    expect(simple).toContain('0A000');
    expect(simple.endsWith(`${READY_FOR_QUERY}I`)).toBe(true);

    const extended = tool.untilReady();
    tool.send('P', Buffer.from('\0COPY notes FROM\n  STDIN\0\0\0'));
    tool.send('B', Buffer.from('\0\0\0\0\0\0\0\0'));
    tool.send('E', Buffer.from('\0\0\0\0\0'));
    tool.send('S');
    expect(await extended).toContain('COPY FROM STDIN is not supported');
    expect(await tool.query(`insert into notes (body) values ('still answering')`)).toContain('INSERT 0 1');
    expect(await bodies()).toEqual(['still answering']);
  });

  it('takes back a tool’s session settings when it disconnects', async () => {
    const server = await serve(tempDataDir());
    const defaultZone = (await client.query<{ TimeZone: string }>('show timezone')).rows[0]!.TimeZone;
    const sql = connect(server.directory);
    await sql`set timezone = 'Asia/Tokyo'`;
    await sql.end();
    await sleep(100);
    expect((await client.query<{ TimeZone: string }>('show timezone')).rows[0]!.TimeZone).toBe(defaultZone);
    expect(defaultZone).not.toBe('Asia/Tokyo');
  });
});
