/**
 * Start-up benchmark: cold start (empty data directory: migrate, seed the
 * demo universe, build the site) and warm restart, each to the first 200 of
 * the health check and of the home page, plus resident memory once serving.
 * Prints one JSON line per figure.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function emit(metric: string, value: number, unit: string, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ bench: 'startup', metric, value: Math.round(value * 10) / 10, unit, ...extra }));
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function firstOk(url: string, deadline: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`no 200 from ${url} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function run(label: 'cold' | 'warm', env: Record<string, string>): Promise<void> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /API listening on (http:\/\/localhost:\d+)/.exec(out);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(out));
      }
    }, 10);
  });
  const deadline = started + 15 * 60_000;
  const health = await firstOk(`${base}/healthz`, deadline);
  const home = await firstOk(`${base}/`, deadline);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  emit(`${label}_start_to_first_200_healthz`, health - started, 'ms');
  emit(`${label}_start_to_first_200_home`, home - started, 'ms');
  emit(`${label}_rss_after_start`, rssMiB(child.pid!), 'MiB');
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-'));
const env = { PORT: '0', DATA_DIR: path.join(dir, 'data'), SITE_DIR: path.join(dir, 'site') };
try {
  await run('cold', env);
  await run('warm', env);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
