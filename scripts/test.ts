/**
 * `npm test`: every suite in one go. Vitest's in-process suites first (unit,
 * islands, API on PGlite and, with TEST_DATABASE_URL, on PostgreSQL); then
 * the whole-process tests (two files at a time), then the Playwright browser
 * tests. Each keeps both cores busy, so they run one after the other; only
 * the browser tests' server is started as the process tests begin, so its
 * site build uses the share of the cores they leave idle while their
 * servers start and wait.
 * Installs the browser the browser tests drive (Debian's Chromium headless
 * shell, see tests/helpers/browser.ts) first when it is missing, and nginx
 * for the production-layout test when PostgreSQL is there to run it. Ends
 * with each suite's wall time and one line of totals.
 *
 * `npm run test:quick` (`--quick`): the in-process suites only, without the
 * PostgreSQL one.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_SERVER_SCRIPT, e2eServerEnv } from '../tests/e2e/server-env.ts';
import { BROWSER_PACKAGE, BROWSER_PATH } from '../tests/helpers/browser.ts';
import { freePort } from '../tests/helpers/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const PLAYWRIGHT = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const quick = process.argv.includes('--quick');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-test-reports-'));
// The servers and command-line tools the tests start (dozens of Node processes) reuse V8's compiled code of
// the modules the first one loaded: a start costs a fifth less.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'redcap-test-compile-cache');
// Every Node process the tests start (test workers, command-line tools) resolves modules the way the server does
// (scripts/preload.ts): each loads the database layer in a third of the time.
process.env.NODE_OPTIONS =
  `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(ROOT, 'scripts', 'preload.ts')}`.trim();

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Installs Debian packages as root; says what to do otherwise. */
function aptInstall(packages: string[], purpose: string): boolean {
  if (process.getuid?.() !== 0) {
    console.error(`${purpose}: not installed. Install it (apt-get install -y ${packages.join(' ')}).`);
    return false;
  }
  console.log(`Installing ${packages.join(', ')} (${purpose})...`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  return (
    run('apt-get', ['update', '-qq'], env) === 0 && run('apt-get', ['install', '-y', '-qq', ...packages], env) === 0
  );
}

function ensureChromium(): void {
  if (fs.existsSync(BROWSER_PATH)) return;
  if (process.env.CHROMIUM_PATH || !aptInstall([BROWSER_PACKAGE], 'Chromium, for the browser tests')) {
    console.error(`Chromium is not available at ${BROWSER_PATH}: install it or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

/** The production-layout test runs nginx in front of PostgreSQL-backed instances: only with PostgreSQL. */
function ensureNginx(): void {
  if (!process.env.TEST_DATABASE_URL || fs.existsSync('/usr/sbin/nginx')) return;
  if (!aptInstall(['nginx', 'libnginx-mod-http-brotli-static'], 'nginx, for the production-layout test')) {
    console.error('Without nginx the production-layout test is skipped.');
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** What follows the counts on the suite's summary line. */
  note?: string;
}

interface SuiteResult {
  name: string;
  code: number;
  seconds: number;
  counts: Counts | null;
}

async function timed(name: string, work: () => Promise<{ code: number; counts: Counts | null }>): Promise<SuiteResult> {
  const started = performance.now();
  const { code, counts } = await work();
  return { name, code, counts, seconds: (performance.now() - started) / 1000 };
}

/** One vitest run over some of its projects (its output shown as it comes), counted from its JSON report. */
function vitest(name: string, projects: string[], env: Record<string, string> = {}): Promise<SuiteResult> {
  return timed(name, async () => {
    const report = path.join(reports, `vitest-${name}.json`);
    const code = run(
      process.execPath,
      [
        VITEST,
        'run',
        ...projects.map((project) => `--project=${project}`),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      env,
    );
    const json = readJson<{
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    }>(report);
    const counts = json && {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
    return { code, counts };
  });
}

interface BrowserTestServer {
  /** What the browser tests are told, so Playwright uses this server instead of starting its own. */
  env: Record<string, string>;
  /** Resolves once the server serves its built site; rejects with its output when it cannot. */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the browser tests' server (tests/e2e/server-env.ts) the way Playwright would, ahead of them. */
async function startBrowserTestServer(): Promise<BrowserTestServer> {
  const port = await freePort();
  const oidcPort = await freePort();
  const workDir = path.join(os.tmpdir(), 'redcap-e2e', String(port));
  const env = {
    E2E_PORT: String(port),
    E2E_OIDC_PORT: String(oidcPort),
    E2E_WORK_DIR: workDir,
    E2E_SERVER_STARTED: '1',
  };
  const logFile = path.join(reports, 'browser-test-server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [E2E_SERVER_SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, ...e2eServerEnv({ port, oidcPort, workDir }) },
    stdio: ['ignore', 'ignore', log],
  });
  // Below the process tests' own processes: its build takes what they leave idle, not their share.
  if (child.pid) os.setPriority(child.pid, 10);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const output = () => fs.readFileSync(logFile, 'utf8').slice(-3000);
  return {
    env,
    async ready() {
      const deadline = Date.now() + 300_000;
      while (Date.now() < deadline) {
        if (!running()) throw new Error(`The browser tests' server stopped before serving:\n${output()}`);
        // The server answers 503 while it builds the site.
        const status = await fetch(`http://localhost:${port}/`).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`The browser tests' server did not serve its site within 300 s:\n${output()}`);
    },
    async stop() {
      if (!running()) return fs.closeSync(log);
      // As Playwright stops its own: SIGTERM, then 15 s to finish.
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) child.kill('SIGKILL');
      fs.closeSync(log);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function playwright(server: BrowserTestServer): Promise<SuiteResult> {
  return timed('playwright', async () => {
    try {
      await server.ready();
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return { code: 1, counts: null };
    }
    const report = path.join(reports, 'playwright.json');
    const code = run(process.execPath, [PLAYWRIGHT, 'test'], { ...server.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report });
    const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(report);
    const counts = json && {
      passed: json.stats.expected + json.stats.flaky,
      failed: json.stats.unexpected,
      skipped: json.stats.skipped,
      note: json.stats.flaky ? `(${json.stats.flaky} flaky)` : undefined,
    };
    return { code, counts };
  });
}

const results: SuiteResult[] = [];
const runStarted = performance.now();
if (!quick) {
  ensureChromium();
  ensureNginx();
}
results.push(await vitest('unit', ['unit', 'islands']));
results.push(await vitest('db', quick ? ['db-pglite'] : ['db-*']));
if (!quick) {
  // One after the other: side by side, the process tests' servers and the browser tests would only share the same
  // two cores. The browser tests' server builds its site meanwhile, on what the process tests leave idle.
  const browserTestServer = await startBrowserTestServer();
  try {
    results.push(await vitest('process', ['process']));
    results.push(await playwright(browserTestServer));
  } finally {
    await browserTestServer.stop();
  }
}
fs.rmSync(reports, { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
console.log('\nSummary');
for (const { name, code, seconds, counts } of results) {
  const time = `${seconds.toFixed(0)} s`;
  if (!counts) {
    totals.failed += 1;
    console.log(`  ${name}: no report (the run did not complete, exit ${code}), ${time}`);
    continue;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  console.log(
    `  ${name}: ${counts.passed} passed, ${counts.failed} failed${counts.note ? ` ${counts.note}` : ''}, ${time}`,
  );
}
console.log(`Wall time: ${results.map(({ name, seconds }) => `${name} ${seconds.toFixed(0)} s`).join(', ')}`);
console.log(`Total ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(results.some(({ code }) => code !== 0) || totals.failed > 0 ? 1 : 0);
