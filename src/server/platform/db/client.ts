/**
 * Opens the database: PostgreSQL when a URL is given (postgres.ts), otherwise the embedded PGlite in
 * the data directory (pglite.ts). Both speak one SQL dialect and share one Drizzle schema, so services
 * never ask which one they run on; what they share is here (transactions, raw rows, bulk sizes).
 */
import type { Database, DatabaseOptions, Db } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export { MIGRATIONS_FOLDER, type Database, type DatabaseOptions, type Db } from './database.ts';

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
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const outer = openTransactions.get(db);
  if (outer) {
    // A savepoint inside a transaction: what it asks to run after commit waits for the outermost commit.
    return db.transaction((tx) => {
      openTransactions.set(tx, outer);
      return work(tx);
    });
  }
  const opened: OpenTransaction = { root: db, afterCommit: [] };
  const result = await db.transaction((tx) => {
    openTransactions.set(tx, opened);
    return work(tx);
  });
  for (const then of opened.afterCommit) then(db);
  return result;
}

interface OpenTransaction {
  /** The handle the transaction was opened on. */
  root: Db;
  afterCommit: ((root: Db) => void)[];
}

/** The transactions opened by transaction(), by their handle (a savepoint's handle maps to its outermost). */
const openTransactions = new WeakMap<Db, OpenTransaction>();

/**
 * Runs `then` once what was written through `handle` is committed: after the
 * outermost transaction's commit when `handle` is a transaction's (never, if
 * it rolls back), at once otherwise (a statement outside a transaction is
 * committed when it returns). `then` gets the handle the transaction was
 * opened on, which is what listeners are keyed by.
 */
export function afterCommit(handle: Db, then: (root: Db) => void): void {
  const open = openTransactions.get(handle);
  if (open) open.afterCommit.push(then);
  else then(handle);
}
