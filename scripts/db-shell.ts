/**
 * npm run db:shell [-- psql arguments]
 * Opens psql on the database the server uses: DATABASE_URL, or the embedded
 * database, through the running server or, when none runs, served by this
 * command until psql exits. Arguments go to psql:
 *   npm run db:shell -- -c 'select count(*) from users'
 */
import { spawn } from 'node:child_process';
import { DatabaseOpenError } from '../src/server/platform/db/errors.ts';
import { openCliEndpoint, type CliEndpoint } from '../src/server/platform/db/cli-connection.ts';
import { complain, fail, cliConfig } from './cli-support.ts';

const config = cliConfig();
let endpoint: CliEndpoint;
try {
  endpoint = await openCliEndpoint(config.database);
} catch (error) {
  if (error instanceof DatabaseOpenError) fail(error.message);
  throw error;
}

const args = process.argv.slice(2);
const env = { ...process.env };
if ('url' in endpoint.connection) {
  args.unshift(`--dbname=${endpoint.connection.url}`);
} else {
  // The embedded database answers any user and database name; these are the ones it reports.
  Object.assign(env, {
    PGHOST: endpoint.connection.socketDirectory,
    PGPORT: String(endpoint.connection.port),
    PGUSER: 'postgres',
    PGDATABASE: 'postgres',
  });
}
if (endpoint.via === 'data directory' && process.stdin.isTTY) {
  process.stderr.write('▸ No server is running: this shell holds the database until you quit it (\\q).\n');
}

const psql = spawn('psql', args, { env, stdio: 'inherit' });
// Ctrl-C belongs to psql (it cancels the running query); a stop request is passed on to it.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => psql.kill(signal));

const exitCode = await new Promise<number>((resolve) => {
  psql.on('error', (error: NodeJS.ErrnoException) => {
    complain(
      error.code === 'ENOENT'
        ? 'psql is not installed: install the PostgreSQL client (Debian or Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), then run this again.'
        : `psql could not be started: ${error.message}`,
    );
    resolve(1);
  });
  psql.on('exit', (code) => resolve(code ?? 1));
});
await endpoint.close();
process.exit(exitCode);
