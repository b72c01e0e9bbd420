/**
 * The analysts sync (docs/product.md §9.8): each active company of the imported universe is asked
 * of the provider, one after the other at the provider's pace; its consensus is stored or, when the
 * provider covers it no longer, removed (store.ts). At the run's end (or where it stopped) the
 * companies' analyst figures are derived again by the one rule that derives them, so a company
 * without ratings of its own takes its consensus' figures, and the pages of the companies whose
 * consensus changed are built again, once. One run at a time; an answer that cannot be read is
 * reported and leaves that company as it was.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { recordChanges } from '../../platform/changes.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { companiesView, heldAnalystConsensus, refreshAnalystSummaries } from '../companies/index.ts';
import { emptyRunReport, runEnding, startSourceRun, type RunReport, type RunTrigger } from '../sources/index.ts';
import { ProviderDocumentError, type AnalystProvider } from './provider.ts';
import { storeConsensus } from './store.ts';

export interface AnalystsSyncOptions {
  trigger: RunTrigger;
  /** Only these companies. */
  symbols?: string[];
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, symbol: string) => void;
}

export interface AnalystsSyncReport extends RunReport {
  companies: number;
  /** Consensus rows removed: the provider covers the company no longer. */
  removed: number;
  stopped: boolean;
}

/** The companies a run asks of the provider: the active ones of an imported universe (or those named). */
async function wantedCompanies(db: Db, symbols?: string[]) {
  const imported = and(eq(companiesView.active, true), ne(companiesView.dataSource, 'demo'));
  return db
    .select({ id: companiesView.id, symbol: companiesView.symbol })
    .from(companiesView)
    .where(symbols?.length ? and(imported, inArray(companiesView.symbol, symbols)) : imported)
    .orderBy(companiesView.symbol);
}

export async function runAnalystsSync(
  db: Db,
  provider: AnalystProvider,
  options: AnalystsSyncOptions,
): Promise<AnalystsSyncReport> {
  const run = await startSourceRun(db, 'analysts', options.trigger);
  const report: AnalystsSyncReport = { ...emptyRunReport(), companies: 0, removed: 0, stopped: false };
  const requestsBefore = provider.requests;
  let status: 'finished' | 'stopped' | 'failed' = 'finished';
  let note: string | null = null;
  const changed: number[] = [];
  let failure: unknown = null;
  try {
    const wanted = await wantedCompanies(db, options.symbols);
    const held = await heldAnalystConsensus(db);
    report.companies = wanted.length;
    for (const [i, company] of wanted.entries()) {
      options.signal?.throwIfAborted();
      run.beat();
      let consensus;
      try {
        consensus = await provider.consensusOf(company.symbol, options.signal);
      } catch (error) {
        if (!(error instanceof ProviderDocumentError)) throw error;
        report.problems.push({ document: error.document, problem: error.problem });
        report.itemsDone++;
        continue;
      }
      if (consensus) report.itemsRead++;
      const storing = performance.now();
      const before = held.get(company.symbol);
      if (await storeConsensus(db, provider.id, company.symbol, consensus, before)) {
        changed.push(company.id);
        if (consensus) report.recordsAdded++;
        else report.removed++;
      }
      // Readers are answered between two companies, whatever the provider's pace.
      await paceAfter(storing);
      report.itemsDone++;
      options.onProgress?.(i + 1, wanted.length, company.symbol);
    }
  } catch (error) {
    ({ status, note, failure } = runEnding(
      error,
      options.signal,
      'stopped before the end; the next run asks every company again',
    ));
    report.stopped = status === 'stopped';
  }
  report.requests = provider.requests - requestsBefore;
  if (changed.length) {
    // The figures follow the consensus stored, then the changed companies' pages are built again once.
    await refreshAnalystSummaries(db);
    await transaction(db, (tx) => recordChanges(tx, 'company', changed));
  }
  await run.finish(report, status, note);
  if (failure) throw failure;
  return report;
}
