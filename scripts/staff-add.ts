/**
 * npm run staff:add -- --email E --password P [--name N]
 * Creates a verified staff account, or promotes an existing account to staff
 * (setting the given password). Uses the same database settings as the server.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/platform/config.ts';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { DataDirectoryLockedError } from '../src/server/platform/db/lock.ts';
import { upsertStaff } from '../src/server/features/accounts/index.ts';
import { isDomainError } from '../src/server/platform/errors.ts';

function fail(message: string): never {
  process.stderr.write(`✖ ${message}\n`);
  process.exit(1);
}

let args: { email?: string; password?: string; name?: string };
try {
  args = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\nUsage: npm run staff:add -- --email E --password P [--name N]`);
}
if (!args.email || !args.password) fail('Usage: npm run staff:add -- --email E --password P [--name N]');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let database;
try {
  database = await openDatabase(config.database);
} catch (error) {
  if (error instanceof DataDirectoryLockedError) {
    fail(`${error.message}\nThe embedded database serves one process: stop the server, then run this again.`);
  }
  throw error;
}
try {
  const { user, created } = await upsertStaff(database.db, {
    email: args.email,
    password: args.password,
    name: args.name,
  });
  process.stdout.write(`${created ? 'Created' : 'Promoted'} staff account ${user.email} (verified).\n`);
} catch (error) {
  if (isDomainError(error)) fail(error.message);
  throw error;
} finally {
  await database.close();
}
