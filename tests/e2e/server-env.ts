/**
 * The browser tests' server: the real server started the README way
 * (serve.ts over scripts/start.ts) with data and site directories of its
 * own. Started by Playwright (playwright.config.ts), or by `npm test` ahead
 * of time (scripts/test.ts), with the same settings either way.
 */
import path from 'node:path';

export const E2E_SERVER_SCRIPT = 'tests/e2e/serve.ts';

export function e2eServerEnv({
  port,
  oidcPort,
  workDir,
}: {
  port: number;
  oidcPort: number;
  workDir: string;
}): Record<string, string> {
  const baseURL = `http://localhost:${port}`;
  return {
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
  };
}
