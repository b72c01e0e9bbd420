/**
 * FINRA's short interest kept current (docs/product.md §9.14), on the leading instance: every hour it
 * looks whether a settlement date's report is published and not held (twice a month, on the seventh
 * business day after the settlement date), and within a minute when staff ask for a run. It stays
 * off, saying so in one log line, on the demo universe.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { toNewYork } from '../../../lib/market-calendar.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { companies } from '../companies/index.ts';
import {
  lastSourceStart,
  requestSourceRun,
  sourceRunsStatus,
  takeSourceRequest,
  type DataSource,
} from '../sources/index.ts';
import { createFinraClient, reportsDue, runShortInterestFetch, type FinraClient } from './fetch.ts';
import { shortInterestReports } from './tables.ts';

export const SHORT_INTEREST_JOB = 'short-interest-fetch';
const LOOK_MS = 60 * 1000;
const RUN_EVERY_MS = 60 * 60 * 1000;
const NAME = 'FINRA short interest';

const newYorkDay = (at: Date) => toNewYork(at).date;

/** Why the fetch cannot run, in one sentence; null when it can. */
export async function shortInterestOff(db: Db): Promise<string | null> {
  const [imported] = await db
    .select({ symbol: companies.symbol })
    .from(companies)
    .where(and(eq(companies.active, true), ne(companies.dataSource, 'demo')))
    .limit(1);
  return imported ? null : 'No imported company: the site holds the demo universe.';
}

export interface ShortInterestJobDeps {
  db: Db;
  config: Config['finra'];
  logger: Logger;
}

export function jobs(deps: ShortInterestJobDeps): JobDefinition[] {
  const { db, logger } = deps;
  let client: FinraClient | null = null;
  let said: string | null = null;
  return [
    {
      name: SHORT_INTEREST_JOB,
      intervalMs: LOOK_MS,
      leaderOnly: true,
      task: async (signal) => {
        const why = await shortInterestOff(db);
        if (why) {
          if (said !== why) logger.info(`Short-interest fetch off: ${why}`);
          said = why;
          return 'off';
        }
        said = null;
        const requested = await takeSourceRequest(db, 'finra');
        const last = await lastSourceStart(db, 'finra');
        if (!requested && last && Date.now() - last.getTime() < RUN_EVERY_MS) return 'not due';
        const today = newYorkDay(new Date());
        if (!requested && (await reportsDue(db, today)).length === 0) return 'nothing due';
        client ??= createFinraClient(deps.config);
        const report = await runShortInterestFetch(db, client, {
          trigger: requested ? 'console' : 'schedule',
          today,
          signal,
        });
        logger.info(
          { requests: report.requests, stored: report.stored, problems: report.problems.length },
          'Short-interest fetch ran',
        );
        return report.stopped ? 'stopped' : 'fetched';
      },
    },
  ];
}

/** FINRA as the console's Data tab shows it (docs/product.md §17.5). */
export const shortInterestDataSource: DataSource = {
  id: 'finra',
  job: SHORT_INTEREST_JOB,
  async status(db, _config, now = new Date()) {
    const off = await shortInterestOff(db);
    // What waits matters only where the fetch runs.
    const due = off ? [] : await reportsDue(db, newYorkDay(now));
    const [reports] = await db.select({ n: count() }).from(shortInterestReports);
    const last = await lastSourceStart(db, 'finra');
    return sourceRunsStatus(db, {
      id: 'finra',
      name: NAME,
      schedule: 'looks every hour for a new report (twice a month)',
      off,
      nextRunAt: new Date(Math.max(now.getTime(), (last?.getTime() ?? 0) + RUN_EVERY_MS)),
      figures: [
        { label: 'Reports held', value: reports?.n ?? 0 },
        { label: 'Reports published and not held', value: due.length },
      ],
      itemNames: { read: 'Rows read', done: 'Files asked for' },
    });
  },
  async request(db) {
    await requestSourceRun(db, 'finra', NAME, await shortInterestOff(db));
  },
};
