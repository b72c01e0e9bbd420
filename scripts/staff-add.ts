/**
 * npm run staff:add -- --email E --password P [--name N]
 * Creates a verified staff account, or promotes an existing account to staff
 * (setting the given password). Uses the same database settings as the
 * server, and works whether or not the server runs.
 */
import { parseArgs } from 'node:util';
import { upsertStaff } from '../src/server/features/accounts/index.ts';
import { isDomainError } from '../src/server/platform/errors.ts';
import { complain, fail, openDatabaseOrFail, cliConfig } from './cli-support.ts';

const USAGE = 'Usage: npm run staff:add -- --email E --password P [--name N]';

let args: { email?: string; password?: string; name?: string };
try {
  args = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (!args.email || !args.password) fail(USAGE);

const database = await openDatabaseOrFail(cliConfig());
try {
  const { user, created } = await upsertStaff(database.db, {
    email: args.email,
    password: args.password,
    name: args.name,
  });
  process.stdout.write(`${created ? 'Created' : 'Promoted'} staff account ${user.email} (verified).\n`);
} catch (error) {
  if (!isDomainError(error)) throw error;
  complain(error.message);
} finally {
  await database.close();
}
