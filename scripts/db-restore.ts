/**
 * npm run db:restore -- FILE
 * Replaces every row of the database the server uses with the backup in
 * FILE, in one transaction (all or nothing). Works whether or not the server
 * runs; a running server should be restarted afterwards, so its caches and
 * the site follow the restored data.
 */
import { BackupError, restoreDatabase } from '../src/server/platform/db/backup.ts';
import { complain, fileArgument, openDatabaseOrFail, sayTable, secondsSince, cliConfig } from './cli-support.ts';

const source = fileArgument('Usage: npm run db:restore -- FILE   (a file written by npm run db:backup)');
const database = await openDatabaseOrFail(cliConfig());
const started = performance.now();
try {
  const header = await restoreDatabase(database.db, source, sayTable);
  process.stdout.write(
    `Restored the backup of ${header.createdAt} (${Object.keys(header.tables).length} tables) in ${secondsSince(started)} s.\n` +
      'If the server is running, restart it so it serves the restored data everywhere.\n',
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  complain(`Restore failed, nothing changed: ${error.message}`);
} finally {
  await database.close();
}
