// Starts the site for the browser tests from a clean data directory each run,
// with a staff account for the content tests (see account-helpers.ts).
import fs from 'node:fs';
import path from 'node:path';
import { upsertStaff } from '../../src/server/features/accounts/index.ts';
import { main } from '../../src/server/main.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { STAFF } from './staff.ts';
import { processRunning } from '../helpers/process-running.ts';

/** The file naming the process that owns a work directory (this script, while its run lasts). */
const OWNER_FILE = 'owner.pid';
/** A work directory without an owner file is left alone this long: its run may be writing it right now. */
const UNOWNED_GRACE_MS = 60 * 60 * 1000;

/**
 * Whether an earlier run's work directory can go: its owner has ended. A run
 * that is still starting (its server not listening yet) owns its directory
 * already, so it is never removed under it.
 */
function stale(dir: string): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    return Number.isInteger(pid) && pid > 0 && !processRunning(pid);
  } catch {
    try {
      return Date.now() - fs.statSync(dir).mtimeMs > UNOWNED_GRACE_MS;
    } catch {
      return false;
    }
  }
}

const workDir = process.env.E2E_WORK_DIR;
if (workDir) {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  fs.writeFileSync(path.join(workDir, OWNER_FILE), String(process.pid));
  // Work directories of earlier runs are named by their port: remove those whose run has ended.
  const runs = path.dirname(workDir);
  for (const name of fs.readdirSync(runs)) {
    const dir = path.join(runs, name);
    if (/^\d+$/.test(name) && dir !== workDir && stale(dir)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
const database = await openDatabase(loadConfig().database);
await upsertStaff(database.db, STAFF);
await database.close();
await main();
