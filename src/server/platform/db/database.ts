/**
 * What every part of the server holds a database by: the handle queries run on (Db), the opened
 * database with its own operations (Database), and how to open one (DatabaseOptions): PostgreSQL
 * (postgres.ts) or the embedded PGlite (pglite.ts), one SQL dialect and one schema.
 */
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Availability } from './availability.ts';

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

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../../drizzle', import.meta.url));

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
