/**
 * npm run db:backup -- FILE
 * Writes a consistent backup of the database the server uses to FILE (gzip),
 * whether or not the server runs: the embedded database is read through the
 * running server. Restore it with npm run db:restore.
 */
import path from 'node:path';
import { BackupError, backupDatabase } from '../src/server/platform/db/backup.ts';
import { complain, fail, openDatabaseOrFail, toolConfig } from './tool-support.ts';

const USAGE = 'Usage: npm run db:backup -- FILE   (for example backups/redcap-2026-11-25.backup.gz)';
const file = process.argv[2];
if (!file || file.startsWith('-') || process.argv.length > 3) fail(USAGE);

const target = path.resolve(file);
const database = await openDatabaseOrFail(toolConfig());
const started = performance.now();
try {
  const header = await backupDatabase(database.db, target, (table, rows) =>
    process.stdout.write(`▸ ${table}: ${rows.toLocaleString('en-US')} rows\n`),
  );
  const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Backed up ${Object.keys(header.tables).length} tables (${rows.toLocaleString('en-US')} rows) to ${target} in ${seconds} s.\n`,
  );
} catch (error) {
  if (!(error instanceof BackupError || (error as NodeJS.ErrnoException).code)) throw error;
  complain(`Backup failed, nothing written: ${(error as Error).message}`);
} finally {
  await database.close();
}
