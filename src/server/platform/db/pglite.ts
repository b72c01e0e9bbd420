/**
 * The embedded database: PGlite in the data directory (or in memory for tests), held by one process
 * through a lock on its folder, shared with command-line tools over a local socket.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { ALWAYS_AVAILABLE } from './availability.ts';
import { assertIdentifiers, chunksOf } from './copy.ts';
import { MIGRATIONS_FOLDER, type Database, type Db } from './database.ts';
import { DatabaseOpenError } from './errors.ts';
import { serveLocalSocket, type LocalSocketServer } from './local-socket.ts';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';

/**
 * Creates a folder and its missing parents one level at a time. (A recursive
 * mkdir retries forever where the system answers "no such file" for a
 * parent that exists, as under /proc.)
 */
function makeFolders(folder: string): void {
  if (fs.existsSync(folder)) return;
  const parent = path.dirname(folder);
  if (parent !== folder) makeFolders(parent);
  fs.mkdirSync(folder);
}

/**
 * Makes sure the data directory exists, is a folder and can be written,
 * before the embedded database is opened in it (which would otherwise fail
 * obscurely, or wait forever on a special file system).
 */
function checkDataDirectory(dataDir: string): void {
  const setting = `DATA_DIR=${dataDir}`;
  try {
    makeFolders(path.resolve(dataDir));
  } catch (error) {
    throw new DatabaseOpenError(`${setting}: the folder cannot be created (${(error as NodeJS.ErrnoException).code}).`);
  }
  if (!fs.statSync(dataDir).isDirectory()) throw new DatabaseOpenError(`${setting} is a file, not a folder.`);
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new DatabaseOpenError(`${setting}: the folder cannot be written (${(error as NodeJS.ErrnoException).code}).`);
  }
}

export async function openPglite(dataDir: string | null, initialData?: Blob): Promise<Database> {
  let lock: DirectoryLock | null = null;
  let client: PGlite;
  if (dataDir === null) {
    client = new PGlite(initialData ? { loadDataDir: initialData } : {});
  } else {
    checkDataDirectory(dataDir);
    const pgDir = path.join(dataDir, 'pglite');
    lock = acquireDirectoryLock(dataDir, [path.join(pgDir, 'postmaster.pid')]);
    try {
      client = new PGlite(pgDir);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db: Db = drizzlePglite({ client });
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  let closed = false;
  let localSocket: Promise<LocalSocketServer> | null = null;
  return {
    db,
    kind: 'pglite',
    location: dataDir === null ? 'memory' : path.join(dataDir, 'pglite'),
    recovered: lock?.recovered ?? false,
    availability: ALWAYS_AVAILABLE,
    async ping() {
      await client.query('select 1');
    },
    exclusive: (work) => work(),
    async copyRows(table, columns, rows) {
      assertIdentifiers(table, columns);
      let total = 0;
      for (const chunk of chunksOf(rows)) {
        const blob = new Blob([chunk.join('')]);
        await client.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob });
        total += chunk.length;
      }
      return total;
    },
    async shareWithCli(options) {
      if (dataDir === null) return null;
      localSocket ??= serveLocalSocket(client, dataDir, options);
      return (await localSocket).directory;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        // The tools first: what they left open is rolled back while the database is still there.
        await (await localSocket?.catch(() => null))?.close();
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
