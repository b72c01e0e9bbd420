/**
 * The EDGAR sync's Form 13F part (docs/product.md §9.2): the holdings reports the daily index
 * lists. A 13F-HR is filed by the manager and listed under the manager's CIK, so it is not found
 * among the universe's companies' filings: every 13F-HR and 13F-HR/A the index lists is queued
 * (form13f_queue), since any manager may hold a listed company, and each is read from its complete
 * submission text file, keeping only its holdings of listed companies (filing-store.ts). A report's
 * holdings and its `done` are one transaction, so a sync that stops reads none twice; at most
 * READ_PER_RUN reports are read in a run, the oldest first, the others in the runs after, so a
 * filing season's thousands of reports do not hold up the rest of the sync.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { transaction, type Db } from '../../../platform/db/client.ts';
import { skip, type ImportReport } from '../../imports/index.ts';
import type { EdgarClient } from '../client.ts';
import { EdgarDocumentError } from '../document-error.ts';
import type { ListedFiling } from '../filing-lists.ts';
import { form13fQueue } from '../tables.ts';
import { readForm13fSubmission } from './documents.ts';
import { storeForm13fFiling } from './filing-store.ts';
import { createCusipMatcher } from './issuers.ts';
import { isHoldingsForm } from './rows.ts';

/** Reports read per run. */
export const READ_PER_RUN = 500;
/** The largest report read: the largest managers' run to tens of megabytes. */
const MAX_REPORT_BYTES = 200 * 1024 * 1024;
/** A report that could not be read this many times is left failed (reported) rather than asked for again. */
const MAX_ATTEMPTS = 3;

export interface Form13fSyncContext {
  report: ImportReport;
  problem: (document: string, text: string) => void;
  signal?: AbortSignal;
  progress: (phase: string, done: number, total: number) => void;
}

/** Queues the 13F holdings reports among `listed`, then reads the queue's oldest. */
export async function syncForm13f(
  db: Db,
  client: EdgarClient,
  listed: readonly ListedFiling[],
  context: Form13fSyncContext,
): Promise<void> {
  const reports = [
    ...new Map(listed.filter((f) => isHoldingsForm(f.form.toUpperCase())).map((f) => [f.accession, f])).values(),
  ];
  for (let i = 0; i < reports.length; i += 1000) {
    const batch = reports.slice(i, i + 1000);
    await db.execute(sql`
      insert into form13f_queue (accession, manager_cik, form, filed_on)
      select * from unnest(${arrayColumn(batch, (f) => f.accession, 'text')}, ${arrayColumn(batch, (f) => f.cik, 'int4')},
        ${arrayColumn(batch, (f) => f.form.toUpperCase(), 'text')}, ${arrayColumn(batch, (f) => f.filedOn, 'date')})
      on conflict (accession) do nothing`);
  }
  const pending = await db
    .select()
    .from(form13fQueue)
    .where(eq(form13fQueue.status, 'pending'))
    .orderBy(asc(form13fQueue.filedOn), asc(form13fQueue.accession))
    .limit(READ_PER_RUN);
  if (!pending.length) return;
  const matcher = await createCusipMatcher(db);
  if (!matcher.universe) return;
  let read = 0;
  let holdings = 0;
  for (const [i, queued] of pending.entries()) {
    context.signal?.throwIfAborted();
    const path = `/Archives/edgar/data/${queued.managerCik}/${queued.accession.replaceAll('-', '')}/${queued.accession}.txt`;
    const mark = (status: 'done' | 'failed' | 'pending', outcome: string, tx: Db = db) =>
      tx
        .update(form13fQueue)
        .set({
          status,
          outcome: outcome.slice(0, 500),
          doneAt: status === 'pending' ? null : new Date(),
          attempts: sql`${form13fQueue.attempts} + 1`,
        })
        .where(and(eq(form13fQueue.accession, queued.accession)));
    try {
      const answer = await client.get('www', path, {}, context.signal, { maxBytes: MAX_REPORT_BYTES });
      if (answer.status !== 200)
        throw new EdgarDocumentError(queued.accession, 'is not on EDGAR (404): its submission text file is missing.');
      const documents = readForm13fSubmission(answer.body!.toString('utf8'), queued.accession);
      await transaction(db, async (tx) => {
        const outcome = await storeForm13fFiling(tx, documents, 'EDGAR', matcher);
        if (outcome.stored) {
          holdings += outcome.added;
          context.report.added += outcome.added;
          context.report.updated++;
        } else skip(context.report, `13F ${outcome.reason}`, queued.accession);
        await mark('done', outcome.stored ? `holdings of listed companies: ${outcome.added}` : outcome.reason, tx);
      });
      read++;
    } catch (error) {
      if (!(error instanceof EdgarDocumentError)) throw error;
      context.problem(error.document, error.problem);
      skip(context.report, 'document that could not be read', queued.accession);
      // Missing or cut short may be EDGAR's passing state: asked again, up to a few times.
      const again = queued.attempts + 1 < MAX_ATTEMPTS && /missing|cut short/.test(error.problem);
      await mark(again ? 'pending' : 'failed', error.problem);
    }
    context.progress('13F reports', i + 1, pending.length);
  }
  context.report.notes.push(`13F reports read: ${read} (holdings of listed companies added: ${holdings})`);
}
