/**
 * A fresh database for one test file: in-memory PGlite, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped again afterwards).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/server/platform/db/client.ts';

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL database's address (none for PGlite), for tests that open connections of their own. */
  url?: string;
  close(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, close: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  return {
    database,
    url: url.toString(),
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * An empty PostgreSQL database of its own on the server of TEST_DATABASE_URL,
 * for tests that start server processes on it; `drop()` removes it, whoever
 * is still connected.
 */
export async function createServerDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
