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
import { companiesView } from '../companies/index.ts';
import { lastSourceStart, requestSourceRun, sourceRunsStatus, sourceJob, type DataSource } from '../sources/index.ts';
import { createFinraClient, reportsDue, runShortInterestFetch, type FinraClient } from './fetch.ts';
import { shortInterestReports } from './tables.ts';

export const SHORT_INTEREST_JOB = 'short-interest-fetch';
const RUN_EVERY_MS = 60 * 60 * 1000;
const NAME = 'FINRA short interest';

const newYorkDay = (at: Date) => toNewYork(at).date;

/** Why the fetch cannot run, in one sentence; null when it can. */
export async function shortInterestOff(db: Db): Promise<string | null> {
  const [imported] = await db
    .select({ symbol: companiesView.symbol })
    .from(companiesView)
    .where(and(eq(companiesView.active, true), ne(companiesView.dataSource, 'demo')))
    .limit(1);
  return imported ? null : 'No imported company: the site holds the demo universe.';
}

export interface ShortInterestJobDeps {
  db: Db;
  config: Config['finra'];
  logger: Logger;
}

export function jobs(deps: ShortInterestJobDeps): JobDefinition[] {
  const { db } = deps;
  let client: FinraClient | null = null;
  return [
    sourceJob({
      name: SHORT_INTEREST_JOB,
      source: 'finra',
      label: 'Short-interest fetch',
      db,
      logger: deps.logger,
      off: () => shortInterestOff(db),
      due: async (now) => {
        const last = await lastSourceStart(db, 'finra');
        if (last && now.getTime() - last.getTime() < RUN_EVERY_MS) return false;
        return (await reportsDue(db, newYorkDay(now))).length > 0;
      },
      run: async (trigger, signal) => {
        client ??= createFinraClient(deps.config);
        const report = await runShortInterestFetch(db, client, { trigger, today: newYorkDay(new Date()), signal });
        return {
          stopped: report.stopped,
          logged: { requests: report.requests, stored: report.stored, problems: report.problems.length },
        };
      },
    }),
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
