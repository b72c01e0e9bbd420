/**
 * Starts the real server (`scripts/start.ts`) as a child process, the way
 * `npm start` does, with its own data directory and an OS-assigned port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
}

export function tempDataDir(prefix = 'redcap-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A new data directory holding an empty, migrated embedded database, as a
 * server leaves it after its first start (copied from the process tests'
 * template, see data-dir-template.ts): for tests whose subject is not the
 * creation of a new directory.
 */
export function migratedDataDir(): string {
  const dir = tempDataDir();
  fs.cpSync(inject('migratedDataDirTemplate'), dir, { recursive: true });
  return dir;
}

/**
 * Settings of a server that seeds a small demo universe (50 companies) and
 * publishes its whole site at once, then rebuilds 0.1 s after an edit.
 */
export const DEMO_SITE_ENV = {
  BUILD_SITE: 'true',
  SEED_DEMO_DATA: 'true',
  DEMO_COMPANY_COUNT: '50',
  SITE_REBUILD_DEBOUNCE_MS: '100',
  SITE_FIRST_PAGES_FIRST: 'false',
} as const;

export function startServer(env: Record<string, string>, { waitForListening = true } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', BUILD_SITE: 'false', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const server: Omit<ServerProcess, 'url'> = { child, output: () => log, exited };
  if (!waitForListening) return Promise.resolve({ ...server, url: '' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Stopped, so a test that gives up on it leaves no server running behind it.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${log}`));
    }, 90_000);
    const check = () => {
      const match = /API listening on (http:\/\/localhost:\d+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ ...server, url: match[1] });
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });
}

/**
 * A staff account on the database `env` names (DATA_DIR or DATABASE_URL), made the way an operator makes one
 * (npm run staff:add); throws with the command's output when it fails.
 */
export function addStaffAccount(env: Record<string, string>, staff: { email: string; password: string }): void {
  const added = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts', 'staff-add.ts'), '--email', staff.email, '--password', staff.password],
    { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
  );
  if (added.status !== 0) throw new Error(`staff:add failed: ${added.stderr}`);
}
