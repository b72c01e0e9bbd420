// Starts the site for the browser tests from a clean data directory each run.
import fs from 'node:fs';
import { main } from '../../src/server/main.ts';

const workDir = process.env.E2E_WORK_DIR;
if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
await main();
