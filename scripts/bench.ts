/** `npm run bench`: every benchmark, one after another; each prints JSON lines. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHMARKS = ['startup', 'auth', 'screener', 'hostile', 'events', 'chat', 'tools', 'newsletter', 'build'];
let failed = false;
for (const name of BENCHMARKS) {
  const script = path.join(import.meta.dirname, 'bench', `${name}.ts`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
