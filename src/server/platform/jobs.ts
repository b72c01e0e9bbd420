/**
 * The job scheduler: runs background work on an interval or a cron pattern
 * (New York time), never two runs of one job at once, logging failures
 * instead of crashing, and waits for running work when the server stops.
 * Jobs keep their state in the database, so a restart repeats or loses
 * nothing; the scheduler only decides when they run.
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

export interface JobScheduler {
  /** Runs `task` now, then `intervalMs` after each run ends. */
  every(name: string, intervalMs: number, task: JobTask): IntervalJob;
  /** Runs `task` at the times of a cron pattern, New York time; a run still going skips the next. */
  cron(name: string, pattern: string, task: JobTask): CronJob;
  /** Stops every job and waits for the runs in progress. */
  stop(): Promise<void>;
}

export function createJobScheduler(logger: Logger): JobScheduler {
  const controller = new AbortController();
  const running = new Set<Promise<unknown>>();
  const stoppers: (() => void)[] = [];

  /** One run of a job, unless one is already going; resolves when it ends, whatever happened. */
  function runner(name: string, task: JobTask): () => Promise<void> {
    let current: Promise<void> | null = null;
    return () => {
      if (current || controller.signal.aborted) return current ?? Promise.resolve();
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

  return {
    every(name, intervalMs, task) {
      const run = runner(name, task);
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
      return { wake: (delayMs = 0) => schedule(delayMs) };
    },
    cron(name, pattern, task) {
      const run = runner(name, task);
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
}
