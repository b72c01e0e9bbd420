/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded
 * PGlite in the data directory. Both speak one SQL dialect and share one
 * Drizzle schema, so services never ask which one they run on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { ALWAYS_AVAILABLE, createAvailability, type Availability } from './availability.ts';
import { DatabaseOpenError, describePostgresFailure } from './errors.ts';
import { serveLocalSocket, type LocalSocketServer } from './local-socket.ts';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';
import { within } from '../within.ts';

/** A database handle: the database itself, or a transaction inside it (see transaction()). */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs (never includes a password). */
  location: string;
  /** Whether a crashed owner's lock was cleaned up on open. */
  recovered: boolean;
  /** Whether it can be reached now (the embedded database always can). */
  availability: Availability;
  ping(): Promise<void>;
  /**
   * Runs `work` while no other instance runs exclusive work or migrations on
   * this database (a PostgreSQL advisory lock; the embedded database serves
   * one process already). First-start work such as the demo seed runs so.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Bulk-loads rows with COPY: far faster than INSERT for large demo or import loads. */
  copyRows(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<number>;
  /**
   * Lets command-line tools on this machine use the embedded database while
   * this process holds its data directory, over a local socket (see
   * local-socket.ts); close() stops it. Resolves with the socket's folder, or
   * null where tools connect by themselves (PostgreSQL) or there is nothing
   * to share (an in-memory database). `onError` hears of a tool connection
   * that failed (the server goes on).
   */
  shareWithCli(options?: { onError?: (error: unknown) => void }): Promise<string | null>;
  close(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function assertIdentifiers(table: string, columns: readonly string[]): void {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  }
}

/** One row in COPY text format: tab-separated, \N for null, special characters escaped. */
const COPY_SPECIAL = /[\\\t\n\r]/;

export function copyLine(row: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) {
    const value = row[i];
    if (i > 0) line += '\t';
    if (value === null || value === undefined) line += '\\N';
    // Numbers never need escaping; most strings do not either.
    else if (typeof value === 'number') line += String(value);
    else {
      const text = value instanceof Date ? value.toISOString() : String(value);
      line += COPY_SPECIAL.test(text)
        ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
        : text;
    }
  }
  return `${line}\n`;
}

const COPY_CHUNK_ROWS = 100_000;

function* chunksOf(rows: Iterable<readonly unknown[]>): Generator<string[]> {
  let chunk: string[] = [];
  for (const row of rows) {
    chunk.push(copyLine(row));
    if (chunk.length >= COPY_CHUNK_ROWS) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../../drizzle', import.meta.url));

/** Key of the PostgreSQL advisory lock that serializes migrations and first-start work across instances. */
const START_LOCK_KEY = 7_311_001;

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** An in-memory database starts as this copy (PGlite's dumpDataDir) rather than empty: tests clone a prepared one. */
      initialData?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      /** A statement running longer is cancelled by the server (its request answers 503). */
      statementTimeoutMs?: number;
      /** How long opening a connection may take (at start, and for a request during an outage). */
      connectTimeoutMs?: number;
    };

type PostgresOptions = Extract<DatabaseOptions, { kind: 'postgres' }>;

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

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
export function checkDataDirectory(dataDir: string): void {
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

async function openPglite(dataDir: string | null, initialData?: Blob): Promise<Database> {
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

/**
 * Runs `work` holding the start lock on a connection of its own; the lock
 * goes with the connection, so an instance killed while holding it frees it.
 */
async function withStartLock<T>(url: string, work: (connection: postgres.Sql) => Promise<T>): Promise<T> {
  const connection = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await connection`select pg_advisory_lock(${START_LOCK_KEY})`;
    return await work(connection);
  } finally {
    await connection.end({ timeout: 5 });
  }
}

/**
 * Opens one connection and runs `select 1`, failing after `timeoutMs`. The
 * client's own connect timeout is not enough: a host that accepts the
 * connection but never speaks PostgreSQL would keep it waiting for ever.
 */
async function probeConnection(url: string, timeoutMs: number): Promise<void> {
  const probe = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: timeoutMs / 1000 });
  try {
    const outcome = await within(probe`select 1`, timeoutMs);
    if (!outcome.finished) throw Object.assign(new Error('no answer'), { code: 'CONNECT_TIMEOUT' });
  } finally {
    await probe.end({ timeout: 0 });
  }
}

async function openPostgres(options: PostgresOptions): Promise<Database> {
  const { url, maxConnections = 10, connectTimeoutMs = 2500 } = options;
  let parts: { host: string; port: string; database: string };
  try {
    const parsed = new URL(url);
    parts = { host: parsed.hostname, port: parsed.port, database: decodeURIComponent(parsed.pathname.slice(1)) };
  } catch {
    throw new DatabaseOpenError(`DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/name).`);
  }
  try {
    // One plain connection first, so an unreachable server or a wrong name is told in a few seconds.
    await probeConnection(url, connectTimeoutMs);
  } catch (error) {
    throw new DatabaseOpenError(
      `Cannot open PostgreSQL (DATABASE_URL=${redact(url)}): ${describePostgresFailure(error, parts)}.`,
      {
        cause: error,
      },
    );
  }
  // Migrations run on one dedicated connection holding an advisory lock, so
  // several instances starting together apply them once.
  await withStartLock(url, (migrator) =>
    migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder: MIGRATIONS_FOLDER }),
  );
  const client = postgres(url, {
    max: maxConnections,
    onnotice: () => {},
    connect_timeout: connectTimeoutMs / 1000,
    connection: { statement_timeout: options.statementTimeoutMs ?? 10_000 },
    // After failed connects the driver waits longer each time, up to 20 s by default, with queries
    // queued behind it: bounded here, so a database that is back is used again within half a second.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
  });
  const availability = createAvailability(() => probeConnection(url, connectTimeoutMs));
  const db: Db = drizzlePostgres({ client });
  return {
    db,
    kind: 'postgres',
    location: redact(url),
    recovered: false,
    availability,
    async ping() {
      await db.execute(sql`select 1`);
    },
    exclusive: (work) => withStartLock(url, () => work()),
    async copyRows(table, columns, rows) {
      assertIdentifiers(table, columns);
      let total = 0;
      for (const chunk of chunksOf(rows)) {
        const writable = await client.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable();
        await pipeline(Readable.from(chunk), writable);
        total += chunk.length;
      }
      return total;
    },
    shareWithCli: async () => null,
    async close() {
      availability.close();
      await client.end({ timeout: 5 });
    },
  };
}

/** Opens the database and brings its schema up to date. */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options.dataDir, options.initialData);
}

/**
 * Rows one statement of bulk work should touch: readers queued for a
 * newsletter, mail leased to send (an update, no join: about half the cost
 * of a queued row). The embedded database runs on the server's own thread,
 * so a statement over thousands of rows holds up every request meanwhile,
 * and a request of three queries waits behind three of them: there the
 * work goes in steps of about 10 ms. PostgreSQL works on cores of its own.
 */
export const bulkStatementRows = (kind: Database['kind']): { queue: number; lease: number } =>
  kind === 'pglite' ? { queue: 125, lease: 250 } : { queue: 2000, lease: 1000 };

/** Rows of a raw `db.execute` result, whichever driver produced it. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Runs `work` in one transaction: everything it writes through `tx` is
 * committed together or not at all. Inside, use `tx` only: the embedded
 * database has one connection, so a query on the outer handle would wait for
 * the transaction forever.
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
