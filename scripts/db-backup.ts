/**
 * npm run db:backup -- FILE
 * Writes a consistent backup of the database the server uses to FILE (gzip),
 * whether or not the server runs: the embedded database is read through the
 * running server. Restore it with npm run db:restore.
 */
import { BackupError, backupDatabase } from '../src/server/platform/db/backup.ts';
import { complain, fileArgument, openDatabaseOrFail, sayTable, secondsSince, cliConfig } from './cli-support.ts';

const target = fileArgument('Usage: npm run db:backup -- FILE   (for example backups/redcap-2026-11-25.backup.gz)');
const database = await openDatabaseOrFail(cliConfig());
const started = performance.now();
try {
  const header = await backupDatabase(database.db, target, sayTable);
  const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `Backed up ${Object.keys(header.tables).length} tables (${rows.toLocaleString('en-US')} rows) to ${target} in ${secondsSince(started)} s.\n`,
  );
} catch (error) {
  if (!(error instanceof BackupError || (error as NodeJS.ErrnoException).code)) throw error;
  complain(`Backup failed, nothing written: ${(error as Error).message}`);
} finally {
  await database.close();
}
