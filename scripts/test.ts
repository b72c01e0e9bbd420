/**
 * `npm test`: every suite in one go. Vitest (unit, API on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, and whole-process tests), then the
 * Playwright browser tests against the started site. Installs Debian's
 * Chromium first when it is missing, and nginx for the production-layout
 * test when PostgreSQL is there to run it. Ends with one line of totals.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-test-reports-'));

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
  if (fs.existsSync(CHROMIUM)) return;
  if (process.env.CHROMIUM_PATH || !aptInstall(['chromium'], 'Chromium, for the browser tests')) {
    console.error(`Chromium is not available at ${CHROMIUM}: install it or set CHROMIUM_PATH.`);
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

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

ensureChromium();
ensureNginx();

const vitestReport = path.join(reports, 'vitest.json');
const vitestCode = run(process.execPath, [
  path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}>(vitestReport);

const playwrightReport = path.join(reports, 'playwright.json');
const playwrightCode = run(
  process.execPath,
  [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);
const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
  playwrightReport,
);

const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  lines.push(`  vitest (unit, API, process): ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else {
  totals.failed += 1;
  lines.push('  vitest: no report (the run did not complete)');
}
if (playwright) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  lines.push(
    `  playwright (browser): ${expected + flaky} passed, ${unexpected} failed${flaky ? ` (${flaky} flaky)` : ''}`,
  );
} else {
  totals.failed += 1;
  lines.push('  playwright: no report (the run did not complete)');
}
fs.rmSync(reports, { recursive: true, force: true });

console.log('\nSummary');
for (const line of lines) console.log(line);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(vitestCode !== 0 || playwrightCode !== 0 || totals.failed > 0 ? 1 : 0);
