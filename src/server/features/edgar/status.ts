/**
 * The EDGAR sync as the console's Data tab shows it (docs/product.md §17.5): whether it is on and why
 * not, its last runs with what each read and stored and the documents it could not read, when it
 * runs next, and staff's "Sync now", which any instance records and the leading one (the only one
 * that syncs) takes at its next look, a minute at most.
 */
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { DATA_TEXTS, type DataSourceRecord } from '../../../lib/source-syncs.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { deleteMeta, readMeta, writeMeta } from '../../platform/meta.ts';
import { companiesView } from '../companies/index.ts';
import { edgarFilings, edgarSyncRuns } from './tables.ts';

/** How often the sync runs by itself. */
export const EDGAR_SYNC_INTERVAL_MS = 5 * 60 * 1000;
const META_SYNC_REQUESTED = 'edgar-sync-requested';
const RUNS_SHOWN = 10;
const PROBLEMS_SHOWN = 20;

/** Why the sync cannot run, in one sentence; null when it can. */
export async function edgarSyncOff(db: Db, config: Config['edgar']): Promise<string | null> {
  if (!config.userAgent) return 'SEC_USER_AGENT is not set: the SEC asks every client to say who it is.';
  const [withCik] = await db
    .select({ n: count() })
    .from(companiesView)
    .where(and(isNotNull(companiesView.cik), eq(companiesView.active, true)));
  if (!withCik?.n) return 'No listed company has a CIK: the site holds the demo universe.';
  return null;
}

/** Staff asked for a run: the time is kept until the sync takes it; a sync that is off says why. */
export async function requestEdgarSync(db: Db, config: Config['edgar'], at = new Date()): Promise<void> {
  const off = await edgarSyncOff(db, config);
  if (off) throw conflict(`The EDGAR sync is off. ${off}`);
  await writeMeta(db, META_SYNC_REQUESTED, at.toISOString());
}

/** A run asked for and not started yet, taken (it is started now). */
export async function takeEdgarSyncRequest(db: Db): Promise<boolean> {
  const requested = await readMeta<string>(db, META_SYNC_REQUESTED);
  if (requested) await deleteMeta(db, META_SYNC_REQUESTED);
  return requested !== null;
}

/** When the last run started, scheduled or not. */
export async function lastSyncStart(db: Db): Promise<Date | null> {
  const [last] = await db
    .select({ startedAt: edgarSyncRuns.startedAt })
    .from(edgarSyncRuns)
    .orderBy(desc(edgarSyncRuns.startedAt))
    .limit(1);
  return last?.startedAt ?? null;
}

export async function edgarSyncStatus(db: Db, config: Config['edgar'], now = new Date()): Promise<DataSourceRecord> {
  const off = await edgarSyncOff(db, config);
  const runs = await db.select().from(edgarSyncRuns).orderBy(desc(edgarSyncRuns.startedAt)).limit(RUNS_SHOWN);
  const byStatus = await db
    .select({ status: edgarFilings.status, n: count() })
    .from(edgarFilings)
    .where(inArray(edgarFilings.status, ['pending', 'failed']))
    .groupBy(edgarFilings.status);
  const [universe] = await db
    .select({ n: count() })
    .from(companiesView)
    .where(and(isNotNull(companiesView.cik), eq(companiesView.active, true)));
  const last = runs[0]?.startedAt;
  const due = last ? new Date(Math.max(now.getTime(), last.getTime() + EDGAR_SYNC_INTERVAL_MS)) : now;
  return {
    id: 'edgar',
    name: 'SEC EDGAR',
    off,
    schedule: `runs every ${EDGAR_SYNC_INTERVAL_MS / 60_000} minutes`,
    nextRunAt: off ? null : due.toISOString(),
    requestedAt: await readMeta<string>(db, META_SYNC_REQUESTED),
    figures: [
      { label: DATA_TEXTS.companies, value: universe?.n ?? 0 },
      { label: DATA_TEXTS.pending, value: byStatus.find((s) => s.status === 'pending')?.n ?? 0 },
      { label: DATA_TEXTS.failed, value: byStatus.find((s) => s.status === 'failed')?.n ?? 0 },
    ],
    itemNames: { read: 'Filings listed', done: 'Filings read' },
    runs: runs.map((r) => ({
      id: r.id,
      trigger: r.trigger,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      status: r.status,
      requests: r.requests,
      itemsRead: r.filingsListed,
      itemsDone: r.filingsDone,
      recordsAdded: r.recordsAdded,
      problems: r.problems.slice(0, PROBLEMS_SHOWN),
      notices: [],
      note: r.note,
    })),
  };
}
