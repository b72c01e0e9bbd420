/** An in-process API over a fresh test database, optionally seeded with a small demo universe. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createApp, type AppDeps } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import type { AppEnv } from '../../src/server/platform/http/context.ts';
import { createLogger } from '../../src/server/platform/logger.ts';
import { NO_SITE, type SiteState } from '../../src/server/features/site-build/state.ts';
import { createSnapshotStore, type SnapshotStore } from '../../src/server/features/screener/snapshot.ts';
import { TEST_SEED, createTestDatabase, type TestDatabase } from './database.ts';

export const TEST_AS_OF = TEST_SEED.asOf;

const rnd = () => Math.floor(Math.random() * 250) + 1;

export interface TestApp extends TestDatabase {
  app: OpenAPIHono<AppEnv>;
  /** The app's screener snapshot (invalidated when market data or companies change). */
  snapshots: SnapshotStore;
  /** JSON request helper: returns status, headers and parsed body. */
  call(
    method: string,
    path: string,
    options?: { json?: unknown; body?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: unknown; text: string }>;
}

export async function createTestApp(
  options: {
    seedCompanies?: number;
    site?: SiteState;
    env?: Record<string, string>;
    sns?: AppDeps['sns'];
    chatClock?: AppDeps['chatClock'];
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase({ seedCompanies: options.seedCompanies });
  // Behind a trusted proxy each test call can speak for a client address of its own.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    BODY_LIMIT_BYTES: String(64 * 1024),
    TRUST_PROXY: 'true',
    // Sign-in slow-downs in milliseconds rather than seconds.
    SIGN_IN_DELAY_MS: '25',
    // Tests write content straight into the database: answers are never reused unless a test asks.
    PUBLIC_CACHE_TTL_MS: '0',
    ...options.env,
  });
  const snapshots = createSnapshotStore(testDb.database.db);
  const app = createApp({
    config,
    database: testDb.database,
    logger: createLogger('silent'),
    site: options.site ?? NO_SITE,
    snapshots,
    sns: options.sns,
    chatClock: options.chatClock,
  });
  return {
    ...testDb,
    app,
    snapshots,
    async call(method, path, { json, body, headers = {} } = {}) {
      const init: RequestInit = {
        method,
        headers: { 'x-forwarded-for': `10.${rnd()}.${rnd()}.${rnd()}`, ...headers },
      };
      if (json !== undefined) {
        init.body = JSON.stringify(json);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      } else if (body !== undefined) {
        init.body = body;
      }
      const response = await app.request(path, init);
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON (an HTML page, say): callers read `text`.
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
  };
}
