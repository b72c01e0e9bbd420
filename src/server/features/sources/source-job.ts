/**
 * The job of a public source kept in source_runs (ClinicalTrials.gov, FINRA), on the leading instance:
 * every minute it looks whether the source is off (saying why once in the log, not at every look),
 * whether staff asked for a run in the console (taken now), and otherwise whether a scheduled run is
 * due; then it runs, and logs what the run did.
 */
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { takeSourceRequest } from './data-source.ts';
import type { SourceId } from './runs.ts';
import type { Db } from '../../platform/db/client.ts';

const LOOK_MS = 60 * 1000;

export interface SourceJobOptions {
  name: string;
  source: SourceId;
  /** The run in log lines: 'Trials sync'. */
  label: string;
  db: Db;
  logger: Logger;
  /** Why the source cannot run, in one sentence; null when it can. */
  off(): Promise<string | null>;
  /** Whether a scheduled run is due now (one staff asked for always runs). */
  due(now: Date): Promise<boolean>;
  run(trigger: 'schedule' | 'console', signal: AbortSignal): Promise<{ stopped: boolean; logged: object }>;
}

export function sourceJob(options: SourceJobOptions): JobDefinition {
  const { db, logger, label } = options;
  let said: string | null = null;
  return {
    name: options.name,
    intervalMs: LOOK_MS,
    leaderOnly: true,
    task: async (signal) => {
      const why = await options.off();
      if (why) {
        if (said !== why) logger.info(`${label} off: ${why}`);
        said = why;
        return 'off';
      }
      said = null;
      const requested = await takeSourceRequest(db, options.source);
      if (!requested && !(await options.due(new Date()))) return 'not due';
      const { stopped, logged } = await options.run(requested ? 'console' : 'schedule', signal);
      logger.info(logged, `${label} ran`);
      return stopped ? 'stopped' : 'ran';
    },
  };
}
