/**
 * The analysts sync's schedule (docs/product.md §9.8, §17.5), on the leading instance only: once a
 * day (a provider's monthly counts and its targets change a few times a week at most), and within a
 * minute when staff ask for a run in the console. It stays off, saying so once in the log and on the
 * console's Data tab, while no provider key is set or the universe is the demo's.
 */
import { and, count, countDistinct, eq, ne } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { analystConsensusView, analystRatingsView, companiesView } from '../companies/index.ts';
import { lastSourceStart, requestSourceRun, sourceJob, sourceRunsStatus, type DataSource } from '../sources/index.ts';
import { createFinnhubProvider } from './finnhub.ts';
import type { AnalystProvider } from './provider.ts';
import { runAnalystsSync } from './sync.ts';

export const ANALYSTS_SYNC_JOB = 'analysts-sync';
const RUN_EVERY_MS = 24 * 60 * 60 * 1000;
const NAME = 'Finnhub analyst consensus';

type AnalystsConfig = Config['analysts'];

/** Why the sync cannot run, in one sentence; null when it can. */
export async function analystsSyncOff(db: Db, config: AnalystsConfig): Promise<string | null> {
  if (!config.finnhub.apiKey) return 'FINNHUB_API_KEY is not set: Finnhub answers an account’s key only.';
  const [imported] = await db
    .select({ symbol: companiesView.symbol })
    .from(companiesView)
    .where(and(eq(companiesView.active, true), ne(companiesView.dataSource, 'demo')))
    .limit(1);
  return imported ? null : 'No imported company: the site holds the demo universe.';
}

/** The provider the settings name (Finnhub, the one adapter), or null without a key. */
export function analystProviderOf(config: AnalystsConfig): AnalystProvider | null {
  const { apiKey, ...finnhub } = config.finnhub;
  return apiKey ? createFinnhubProvider({ ...finnhub, apiKey }) : null;
}

/** When the next run is due after the last one started. */
const nextRunAfter = (last: Date | null, now: Date) =>
  new Date(Math.max(now.getTime(), last ? last.getTime() + RUN_EVERY_MS : 0));

export interface AnalystsJobDeps {
  db: Db;
  config: AnalystsConfig;
  logger: Logger;
}

export function jobs(deps: AnalystsJobDeps): JobDefinition[] {
  const { db } = deps;
  let provider: AnalystProvider | null = null;
  return [
    sourceJob({
      name: ANALYSTS_SYNC_JOB,
      source: 'analysts',
      label: 'Analysts sync',
      db,
      logger: deps.logger,
      off: () => analystsSyncOff(db, deps.config),
      due: async (now) => nextRunAfter(await lastSourceStart(db, 'analysts'), now) <= now,
      run: async (trigger, signal) => {
        // Kept between runs: the provider remembers a plan's refusal of the targets for a while.
        provider ??= analystProviderOf(deps.config)!;
        const report = await runAnalystsSync(db, provider, { trigger, signal });
        return {
          stopped: report.stopped,
          logged: {
            requests: report.requests,
            companies: report.itemsDone,
            covered: report.itemsRead,
            changed: report.recordsAdded,
            removed: report.removed,
            problems: report.problems.length,
          },
        };
      },
    }),
  ];
}

/** The analysts sync as the console's Data tab shows it (docs/product.md §17.5). */
export const analystsDataSource: DataSource = {
  id: 'analysts',
  job: ANALYSTS_SYNC_JOB,
  async status(db, config, now = new Date()) {
    const off = await analystsSyncOff(db, config.analysts);
    const [consensus] = await db.select({ n: count() }).from(analystConsensusView);
    const [rated] = await db.select({ n: countDistinct(analystRatingsView.companySymbol) }).from(analystRatingsView);
    return sourceRunsStatus(db, {
      id: 'analysts',
      name: NAME,
      schedule: `runs once a day, at ${config.analysts.finnhub.requestsPerMinute} requests a minute`,
      off,
      nextRunAt: nextRunAfter(await lastSourceStart(db, 'analysts'), now),
      figures: [
        { label: 'Companies with a consensus', value: consensus?.n ?? 0 },
        { label: 'Companies with ratings of their own', value: rated?.n ?? 0 },
      ],
      itemNames: { read: 'Companies covered', done: 'Companies asked' },
    });
  },
  async request(db, config) {
    await requestSourceRun(db, 'analysts', NAME, await analystsSyncOff(db, config.analysts));
  },
};
