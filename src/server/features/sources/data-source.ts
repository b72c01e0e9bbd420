/**
 * A public source as the console's Data tab shows it (docs/product.md §17.5), whichever feature keeps
 * it: its state and last runs, and staff's "Sync now", which any instance records and the leading one
 * takes at its next look. EDGAR keeps its own runs (features/edgar); ClinicalTrials.gov and FINRA
 * keep theirs in source_runs, read here.
 */
import { desc, eq } from 'drizzle-orm';
import type { DataSourceId, DataSourceRecord } from '../../../lib/source-syncs.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { deleteMeta, readMeta, writeMeta } from '../../platform/meta.ts';
import { lastSourceRuns, type SourceId } from './runs.ts';
import { sourceRuns } from './tables.ts';

export interface DataSource {
  id: DataSourceId;
  /** The job that runs it: woken when staff ask for a run. */
  job: string;
  status(db: Db, config: Config, now?: Date): Promise<DataSourceRecord>;
  /** Records staff's request for a run; refused (409) with the reason while the source is off. */
  request(db: Db, config: Config): Promise<void>;
}

const RUNS_SHOWN = 10;
const PROBLEMS_SHOWN = 20;
const requestKey = (id: DataSourceId) => `${id}-sync-requested`;

/** Staff asked for a run: the time is kept until the job takes it; a source that is off says why. */
export async function requestSourceRun(db: Db, id: DataSourceId, name: string, off: string | null): Promise<void> {
  if (off) throw conflict(`The ${name} sync is off. ${off}`);
  await writeMeta(db, requestKey(id), new Date().toISOString());
}

/** A run asked for and not started yet, taken (it is started now). */
export async function takeSourceRequest(db: Db, id: DataSourceId): Promise<boolean> {
  const requested = await readMeta<string>(db, requestKey(id));
  if (requested) await deleteMeta(db, requestKey(id));
  return requested !== null;
}

export const sourceRequestedAt = (db: Db, id: DataSourceId) => readMeta<string>(db, requestKey(id));

/** When a source's last run started, scheduled or not. */
export async function lastSourceStart(db: Db, source: SourceId): Promise<Date | null> {
  const [last] = await db
    .select({ startedAt: sourceRuns.startedAt })
    .from(sourceRuns)
    .where(eq(sourceRuns.source, source))
    .orderBy(desc(sourceRuns.startedAt))
    .limit(1);
  return last?.startedAt ?? null;
}

/** The Data tab's record of a source kept in source_runs. */
export async function sourceRunsStatus(
  db: Db,
  source: {
    id: SourceId;
    name: string;
    schedule: string;
    off: string | null;
    nextRunAt: Date | null;
    figures: DataSourceRecord['figures'];
    itemNames: DataSourceRecord['itemNames'];
  },
): Promise<DataSourceRecord> {
  const runs = await lastSourceRuns(db, source.id, RUNS_SHOWN);
  return {
    id: source.id,
    name: source.name,
    off: source.off,
    schedule: source.schedule,
    nextRunAt: source.off || !source.nextRunAt ? null : source.nextRunAt.toISOString(),
    requestedAt: await sourceRequestedAt(db, source.id),
    figures: source.figures,
    itemNames: source.itemNames,
    runs: runs.map((r) => ({
      id: r.id,
      trigger: r.trigger,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      status: r.status,
      requests: r.requests,
      itemsRead: r.itemsRead,
      itemsDone: r.itemsDone,
      recordsAdded: r.recordsAdded,
      problems: r.problems.slice(0, PROBLEMS_SHOWN),
      notices: r.notices,
      note: r.note,
    })),
  };
}
