/**
 * PostgreSQL restarted under load, on a cluster of the test's own: the
 * requests that meet the outage answer 503 with Retry-After (never 500, never
 * a hang), readiness answers within a second all along, and once the
 * database is back every request succeeds again without restarting the site.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPrivatePostgres,
  privatePostgresUnavailable,
  type PrivatePostgres,
} from '../helpers/private-postgres.ts';
import { startServer, tempDataDir } from '../helpers/server-process.ts';

const unavailable = privatePostgresUnavailable();
const dataDir = tempDataDir();
let cluster: PrivatePostgres | null = null;
afterAll(async () => {
  await cluster?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  path: string;
  startedAt: number;
  at: number;
  status: number;
  retryAfter: string | null;
  error: string | null;
}

async function call(url: string, path: string): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return {
      path,
      startedAt,
      at: Date.now(),
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      error: null,
    };
  } catch (error) {
    return { path, startedAt, at: Date.now(), status: 0, retryAfter: null, error: String(error) };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(unavailable !== null)('a PostgreSQL restart under load', () => {
  it('costs only 503s with Retry-After while the database is away, readiness answers within a second, and service resumes by itself', async () => {
    cluster = await createPrivatePostgres();
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      SEED_DEMO_DATA: 'true',
      DEMO_COMPANY_COUNT: '60',
      EXPENSIVE_CALLS_PER_ADDRESS: '1000',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
    try {
      // The port answers before the seed ends; the site is ready when /readyz says so.
      while ((await call(server.url, '/readyz')).status !== 200) await sleep(200);
      const first = (await (
        await fetch(`${server.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: '{ filteredCompanies(data: {page: 1, pageSize: 1}) { companies { symbol } } }',
          }),
        })
      ).json()) as { data: { filteredCompanies: { companies: { symbol: string }[] } } };
      const symbol = first.data.filteredCompanies.companies[0]?.symbol;
      expect(symbol).toBeTruthy();

      // Calls that each need the database: articles, filings, holders.
      const load = ['/api/news/all?limit=5', `/api/stock/filings/${symbol}`, `/api/stock/institutional/${symbol}`];
      let running = true;
      const outcomes: Outcome[] = [];
      const workers = Array.from({ length: 24 }, async (_, i) => {
        for (let n = i; running; n++) {
          outcomes.push(await call(server.url, load[n % load.length]!));
          await sleep(20);
        }
      });
      const readiness: Outcome[] = [];
      const prober = (async () => {
        while (running) {
          readiness.push(await call(server.url, '/readyz'));
          await sleep(100);
        }
      })();

      await sleep(1500);
      const stoppedAt = Date.now();
      await cluster.stop();
      const stopReturnedAt = Date.now();
      await sleep(3000);
      await cluster.start();
      const backAt = Date.now();
      // Within a second of the database's return every call is served again.
      await sleep(1000);
      const settledAt = Date.now();
      await sleep(2000);
      running = false;
      await Promise.all([...workers, prober]);

      // No answer is a network failure or a server error other than 503, and every 503 says when to come back.
      expect(outcomes.filter((outcome) => outcome.error !== null)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 503)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.status === 503 && !outcome.retryAfter)).toEqual([]);
      // The outage was felt: requests made while the database was down were refused with 503.
      const duringOutage = outcomes.filter((o) => o.startedAt > stopReturnedAt && o.at < backAt);
      expect(duringOutage.length).toBeGreaterThan(20);
      expect(duringOutage.every((outcome) => outcome.status === 503)).toBe(true);
      // Requests did not wait out the outage: each was answered in well under its length.
      expect(Math.max(...duringOutage.map((outcome) => outcome.at - outcome.startedAt))).toBeLessThan(1500);
      // Before the stop and after recovery, every call is served as usual.
      const ok = (outcome: Outcome) => outcome.status === 200 || outcome.status === 401;
      expect(outcomes.filter((o) => o.at < stoppedAt && !ok(o))).toEqual([]);
      const after = outcomes.filter((o) => o.startedAt > settledAt);
      expect(after.length).toBeGreaterThan(50);
      expect(after.filter((o) => !ok(o))).toEqual([]);

      // Readiness: always answered within a second; 503 with Retry-After while down, 200 before and after.
      expect(readiness.filter((probe) => probe.error !== null || probe.at - probe.startedAt > 1100)).toEqual([]);
      const downProbes = readiness.filter((probe) => probe.startedAt > stopReturnedAt && probe.at < backAt);
      expect(downProbes.length).toBeGreaterThan(5);
      expect(downProbes.every((probe) => probe.status === 503 && probe.retryAfter !== null)).toBe(true);
      expect(readiness.filter((probe) => probe.startedAt > settledAt).every((probe) => probe.status === 200)).toBe(
        true,
      );
      expect(readiness.filter((probe) => probe.at < stoppedAt).every((probe) => probe.status === 200)).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
