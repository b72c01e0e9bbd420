/**
 * A run of a public source (ClinicalTrials.gov, FINRA) as the console's Data tab shows it
 * (docs/product.md §17.5): one run of a source at a time across the deployment and the command line,
 * its heartbeat moved on while it goes (a run silent for 90 s is taken for dead and lets go), and at
 * its end what it read, stored and could not read.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { transaction, type Db } from '../../platform/db/client.ts';
import { SourceUnavailable } from '../../platform/source-client.ts';
import { sourceRuns } from './tables.ts';

export type SourceId = (typeof sourceRuns.$inferSelect)['source'];
export type RunTrigger = (typeof sourceRuns.$inferSelect)['trigger'];

const HEARTBEAT_MS = 15_000;
const STALE_RUN_MS = 90_000;
/** Problems and notices kept with a run: the rest are counted in its note. */
const KEPT = 100;

/** What a run did, as it goes; written to its row at the end. */
export interface RunReport {
  requests: number;
  itemsRead: number;
  itemsDone: number;
  recordsAdded: number;
  problems: { document: string; problem: string }[];
  notices: string[];
}

export const emptyRunReport = (): RunReport => ({
  requests: 0,
  itemsRead: 0,
  itemsDone: 0,
  recordsAdded: 0,
  problems: [],
  notices: [],
});

/**
 * How a run that threw ends: asked to stop, or its source out of reach, it stopped (the next run goes
 * on: `stoppedNote`, or the source's own sentence); anything else failed, and is thrown again once
 * the run is recorded.
 */
export function runEnding(
  error: unknown,
  signal: AbortSignal | undefined,
  stoppedNote: string,
): { status: 'stopped' | 'failed'; note: string; failure: unknown } {
  if (signal?.aborted) return { status: 'stopped', note: stoppedNote, failure: null };
  if (error instanceof SourceUnavailable) return { status: 'stopped', note: error.message, failure: null };
  return { status: 'failed', note: error instanceof Error ? error.message : String(error), failure: error };
}

export class SourceRunBusy extends Error {
  override readonly name = 'SourceRunBusy';
}

export interface SourceRun {
  id: number;
  /** Moves the heartbeat on when it is due (cheap to call often). */
  beat(): void;
  finish(report: RunReport, status: 'finished' | 'stopped' | 'failed', note?: string | null): Promise<void>;
}

/** Starts a run of a source, or throws SourceRunBusy naming when the run that holds it started. */
export async function startSourceRun(db: Db, source: SourceId, trigger: RunTrigger): Promise<SourceRun> {
  const claimed = await transaction(db, async (tx) => {
    await tx
      .update(sourceRuns)
      .set({ status: 'stopped', finishedAt: new Date(), note: 'stopped without finishing (no heartbeat)' })
      .where(
        and(
          eq(sourceRuns.source, source),
          eq(sourceRuns.status, 'running'),
          sql`${sourceRuns.heartbeatAt} < now() - make_interval(secs => ${STALE_RUN_MS / 1000})`,
        ),
      );
    const [row] = await tx
      .insert(sourceRuns)
      .values({ source, trigger })
      .onConflictDoNothing()
      .returning({ id: sourceRuns.id });
    if (row) return row;
    const [holder] = await tx
      .select({ startedAt: sourceRuns.startedAt })
      .from(sourceRuns)
      .where(and(eq(sourceRuns.source, source), eq(sourceRuns.status, 'running')));
    return { running: holder?.startedAt ?? new Date() };
  });
  if (!('id' in claimed))
    throw new SourceRunBusy(`Another run of this source is going (started ${claimed.running.toISOString()}).`);
  const { id } = claimed;
  let lastBeat = Date.now();
  return {
    id,
    beat() {
      if (Date.now() - lastBeat < HEARTBEAT_MS) return;
      lastBeat = Date.now();
      void db
        .update(sourceRuns)
        .set({ heartbeatAt: new Date() })
        .where(eq(sourceRuns.id, id))
        .catch(() => {});
    },
    async finish(report, status, note = null) {
      const more = [
        report.problems.length > KEPT ? `${report.problems.length - KEPT} more problems not kept` : null,
        report.notices.length > KEPT ? `${report.notices.length - KEPT} more notices not kept` : null,
      ].filter(Boolean);
      await db
        .update(sourceRuns)
        .set({
          status,
          finishedAt: new Date(),
          requests: report.requests,
          itemsRead: report.itemsRead,
          itemsDone: report.itemsDone,
          recordsAdded: report.recordsAdded,
          problems: report.problems.slice(0, KEPT),
          notices: report.notices.slice(0, KEPT),
          note: [note, ...more].filter(Boolean).join('; ') || null,
        })
        .where(eq(sourceRuns.id, id));
    },
  };
}

/** A source's last runs, newest first. */
export const lastSourceRuns = (db: Db, source: SourceId, limit: number) =>
  db.select().from(sourceRuns).where(eq(sourceRuns.source, source)).orderBy(desc(sourceRuns.startedAt)).limit(limit);
