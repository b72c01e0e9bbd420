/**
 * Keeps the static site following the content: a rebuild shortly after
 * content changes (debounced, so a burst of edits makes one build; the
 * builder runs one build at a time and coalesces the rest) and on a schedule
 * in New York time, so lists such as upcoming events move on by themselves.
 */
import type { ChangeBus } from '../../platform/changes.ts';
import type { JobScheduler } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';

export interface SiteRebuildJobOptions {
  rebuild: (reason: string) => Promise<void>;
  /** The content changes that make the site stale. */
  changes: ChangeBus;
  logger: Logger;
  scheduler: JobScheduler;
  /** Quiet time after the last change before building. */
  debounceMs: number;
  /** A build starts at the latest this long after the first change of a burst. */
  maxWaitMs: number;
  /** Cron pattern, New York time. */
  schedule: string;
}

export interface SiteRebuildJob {
  stop(): void;
}

export function startSiteRebuildJob(options: SiteRebuildJobOptions): SiteRebuildJob {
  const { logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let firstChangeAt = 0;
  let changes = 0;

  const run = (reason: string) => {
    options.rebuild(reason).catch((error: unknown) => {
      // The builder has logged it and keeps the previous site serving.
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'scheduled site rebuild failed');
    });
  };

  const flush = () => {
    timer = null;
    const count = changes;
    changes = 0;
    run(`${count} content change${count === 1 ? '' : 's'}`);
  };

  const unsubscribe = options.changes.on(() => {
    changes++;
    const now = Date.now();
    if (!timer) firstChangeAt = now;
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(options.debounceMs, firstChangeAt + options.maxWaitMs - now));
    timer = setTimeout(flush, wait);
  });

  const nightly = options.scheduler.cron('site-rebuild', options.schedule, () => options.rebuild('scheduled rebuild'));
  logger.info({ schedule: options.schedule, next: nightly.nextRun()?.toISOString() }, 'site rebuild schedule');

  return {
    stop() {
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}
