/**
 * What the database commands (staff:add, staff:remove, db:shell, db:backup, db:restore) share: the
 * server's settings, and one line on stderr when they cannot go on.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../src/server/platform/config.ts';
import { DatabaseOpenError } from '../src/server/platform/db/errors.ts';
import { openCliDatabase, type CliDatabase } from '../src/server/platform/db/cli-connection.ts';

/** Says why the command failed; it exits with 1 once it has closed what it opened. */
export function complain(message: string): void {
  process.stderr.write(`✖ ${message}\n`);
  process.exitCode = 1;
}

export function fail(message: string): never {
  complain(message);
  process.exit(1);
}

/** The server's settings (DATA_DIR, DATABASE_URL…), so a command works on the same database. */
export function cliConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

export async function openDatabaseOrFail(config: Config): Promise<CliDatabase> {
  try {
    return await openCliDatabase(config.database);
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
}

/** The one FILE argument of a backup command (as an absolute path), or its usage line and exit. */
export function fileArgument(usage: string): string {
  const file = process.argv[2];
  if (!file || file.startsWith('-') || process.argv.length > 3) fail(usage);
  return path.resolve(file);
}

/** Progress of a backup command: one line per table. */
export const sayTable = (table: string, rows: number): void => {
  process.stdout.write(`▸ ${table}: ${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}\n`);
};

/** Seconds since `started` (a performance.now() reading), for a command's last line. */
export const secondsSince = (started: number): string => ((performance.now() - started) / 1000).toFixed(1);

/** Counts as the progress shows them: items, or bytes of a file in MB. */
const amount = (value: number, unit: 'items' | 'bytes') =>
  unit === 'bytes' ? `${(value / 1e6).toFixed(1)} MB` : value.toLocaleString('en-US');

/** A progress bar on a terminal, a line per tenth otherwise. */
export function progressBar(label: string, unit: 'items' | 'bytes' = 'items'): (done: number, total: number) => void {
  let shownTenth = -1;
  return (done, total) => {
    const share = total ? done / total : 1;
    if (process.stdout.isTTY) {
      const width = 30;
      const filled = Math.round(share * width);
      process.stdout.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(share * 100)}% ${amount(done, unit)}/${amount(total, unit)}${done === total ? '\n' : ''}`,
      );
    } else if (Math.floor(share * 10) > shownTenth) {
      shownTenth = Math.floor(share * 10);
      process.stdout.write(`${label}: ${Math.round(share * 100)}% (${amount(done, unit)} of ${amount(total, unit)})\n`);
    }
  };
}
