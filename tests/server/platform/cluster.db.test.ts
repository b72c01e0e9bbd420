import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { joinPostgresCluster, singleInstance, type Cluster } from '../../../src/server/platform/cluster.ts';
import { createJobScheduler, type JobScheduler } from '../../../src/server/platform/jobs.ts';
import { createLogger } from '../../../src/server/platform/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts';

const logger = createLogger('silent');
const CLUSTER_MODULE = path.resolve('src/server/platform/cluster.ts');
const LOGGER_MODULE = path.resolve('src/server/platform/logger.ts');
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

describe('one instance on the embedded database', () => {
  it('leads alone', () => {
    const cluster = singleInstance();
    expect(cluster.isLeader()).toBe(true);
  });
});

describe.skipIf(!onPostgres)('instances on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  const opened: Cluster[] = [];
  const schedulers: JobScheduler[] = [];
  const join = async () => {
    const cluster = await joinPostgresCluster({ url: testDb.url!, logger, leaseCheckMs: 100 });
    opened.push(cluster);
    return cluster;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await testDb.close();
  });

  it('have exactly one leader, and another takes over within seconds when it stops', async () => {
    const a = await join();
    const b = await join();
    const c = await join();
    await sleep(300);
    expect([a, b, c].filter((x) => x.isLeader())).toHaveLength(1);
    const leader = [a, b, c].find((x) => x.isLeader())!;
    const others = [a, b, c].filter((x) => x !== leader);
    await leader.close();
    await until(() => others.some((x) => x.isLeader()), 3000);
    await sleep(300);
    expect(others.filter((x) => x.isLeader())).toHaveLength(1);
  });

  it('hand the lead over within seconds when the leading process is killed', async () => {
    // The leader is another process, killed as a crash would kill it: no goodbye, its connections just drop.
    const script = `
      const { joinPostgresCluster } = await import(${JSON.stringify(CLUSTER_MODULE)});
      const { createLogger } = await import(${JSON.stringify(LOGGER_MODULE)});
      const cluster = await joinPostgresCluster({ url: process.env.CLUSTER_URL, logger: createLogger('silent'), leaseCheckMs: 100 });
      console.log(cluster.isLeader() ? 'leading' : 'following');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, CLUSTER_URL: testDb.url! },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const first = await new Promise<string>((resolve) =>
        child.stdout.once('data', (d: Buffer) => resolve(String(d))),
      );
      expect(first.trim()).toBe('leading');
      const follower = await join();
      await sleep(300);
      expect(follower.isLeader()).toBe(false);
      const killedAt = Date.now();
      child.kill('SIGKILL');
      await until(() => follower.isLeader(), 5000);
      expect(Date.now() - killedAt).toBeLessThan(3000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('tell each other what changed, and never themselves', async () => {
    const a = await join();
    const b = await join();
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    a.on('content', (data) => heardByA.push(data));
    b.on('content', (data) => heardByB.push(data));
    b.on('market', () => heardByB.push('market'));
    a.publish('content', { kind: 'news', entityId: 7, op: 'upsert' });
    a.publish('market');
    await until(() => heardByB.length === 2);
    expect(heardByB).toEqual([{ kind: 'news', entityId: 7, op: 'upsert' }, 'market']);
    await sleep(200);
    expect(heardByA).toEqual([]);
  });

  it('run each leader-only job on one instance only, and everywhere-jobs on all', async () => {
    const runs = { leader: new Map<string, number>(), everywhere: new Map<string, number>() };
    for (const cluster of [await join(), await join()]) {
      const scheduler = createJobScheduler(logger, cluster.isLeader);
      schedulers.push(scheduler);
      const count = (map: Map<string, number>) => async () =>
        void map.set(cluster.instanceId, (map.get(cluster.instanceId) ?? 0) + 1);
      scheduler.every('market-data', 20, count(runs.leader), { leaderOnly: true });
      scheduler.every('outbox', 20, count(runs.everywhere));
    }
    await sleep(500);
    expect(runs.leader.size).toBe(1);
    expect(runs.everywhere.size).toBe(2);
  });
});
