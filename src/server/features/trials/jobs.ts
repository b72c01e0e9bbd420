/**
 * The trials sync's schedule (docs/product.md §9.13), on the leading instance only: nightly, between
 * 2 and 6 a.m. New York time (the registry updates its data each weekday night), and within a minute
 * when staff ask for a run in the console. It stays off, saying so in one log line, while the
 * universe has no imported Life Sciences company (the demo).
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { SECTORS } from '../../../lib/industries.ts';
import { toNewYork } from '../../../lib/market-calendar.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { lastSourceStart, requestSourceRun, sourceRunsStatus, sourceJob, type DataSource } from '../sources/index.ts';
import { bioPhasesView, companiesView } from '../companies/index.ts';
import { createTrialRegistry, type TrialRegistry } from './registry.ts';
import { runTrialsSync, trialsSyncOff } from './sync.ts';
import { trialSponsorAliases } from './tables.ts';

export const TRIALS_SYNC_JOB = 'trials-sync';
/** A night's run is not made again the same night. */
const NIGHT_GAP_MS = 20 * 60 * 60 * 1000;
const NIGHT_HOURS = { from: 2, to: 6 };
const NAME = 'ClinicalTrials.gov';

const newYorkHour = (at: Date) => Math.floor(toNewYork(at).minutes / 60);

/** When the next nightly run is due after the last one (or now, on a first run within the night). */
export function nextNightlyRun(last: Date | null, now: Date): Date {
  let at = new Date(Math.max(now.getTime(), last ? last.getTime() + NIGHT_GAP_MS : 0));
  // Forward an hour at a time to the night's window (at most a day of steps).
  for (let i = 0; i < 26 && !(newYorkHour(at) >= NIGHT_HOURS.from && newYorkHour(at) < NIGHT_HOURS.to); i++)
    at = new Date(Math.floor(at.getTime() / 3_600_000 + 1) * 3_600_000);
  return at;
}

export interface TrialsJobDeps {
  db: Db;
  config: Config['trials'];
  logger: Logger;
  /** Told after a run raised alerts: they are delivered sooner. */
  onAlerts: () => void;
}

export function jobs(deps: TrialsJobDeps): JobDefinition[] {
  const { db } = deps;
  let registry: TrialRegistry | null = null;
  return [
    sourceJob({
      name: TRIALS_SYNC_JOB,
      source: 'clinicaltrials',
      label: 'Trials sync',
      db,
      logger: deps.logger,
      off: () => trialsSyncOff(db),
      due: async (now) => nextNightlyRun(await lastSourceStart(db, 'clinicaltrials'), now) <= now,
      run: async (trigger, signal) => {
        registry ??= createTrialRegistry(deps.config);
        const report = await runTrialsSync(db, registry, { trigger, signal });
        if (report.alerted > 0) deps.onAlerts();
        return {
          stopped: report.stopped,
          logged: {
            requests: report.requests,
            companies: report.itemsDone,
            studies: report.itemsRead,
            stored: report.recordsAdded,
            removed: report.removed,
            problems: report.problems.length,
          },
        };
      },
    }),
  ];
}

/** ClinicalTrials.gov as the console's Data tab shows it (docs/product.md §17.5). */
export const trialsDataSource: DataSource = {
  id: 'clinicaltrials',
  job: TRIALS_SYNC_JOB,
  async status(db, _config, now = new Date()) {
    const off = await trialsSyncOff(db);
    const [life] = await db
      .select({ n: count() })
      .from(companiesView)
      .where(
        and(
          eq(companiesView.sectorName, SECTORS.L),
          eq(companiesView.active, true),
          ne(companiesView.dataSource, 'demo'),
        ),
      );
    const [trials] = await db
      .select({ n: count() })
      .from(bioPhasesView)
      .where(eq(bioPhasesView.source, 'clinicaltrials.gov'));
    const [aliases] = await db.select({ n: count() }).from(trialSponsorAliases);
    return sourceRunsStatus(db, {
      id: 'clinicaltrials',
      name: NAME,
      schedule: 'runs nightly (2 to 6 a.m. New York time)',
      off,
      nextRunAt: nextNightlyRun(await lastSourceStart(db, 'clinicaltrials'), now),
      figures: [
        { label: 'Life Sciences companies', value: life?.n ?? 0 },
        { label: 'Trials held', value: trials?.n ?? 0 },
        { label: 'Sponsor aliases', value: aliases?.n ?? 0 },
      ],
      itemNames: { read: 'Studies read', done: 'Companies read' },
    });
  },
  async request(db) {
    await requestSourceRun(db, 'clinicaltrials', NAME, await trialsSyncOff(db));
  },
};
