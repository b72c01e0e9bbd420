/**
 * Opening the server's database at start: migrated and, when empty, seeded
 * with demo data; while the server holds an embedded database, command-line
 * tools reach it through the server.
 */
import { lastCompletedTradingDay } from '../../lib/market-calendar.ts';
import { seedDemoData } from '../demo/seed.ts';
import type { Config } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { DatabaseOpenError } from '../platform/db/errors.ts';
import { DataDirectoryLockedError } from '../platform/db/lock.ts';
import type { Logger } from '../platform/logger.ts';
import { fail, say } from './progress.ts';

export async function openAndSeed(config: Config): Promise<Database> {
  const started = performance.now();
  say(
    config.database.kind === 'postgres' ? 'Opening PostgreSQL' : `Opening the embedded database in ${config.dataDir}`,
  );
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DataDirectoryLockedError || error instanceof DatabaseOpenError) fail(error.message);
    fail(
      `Cannot open the database (${config.database.kind === 'postgres' ? 'DATABASE_URL' : `DATA_DIR=${config.dataDir}`}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (database.recovered) say('The previous run did not shut down cleanly; the database was recovered.');
  say(`Database ready (${database.kind}, migrations applied) in ${Math.round(performance.now() - started)} ms`);
  if (config.seedDemoData) {
    // Under the start lock: a second instance starting on the same database waits, then finds the seed done.
    const outcome = await database.exclusive(() =>
      seedDemoData(database, {
        seed: config.demoSeed,
        companies: config.demoCompanyCount,
        asOf: lastCompletedTradingDay(new Date()),
        onProgress: say,
      }),
    );
    if (!outcome.seeded && outcome.reason !== 'demo data already present')
      say(`Demo data not loaded: ${outcome.reason}`);
  }
  return database;
}

/** While the server holds the embedded database, command-line tools (staff:add, db:shell) reach it through the server. */
export async function shareWithCli(database: Database, logger: Logger): Promise<void> {
  try {
    const socket = await database.shareWithCli({
      onError: (err) => logger.warn({ err }, 'a command-line tool connection failed'),
    });
    if (socket) say(`Command-line tools (npm run staff:add, db:shell) reach the database through ${socket}`);
  } catch (error) {
    say(
      `Command-line tools cannot reach the database while the server runs: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
