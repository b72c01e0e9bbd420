/**
 * A first start killed at any moment of the demo seed leaves a database the
 * next start recovers: it clears the half-written seed, seeds again and
 * serves. On the embedded database, and on PostgreSQL when TEST_DATABASE_URL
 * names a server (a fresh database per case). The cases run side by side:
 * each has a data directory (or database) of its own, and a start mostly
 * waits on its seed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, startServer, tempDataDir, type ServerProcess } from '../helpers/server-process.ts';

const COMPANIES = 50;
/** Progress lines of the seed, in order: the kill lands right after each appears. */
const STEPS = [
  'writing the industry lookup',
  'companies written',
  'daily prices',
  'news articles and newsletters',
  'IPO calendar entries',
  'Demo data: company pages (',
];

/** How long a start may take to reach a step of the seed (as long as a start may take to listen). */
const STEP_TIMEOUT_MS = 90_000;

async function killAfter(server: ServerProcess, line: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  try {
    // A start that ended (a bad setting, a crash) never reaches the step: said at once, not after the timeout.
    while (Date.now() < deadline && !server.output().includes(line) && server.child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(server.output(), `the seed never reached "${line}"`).toContain(line);
  } finally {
    // Killed whether or not the step came, so a failed case leaves no server behind.
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

async function seededCompanies(url: string): Promise<number> {
  const info = (await (await fetch(`${url}/api/site/info`)).json()) as { data: { demo: boolean; companies: number } };
  expect(info.data.demo).toBe(true);
  return info.data.companies;
}

const adminUrl = process.env.TEST_DATABASE_URL;

/** Runs `work` with the settings of a new, empty PostgreSQL database, dropped afterwards. */
async function withFreshDatabase(work: (env: Record<string, string>) => Promise<void>): Promise<void> {
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  const name = `seed_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const dataDir = tempDataDir();
  try {
    await work({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function interruptThenRestart(env: Record<string, string>, step: string): Promise<void> {
  const seedEnv = { ...env, SEED_DEMO_DATA: 'true', DEMO_COMPANY_COUNT: String(COMPANIES) };
  await killAfter(await startServer(seedEnv, { waitForListening: false }), step);
  const second = await startServer(seedEnv);
  try {
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await seededCompanies(second.url)).toBe(COMPANIES);
    const { news } = (await (await fetch(`${second.url}/api/news/all?limit=1`)).json()) as { news: unknown[] };
    expect(news).toHaveLength(1);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}

describe.concurrent('a start killed during the demo seed', () => {
  it.each(STEPS)('on the embedded database, after "%s", starts again and serves', async (step) => {
    // Migrated already: the seed is the subject.
    const dataDir = migratedDataDir();
    try {
      await interruptThenRestart({ DATA_DIR: dataDir }, step);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(adminUrl).each(STEPS)('on PostgreSQL, after "%s", starts again and serves', async (step) => {
    await withFreshDatabase((env) => interruptThenRestart(env, step));
  });
});

describe('two instances starting together on one empty PostgreSQL database', () => {
  it.runIf(adminUrl)('both serve, and the demo universe is seeded once', async () => {
    await withFreshDatabase(async (env) => {
      const seedEnv = { ...env, SEED_DEMO_DATA: 'true', DEMO_COMPANY_COUNT: String(COMPANIES) };
      const servers = await Promise.all([startServer(seedEnv), startServer(seedEnv)]);
      try {
        for (const server of servers) expect(await seededCompanies(server.url)).toBe(COMPANIES);
      } finally {
        for (const server of servers) server.child.kill('SIGTERM');
        await Promise.all(servers.map((server) => server.exited));
      }
    });
  });
});
