import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BROWSER_PATH } from './tests/helpers/browser.ts';
import { freePort } from './tests/helpers/free-port.ts';

// The browser tests run against the real server, started the README way
// (scripts/start.ts) with its own data and site directories, on Debian's Chromium (tests/helpers/browser.ts).
// Ports are free ones picked once, in the runner; its workers inherit them.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_OIDC_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
// One work directory per run (by port), so two runs on one machine keep apart.
const workDir = (process.env.E2E_WORK_DIR ??= path.join(os.tmpdir(), 'redcap-e2e', String(port)));
export const baseURL = `http://localhost:${port}`;
const oidcPort = Number(process.env.E2E_OIDC_PORT);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    launchOptions: {
      executablePath: BROWSER_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    // Pages are tested as the network serves them; the service worker's own tests allow it (offline-app.spec.ts).
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `"${process.execPath}" tests/e2e/serve.ts`,
    url: `${baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    // The server finishes requests and closes its database before the run ends.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: path.join(workDir, 'data'),
      SITE_DIR: path.join(workDir, 'site'),
      E2E_WORK_DIR: workDir,
      DEMO_COMPANY_COUNT: '400',
      // The browser tests start once the whole site is built (the first-pages build is tested in tests/process).
      SITE_FIRST_PAGES_FIRST: 'false',
      SITE_URL: baseURL,
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
      LOG_LEVEL: 'warn',
      // Every browser test asks from one address: the per-address limit is checked by the API tests.
      CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: '1000',
      CHAT_MESSAGES_PER_MINUTE_PER_USER: '1000',
      // The browser tests sign up many readers from one address; the limit itself is checked by the API tests.
      SIGNUPS_PER_HOUR_PER_ADDRESS: '1000',
    },
  },
});
