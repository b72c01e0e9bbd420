/** Starts the real server for a benchmark, on a free port with its own data directory. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface BenchServer {
  url: string;
  /** performance.now() just before the process was spawned. */
  startedAt: number;
  child: ChildProcess;
  dataDir: string;
  /** Resident and peak memory of the server process, MiB. */
  memory(): { rss: number; peak: number };
  /** Stops the server; the data directory is removed unless kept for a restart. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

/** Starts a server; with `existingDataDir` it reopens that directory instead of a new one. */
export async function startBenchServer(
  env: Record<string, string> = {},
  existingDataDir?: string,
): Promise<BenchServer> {
  const dataDir = existingDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-'));
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'site'),
      // The load generator is one client address making many calls at once, on purpose.
      EXPENSIVE_CALLS_PER_ADDRESS: '1000',
      // Benchmarks measure a whole site; the start-up benchmark measures the first pages on their own.
      SITE_FIRST_PAGES_FIRST: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /API listening on (http:\/\/localhost:\d+)/.exec(out);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(out));
      }
    }, 20);
  });
  return {
    url,
    startedAt,
    child,
    dataDir,
    memory() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
    },
    async stop({ keepDataDir = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.on('exit', resolve));
      } else {
        // It ended by itself: say so, with its last words, instead of waiting for an exit that came.
        console.error(`the server ended by itself (${child.exitCode ?? child.signalCode}); its last output:`);
        console.error(out.slice(-4000));
      }
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL server to measure on: BENCH_DATABASE_URL, or one on 127.0.0.1:5432, or none. */
export async function postgresAvailable(): Promise<string | null> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const open = await new Promise<boolean>((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
  return open ? 'postgres://postgres@127.0.0.1:5432/test' : null;
}

/** A fresh database on that server for one measurement, dropped by `drop`. */
export async function createBenchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `bench_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const emitter =
  (bench: string) =>
  (metric: string, value: number, unit: string): void =>
    console.log(JSON.stringify({ bench, metric, value: Math.round(value * 100) / 100, unit }));

/**
 * Figures with targets: `judge` prints a figure, its target (`<metric>_target`)
 * and whether it was met (`<metric>_pass`, 1 or 0); `summarize` prints one
 * PASS/FAIL line per judged figure to stderr.
 */
export function createJudge(bench: string) {
  const emit = emitter(bench);
  const summary: string[] = [];
  return {
    emit,
    judge(metric: string, value: number, unit: string, target: { max: number } | { min: number }): void {
      const pass = 'max' in target ? value <= target.max : value >= target.min;
      const limit = 'max' in target ? target.max : target.min;
      emit(metric, value, unit);
      emit(`${metric}_target`, limit, unit);
      emit(`${metric}_pass`, pass ? 1 : 0, 'flag');
      const shown = Math.round(value * 100) / 100;
      summary.push(
        `${pass ? 'PASS' : 'FAIL'}  ${metric} = ${shown} ${unit} (target ${'max' in target ? '≤' : '≥'} ${limit})`,
      );
    },
    summarize(): void {
      if (summary.length > 0) console.error(`${bench} bench:\n  ${summary.join('\n  ')}`);
    },
  };
}

/** An account a benchmark signs in with (staff:add makes it, verified, with this password). */
export interface BenchAccount {
  email: string;
  password: string;
}

/** Adds the account to the database of `env` (DATA_DIR or DATABASE_URL), before or while a server holds it. */
export function addAccount(account: BenchAccount, env: Record<string, string>): void {
  const made = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts', 'staff-add.ts'), '--email', account.email, '--password', account.password],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'error', ...env }, encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`staff:add failed: ${made.stderr}`);
}

/** Signs the account in at the server's URL: its bearer token. */
export async function signIn(url: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
