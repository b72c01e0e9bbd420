/**
 * PostgreSQL: a pool of connections to DATABASE_URL, its migrations and first-start work serialized
 * across instances by an advisory lock, its reachability watched so requests answer 503 while it is gone.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { within } from '../within.ts';
import { createAvailability } from './availability.ts';
import { assertIdentifiers, chunksOf } from './copy.ts';
import { MIGRATIONS_FOLDER, type Database, type DatabaseOptions, type Db } from './database.ts';
import { DatabaseOpenError, describePostgresFailure } from './errors.ts';

/** Key of the PostgreSQL advisory lock that serializes migrations and first-start work across instances. */
const START_LOCK_KEY = 7_311_001;

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

export async function openPostgres(options: PostgresOptions): Promise<Database> {
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
