// Starts the site for the browser tests from a clean data directory each run,
// with a staff account for the content tests (see account-helpers.ts).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { upsertStaff } from '../../src/server/features/accounts/index.ts';
import { main } from '../../src/server/main.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { STAFF } from './staff.ts';

/** Whether a server still answers on a port of this machine. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const workDir = process.env.E2E_WORK_DIR;
if (workDir) {
  fs.rmSync(workDir, { recursive: true, force: true });
  // Work directories of earlier runs are named by their port: remove those whose server is gone.
  const runs = path.dirname(workDir);
  for (const name of fs.existsSync(runs) ? fs.readdirSync(runs) : []) {
    if (/^\d+$/.test(name) && !(await listening(Number(name))))
      fs.rmSync(path.join(runs, name), { recursive: true, force: true });
  }
}
const database = await openDatabase(loadConfig().database);
await upsertStaff(database.db, STAFF);
await database.close();
await main();
