/**
 * The EDGAR sync's schedule (docs/product.md §9.10), on the leading instance only: every five
 * minutes it reads what EDGAR lists since its last look: a new day's index once it is written, and
 * during the filing day (6 a.m. to 10 p.m. New York time, Monday to Friday) the latest-filings feed,
 * so a Form 4 reaches the company page and its followers within minutes. It stays off, saying so in
 * one log line, without SEC_USER_AGENT or while the universe has no company with a CIK (the demo).
 */
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createEdgarClient, EdgarNotConfigured, type EdgarClient } from './client.ts';
import { runEdgarSync, universeWithCiks } from './sync.ts';

export const EDGAR_SYNC_JOB = 'edgar-sync';
export const EDGAR_SYNC_INTERVAL_MS = 5 * 60 * 1000;

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
      intervalMs: EDGAR_SYNC_INTERVAL_MS,
      leaderOnly: true,
      task: async (signal) => {
        try {
          client ??= createEdgarClient(deps.config);
        } catch (error) {
          if (error instanceof EdgarNotConfigured) return off('SEC_USER_AGENT is not set');
          throw error;
        }
        if (!(await universeWithCiks(db)).length) return off('no listed company has a CIK (the demo universe)');
        said = null;
        const report = await runEdgarSync(db, client, {
          trigger: 'schedule',
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
