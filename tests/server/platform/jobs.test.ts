import { afterEach, describe, expect, it } from 'vitest';
import { createJobScheduler, type JobScheduler } from '../../../src/server/platform/jobs.ts';
import { createLogger } from '../../../src/server/platform/logger.ts';

const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let scheduler: JobScheduler;
afterEach(() => scheduler?.stop());

describe('the job scheduler', () => {
  it('runs a job at once and again after each interval, never two runs at a time', async () => {
    scheduler = createJobScheduler(logger);
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = scheduler.every('test', 20, async () => {
      running++;
      most = Math.max(most, running);
      runs++;
      await sleep(30);
      running--;
    });
    // Wake-ups during a run do not start a second one.
    for (let i = 0; i < 5; i++) {
      job.wake();
      await sleep(5);
    }
    await sleep(150);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('runs a leader-only job only while this instance leads, and every other job always', async () => {
    let leading = false;
    scheduler = createJobScheduler(logger, () => leading);
    let leaderRuns = 0;
    let everywhereRuns = 0;
    scheduler.every('leader', 10, async () => void leaderRuns++, { leaderOnly: true });
    scheduler.every('everywhere', 10, async () => void everywhereRuns++);
    await sleep(60);
    expect(leaderRuns).toBe(0);
    expect(everywhereRuns).toBeGreaterThan(1);
    leading = true;
    await sleep(60);
    expect(leaderRuns).toBeGreaterThan(1);
    leading = false;
    const before = leaderRuns;
    await sleep(60);
    expect(leaderRuns).toBe(before);
  });

  it('runs a job sooner when woken than its interval would', async () => {
    scheduler = createJobScheduler(logger);
    const times: number[] = [];
    const job = scheduler.every('test', 60_000, async () => {
      times.push(Date.now());
    });
    await sleep(30);
    job.wake(10);
    await sleep(60);
    expect(times).toHaveLength(2);
  });

  it('keeps a failing job on its schedule', async () => {
    scheduler = createJobScheduler(logger);
    let runs = 0;
    scheduler.every('test', 10, async () => {
      runs++;
      throw new Error('provider down');
    });
    await sleep(80);
    expect(runs).toBeGreaterThanOrEqual(3);
  });

  it('on stop, tells the running work to end and waits for it', async () => {
    scheduler = createJobScheduler(logger);
    let finished = false;
    let aborted = false;
    scheduler.every('test', 10, async (signal) => {
      await sleep(50);
      aborted = signal.aborted;
      finished = true;
    });
    await sleep(10);
    await scheduler.stop();
    expect(finished).toBe(true);
    expect(aborted).toBe(true);
  });

  it('schedules the jobs a part declares, and wakes one by its name', async () => {
    scheduler = createJobScheduler(logger);
    const runs: string[] = [];
    scheduler.start([
      { name: 'first', intervalMs: 60_000, task: async () => void runs.push('first') },
      { name: 'second', intervalMs: 60_000, task: async () => void runs.push('second') },
    ]);
    await sleep(30);
    expect(runs.sort()).toEqual(['first', 'second']);
    scheduler.wake('second');
    // A name never scheduled wakes nothing.
    scheduler.wake('unknown');
    await sleep(30);
    expect(runs.sort()).toEqual(['first', 'second', 'second']);
  });

  it('runs a declared job at once when what it listens to happens, and stops listening when it stops', async () => {
    scheduler = createJobScheduler(logger);
    const listeners = new Set<() => void>();
    const happen = () => listeners.forEach((listener) => listener());
    let runs = 0;
    scheduler.start([
      {
        name: 'woken',
        intervalMs: 60_000,
        task: async () => void runs++,
        wakeOn: (wake) => {
          const listener = () => wake();
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    ]);
    await sleep(30);
    expect(runs).toBe(1);
    happen();
    await sleep(30);
    expect(runs).toBe(2);
    await scheduler.stop();
    expect(listeners.size).toBe(0);
  });

  it('runs a declared leader-only job only while this instance leads', async () => {
    let leading = false;
    scheduler = createJobScheduler(logger, () => leading);
    let runs = 0;
    scheduler.start([{ name: 'leader', intervalMs: 10, leaderOnly: true, task: async () => void runs++ }]);
    await sleep(40);
    expect(runs).toBe(0);
    leading = true;
    await sleep(40);
    expect(runs).toBeGreaterThan(0);
  });
});
