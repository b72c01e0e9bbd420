/**
 * The EDGAR sync's schedule (docs/product.md §9.11), on the leading instance only: every five
 * minutes it reads what EDGAR lists since its last look: a new day's index once it is written, and
 * during the filing day (6 a.m. to 10 p.m. New York time, Monday to Friday) the latest-filings feed,
 * so a Form 4 reaches the company page and its followers within minutes. It looks every minute for a
 * run staff asked for in the console. It stays off, saying so in one log line, without
 * SEC_USER_AGENT or while the universe has no company with a CIK (the demo).
 */
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createEdgarClient, type EdgarClient } from './client.ts';
import { EDGAR_SYNC_INTERVAL_MS, edgarSyncOff, lastSyncStart, takeEdgarSyncRequest } from './status.ts';
import { runEdgarSync } from './sync.ts';

export const EDGAR_SYNC_JOB = 'edgar-sync';
/** How often the job looks whether a run is due or asked for. */
const LOOK_MS = 60 * 1000;

export interface EdgarJobDeps {
  db: Db;
  config: Config['edgar'];
  logger: Logger;
  /** Told after a run stored records (insider rows, filings): alerts are raised sooner. */
  onRecords: () => void;
}

/** Whether EDGAR's filing day is on in New York: weekdays, 6:00 to 22:00 (filings accepted to 10 p.m.). */
export function duringFilingDay(at: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  return !['Sat', 'Sun'].includes(weekday) && hour >= 6 && hour < 22;
}

export function jobs(deps: EdgarJobDeps): JobDefinition[] {
  const { db, logger } = deps;
  let client: EdgarClient | null = null;
  let said: string | null = null;
  /** Says why the sync is off once, not at every turn. */
  const off = (why: string) => {
    if (said !== why) logger.info(`EDGAR sync off: ${why}`);
    said = why;
    return 'off';
  };
  return [
    {
      name: EDGAR_SYNC_JOB,
      intervalMs: LOOK_MS,
      leaderOnly: true,
      task: async (signal) => {
        const why = await edgarSyncOff(db, deps.config);
        if (why) return off(why);
        said = null;
        const requested = await takeEdgarSyncRequest(db);
        const last = await lastSyncStart(db);
        if (!requested && last && Date.now() - last.getTime() < EDGAR_SYNC_INTERVAL_MS - LOOK_MS / 2) return 'not due';
        client ??= createEdgarClient(deps.config);
        const report = await runEdgarSync(db, client, {
          trigger: requested ? 'console' : 'schedule',
          feed: duringFilingDay(new Date()),
          signal,
        });
        if (report.added > 0 || report.updated > 0) deps.onRecords();
        logger.info(
          {
            requests: report.requests,
            listed: report.read,
            filings: report.updated,
            records: report.added,
            problems: report.problems.length,
            stopped: report.stopped,
          },
          'EDGAR sync ran',
        );
        return report.stopped ? 'stopped' : 'synced';
      },
    },
  ];
}
