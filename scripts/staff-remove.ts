/**
 * npm run staff:remove -- --email E
 * Takes the staff role from an account (it stays an ordinary account) and
 * signs it out everywhere. Works whether or not the server runs.
 */
import { parseArgs } from 'node:util';
import { removeStaff } from '../src/server/features/accounts/index.ts';
import { isDomainError } from '../src/server/platform/errors.ts';
import { complain, fail, openDatabaseOrFail, cliConfig } from './cli-support.ts';

const USAGE = 'Usage: npm run staff:remove -- --email E';

let email: string | undefined;
try {
  email = parseArgs({ options: { email: { type: 'string' } } }).values.email;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (!email) fail(USAGE);

const database = await openDatabaseOrFail(cliConfig());
try {
  const user = await removeStaff(database.db, email);
  process.stdout.write(`${user.email} is no longer staff, and is signed out everywhere.\n`);
} catch (error) {
  if (!isDomainError(error)) throw error;
  complain(error.message);
} finally {
  await database.close();
}
