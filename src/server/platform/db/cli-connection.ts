/**
 * How a command-line tool (staff:add, staff:remove, db:shell) reaches the
 * database the server uses, whether or not the server runs: PostgreSQL
 * directly; the embedded database through the running server's local socket
 * when a server holds the data directory, or by opening the directory itself
 * when none does.
 */
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { openDatabase, type DatabaseOptions, type Db } from './client.ts';
import { DatabaseOpenError } from './errors.ts';
import { LOCAL_SOCKET_PORT, findLocalSocket } from './local-socket.ts';
import { DataDirectoryLockedError } from './lock.ts';

export interface CliDatabase {
  db: Db;
  close(): Promise<void>;
}

/** Where a PostgreSQL client (psql) connects, and what to close once it is done. */
export interface CliEndpoint {
  /** libpq settings, as environment variables (PGHOST, PGPORT…) or a connection URL. */
  connection: { url: string } | { socketDirectory: string; port: number };
  /** Whether it goes to PostgreSQL, through the process holding the embedded database, or is served by this one. */
  via: 'postgres' | 'running server' | 'data directory';
  close(): Promise<void>;
}

/** The socket folder of the server holding `dataDir`, or a one-line explanation of what to do instead. */
function runningServerSocket(dataDir: string): string {
  const directory = findLocalSocket(dataDir);
  if (directory) return directory;
  throw new DatabaseOpenError(
    `The database in ${dataDir} is in use by a server that does not share it with tools yet: wait until it has started, or stop it, then run this again.`,
  );
}

async function connectThroughServer(dataDir: string, directory: string): Promise<CliDatabase> {
  const client = postgres({
    host: directory,
    port: LOCAL_SOCKET_PORT,
    username: 'postgres',
    database: 'postgres',
    // One connection (the server runs one query at a time anyway), and no named statements left in its session.
    max: 1,
    prepare: false,
    onnotice: () => {},
    connect_timeout: 10,
  });
  try {
    await client`select 1`;
  } catch (error) {
    await client.end({ timeout: 0 });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new DatabaseOpenError(
      `The server using DATA_DIR=${dataDir} does not answer on its socket in ${directory} (${reason}): restart it, or stop it, then run this again.`,
      { cause: error },
    );
  }
  return { db: drizzlePostgres({ client }), close: () => client.end({ timeout: 5 }) };
}

/** Opens the database for a tool that runs queries itself (Drizzle). */
export async function openCliDatabase(options: DatabaseOptions): Promise<CliDatabase> {
  try {
    const database = await openDatabase(options);
    return { db: database.db, close: () => database.close() };
  } catch (error) {
    // Held by a running server: the tool goes through it.
    if (!(error instanceof DataDirectoryLockedError) || options.kind !== 'pglite' || options.dataDir === null) {
      throw error;
    }
    return connectThroughServer(options.dataDir, runningServerSocket(options.dataDir));
  }
}

/**
 * Gives a PostgreSQL client program somewhere to connect. With no server
 * running, the tool holds the data directory and serves it on the local
 * socket itself until close().
 */
export async function openCliEndpoint(options: DatabaseOptions): Promise<CliEndpoint> {
  if (options.kind === 'postgres') return { connection: { url: options.url }, via: 'postgres', close: async () => {} };
  const { dataDir } = options;
  if (dataDir === null) throw new DatabaseOpenError('An in-memory database cannot be reached by other programs.');
  try {
    const database = await openDatabase(options);
    try {
      const socketDirectory = (await database.shareWithCli())!;
      return {
        connection: { socketDirectory, port: LOCAL_SOCKET_PORT },
        via: 'data directory',
        close: () => database.close(),
      };
    } catch (error) {
      await database.close();
      throw error;
    }
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    const socketDirectory = runningServerSocket(dataDir);
    return {
      connection: { socketDirectory, port: LOCAL_SOCKET_PORT },
      via: 'running server',
      close: async () => {},
    };
  }
}
