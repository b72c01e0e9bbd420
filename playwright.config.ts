import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BROWSER_PATH } from './tests/helpers/browser.ts';
import { E2E_SERVER_SCRIPT, e2eServerEnv } from './tests/e2e/server-env.ts';
import { freePort } from './tests/helpers/free-port.ts';

// The browser tests run against the real server (tests/e2e/server-env.ts), on Debian's Chromium
// (tests/helpers/browser.ts).
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
    command: `"${process.execPath}" ${E2E_SERVER_SCRIPT}`,
    url: `${baseURL}/`,
    timeout: 240_000,
    // `npm test` starts the server ahead of the browser tests, with these settings, and says so.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    // The server finishes requests and closes its database before the run ends.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: e2eServerEnv({ port, oidcPort, workDir }),
  },
});
