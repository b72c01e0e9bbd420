/**
 * The queue of filings the EDGAR sync reads (`edgar_filings`): each listed filing is queued once, read
 * until it is done (or skipped, with why), and one that cannot be read is tried again only when the
 * problem may pass (the file missing or cut short), a few times, then left failed and reported.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { ListedFiling } from './filing-lists.ts';
import { edgarFilings } from './tables.ts';

/** A filing that failed this many times is left failed (reported) rather than tried at every run. */
const MAX_ATTEMPTS = 3;
/** The problems that may pass by themselves: EDGAR had not written the file yet, or the answer broke off. */
const PASSING_PROBLEM = /missing|cut short/;
const ROWS_PER_STATEMENT = 1000;

/** Filings not queued before, queued (`statusOf` says whether one is to be read or only listed); how many. */
export async function queueFilings(
  db: Db,
  filings: readonly ListedFiling[],
  statusOf: (form: string) => 'pending' | 'done',
): Promise<number> {
  const rows = [...new Map(filings.map((f) => [f.accession, f])).values()];
  let queued = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const added = await db
      .insert(edgarFilings)
      .values(
        rows.slice(i, i + ROWS_PER_STATEMENT).map((f) => ({
          accession: f.accession,
          cik: f.cik,
          form: f.form.toUpperCase(),
          filedOn: f.filedOn,
          status: statusOf(f.form.toUpperCase()),
        })),
      )
      .onConflictDoNothing({ target: edgarFilings.accession })
      .returning({ accession: edgarFilings.accession });
    queued += added.length;
  }
  return queued;
}

/** A filing read: done, skipped or failed, with what came of it. */
export const markFiling = (db: Db, accession: string, status: 'done' | 'skipped' | 'failed', outcome: string) =>
  db
    .update(edgarFilings)
    .set({ status, outcome: outcome.slice(0, 500), doneAt: new Date(), attempts: sql`${edgarFilings.attempts} + 1` })
    .where(eq(edgarFilings.accession, accession));

/** A filing that could not be read: left to the next run when the problem may pass and tries are left, else failed. */
export async function markFilingUnread(
  db: Db,
  filing: { accession: string; attempts: number },
  problem: string,
): Promise<void> {
  if (filing.attempts + 1 >= MAX_ATTEMPTS || !PASSING_PROBLEM.test(problem))
    return void (await markFiling(db, filing.accession, 'failed', problem));
  await db
    .update(edgarFilings)
    .set({ attempts: sql`${edgarFilings.attempts} + 1`, outcome: problem.slice(0, 500) })
    .where(eq(edgarFilings.accession, filing.accession));
}
