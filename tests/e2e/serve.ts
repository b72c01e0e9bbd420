// Starts the site for the browser tests from a clean data directory each run,
// with a staff account for the content tests (see account-helpers.ts).
import fs from 'node:fs';
import { loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { main } from '../../src/server/main.ts';
import { upsertStaff } from '../../src/server/features/accounts/index.ts';
import { STAFF } from './staff.ts';

const workDir = process.env.E2E_WORK_DIR;
if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
const database = await openDatabase(loadConfig().database);
await upsertStaff(database.db, STAFF);
await database.close();
await main();
