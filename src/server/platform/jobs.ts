/**
 * The job scheduler: runs background work on an interval or a cron pattern
 * (New York time), never two runs of one job at once, logging failures
 * instead of crashing, and waits for running work when the server stops.
 * Jobs keep their state in the database, so a restart repeats or loses
 * nothing; the scheduler only decides when they run. Among several
 * instances, a job marked `leaderOnly` runs only on the instance that leads
 * at the time of the run (see cluster.ts); the others skip their turn.
 */
import { Cron } from 'croner';
import type { Logger } from './logger.ts';

/** A job's work; `signal` is aborted when the server stops, so long work can end early. */
export type JobTask = (signal: AbortSignal) => Promise<unknown>;

export interface IntervalJob {
  /** Runs the job soon (after `delayMs`) instead of at its next turn. */
  wake(delayMs?: number): void;
}

export interface CronJob {
  /** When the job runs next, or null when the pattern has no next time. */
  nextRun(): Date | null;
}

export interface JobOptions {
  /** Runs only on the leading instance. */
  leaderOnly?: boolean;
}

/**
 * Background work a part of the server declares (a feature's `jobs(deps)`)
 * and the composition root schedules: run at once, then `intervalMs` after
 * each run ends.
 */
export interface JobDefinition extends JobOptions {
  name: string;
  intervalMs: number;
  task: JobTask;
  /**
   * What makes the job run at once instead of at its next turn: it is handed
   * the job's wake when the job is scheduled (messages queued, content the
   * job watches committed) and returns how to stop listening, which the
   * scheduler calls when it stops.
   */
  wakeOn?: (wake: (delayMs?: number) => void) => () => void;
}

export interface JobScheduler {
  /** Runs `task` now, then `intervalMs` after each run ends. */
  every(name: string, intervalMs: number, task: JobTask, options?: JobOptions): IntervalJob;
  /** Schedules each definition as every() does. */
  start(jobs: readonly JobDefinition[]): void;
  /** Runs the interval job of that name soon (see IntervalJob.wake); a name never scheduled wakes nothing. */
  wake(name: string, delayMs?: number): void;
  /** Runs `task` at the times of a cron pattern, New York time; a run still going skips the next. */
  cron(name: string, pattern: string, task: JobTask, options?: JobOptions): CronJob;
  /** Stops every job and waits for the runs in progress. */
  stop(): Promise<void>;
}

/** `isLeader`: whether this instance leads now (alone, it always does). */
export function createJobScheduler(logger: Logger, isLeader: () => boolean = () => true): JobScheduler {
  const controller = new AbortController();
  const running = new Set<Promise<unknown>>();
  const stoppers: (() => void)[] = [];
  const byName = new Map<string, IntervalJob>();

  /** One run of a job, unless one is already going; resolves when it ends, whatever happened. */
  function runner(name: string, task: JobTask, options: JobOptions = {}): () => Promise<void> {
    let current: Promise<void> | null = null;
    return () => {
      if (current || controller.signal.aborted) return current ?? Promise.resolve();
      if (options.leaderOnly && !isLeader()) return Promise.resolve();
      current = task(controller.signal)
        .then(
          () => {},
          (err: unknown) => logger.error({ job: name, err }, 'background job failed'),
        )
        .finally(() => {
          running.delete(run);
          current = null;
        });
      const run = current;
      running.add(run);
      return run;
    };
  }

  const scheduler: JobScheduler = {
    every(name, intervalMs, task, options) {
      const run = runner(name, task, options);
      let timer: NodeJS.Timeout | null = null;
      const schedule = (delayMs: number) => {
        if (controller.signal.aborted) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          void run().then(() => {
            if (!timer) schedule(intervalMs);
          });
        }, delayMs);
        timer.unref();
      };
      stoppers.push(() => {
        if (timer) clearTimeout(timer);
      });
      schedule(0);
      const job = { wake: (delayMs = 0) => schedule(delayMs) };
      byName.set(name, job);
      return job;
    },
    start(jobs) {
      for (const job of jobs) {
        const scheduled = scheduler.every(job.name, job.intervalMs, job.task, job);
        if (job.wakeOn) stoppers.push(job.wakeOn(scheduled.wake));
      }
    },
    wake(name, delayMs) {
      byName.get(name)?.wake(delayMs);
    },
    cron(name, pattern, task, options) {
      const run = runner(name, task, options);
      const cron = new Cron(pattern, { timezone: 'America/New_York', protect: true }, () => void run());
      stoppers.push(() => cron.stop());
      return { nextRun: () => cron.nextRun() };
    },
    async stop() {
      controller.abort();
      for (const stop of stoppers) stop();
      await Promise.all(running);
    },
  };
  return scheduler;
}
