/**
 * A fresh database for one test file: in-memory PGlite, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped again afterwards).
 *
 * Opening, migrating and seeding take seconds per file, so each kind of
 * database (migrated, or seeded with n demo companies) is prepared once per
 * run as a template and every file gets a copy of its own: a PGlite data
 * directory dump loaded into a new in-memory PGlite, or a PostgreSQL
 * `create database … template …`. The files stay isolated; only the
 * preparation is shared.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { seedDemoData } from '../../src/server/demo/seed.ts';
import { openDatabase, type Database } from '../../src/server/platform/db/client.ts';
import { templateDatabaseName, templateRunFolder } from './database-templates.ts';
import { processRunning } from './process-running.ts';

/** The demo universe every test seeds: the same seed and day as a test that seeds by itself. */
export const TEST_SEED = { seed: 'test-seed', asOf: '2026-11-20' } as const;

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

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

interface Templates {
  folder: string;
  runId: string;
}

/** Where this run keeps templates (see database-templates.ts); none when the file runs outside this config. */
function templates(): Templates | null {
  try {
    return inject('databaseTemplates') ?? null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes a lock folder holding this process's id; one whose holder has ended is taken over. */
function tryLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
  } catch {
    let holder: number;
    try {
      holder = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      // No id yet: its holder is starting, unless it died right there (then its lock is old).
      const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      holder = Date.now() - since > 60_000 ? 0 : process.pid;
    }
    if (holder && processRunning(holder)) return false;
    fs.rmSync(lock, { recursive: true, force: true });
    return tryLock(lock);
  }
  fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
  return true;
}

/**
 * Returns what `ready` finds, preparing it with `prepare` first when no one
 * has: the first test file to ask prepares (holding a lock) while the others
 * wait. A preparer that fails gives the lock up, so the next asker tries.
 */
async function once<T>(lock: string, ready: () => T | null, prepare: () => Promise<void>): Promise<T> {
  for (;;) {
    const found = ready();
    if (found !== null) return found;
    if (!tryLock(lock)) {
      await sleep(100);
      continue;
    }
    try {
      if (ready() === null) await prepare();
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

async function seeded(database: Database, companies: number): Promise<Database> {
  if (companies > 0) await seedDemoData(database, { ...TEST_SEED, companies });
  return database;
}

async function pgliteTemplate({ folder }: Templates, companies: number): Promise<Blob> {
  const file = path.join(folder, `pglite-${companies}.tar`);
  const ready = () => (fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : null);
  return once(`${file}.lock`, ready, async () => {
    const database = await seeded(await openDatabase({ kind: 'pglite', dataDir: null }), companies);
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      const part = `${file}.${process.pid}`;
      fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(part, file);
    } finally {
      await database.close();
    }
  });
}

async function postgresTemplate({ runId }: Templates, companies: number): Promise<string> {
  // Named by the run, so the run's end (database-templates.ts) drops exactly its own.
  const name = templateDatabaseName(runId, companies);
  const marker = path.join(templateRunFolder(runId), `${name}.ready`);
  return once(
    `${marker}.lock`,
    () => (fs.existsSync(marker) ? name : null),
    async () => {
      const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.unsafe(`create database ${name}`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), maxConnections: 4 });
      // Closed before copies are made: a template must have no one connected.
      await seeded(database, companies).finally(() => database.close());
      fs.writeFileSync(marker, '');
    },
  );
}

/**
 * A database of the test file's own, migrated and, with `seedCompanies`,
 * holding the demo universe of that many companies (TEST_SEED).
 */
export async function createTestDatabase(options: { seedCompanies?: number } = {}): Promise<TestDatabase> {
  const companies = options.seedCompanies ?? 0;
  const prepared = templates();
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const database = prepared
      ? await openDatabase({ kind: 'pglite', dataDir: null, initialData: await pgliteTemplate(prepared, companies) })
      : await seeded(await openDatabase({ kind: 'pglite', dataDir: null }), companies);
    return { database, close: () => database.close() };
  }
  const template = prepared ? await postgresTemplate(prepared, companies) : null;
  const name = uniqueName('t');
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(name);
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  if (!template) await seeded(database, companies);
  return {
    database,
    url,
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
  const name = uniqueName(prefix);
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return {
    url: databaseUrl(name),
    async drop() {
      const dropper = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
