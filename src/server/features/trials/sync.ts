/**
 * The trials sync (docs/product.md §9.13): for each Life Sciences company of the imported universe
 * (and each company staff gave a sponsor alias), ClinicalTrials.gov is asked for the studies naming
 * the company, and under each of staff's aliases; a study is the company's when its lead sponsor or
 * a collaborator is the company (sponsors.ts), and it shows when it is a drug trial (it has a
 * phase). The company's trials are then stored whole (store.ts): changes of phase or status alert
 * its followers at once; the pages of the companies whose trials changed are built again at the run's
 * end. A sponsor that is only perhaps the company is reported, for an alias. One run at a
 * time; a run that stops leaves each company it finished stored.
 */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { SECTORS } from '../../../lib/industries.ts';
import { recordChanges } from '../../platform/changes.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { companiesView } from '../companies/index.ts';
import { emptyRunReport, runEnding, startSourceRun, type RunReport, type RunTrigger } from '../sources/index.ts';
import type { TrialRegistry } from './registry.ts';
import { sponsorMatcher, sponsorQuery, type SponsorMatcher } from './sponsors.ts';
import { storeCompanyTrials, type FoundTrial } from './store.ts';
import { isDrugTrial, sponsorsOf, TrialDocumentError, type Trial } from './study.ts';
import { trialSponsorAliases } from './tables.ts';

export interface TrialsSyncOptions {
  trigger: RunTrigger;
  /** Only these companies (any sector). */
  symbols?: string[];
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, symbol: string) => void;
}

export interface TrialsSyncReport extends RunReport {
  companies: number;
  removed: number;
  alerted: number;
  stopped: boolean;
}

/** The companies whose trials are looked for, and the matcher that places sponsors with companies. */
export async function trialCompanies(db: Db, symbols?: string[]) {
  const aliases = await db
    .select({ symbol: trialSponsorAliases.companySymbol, alias: trialSponsorAliases.alias })
    .from(trialSponsorAliases);
  const universe = await db
    .select({ symbol: companiesView.symbol, name: companiesView.name, sector: companiesView.sectorName })
    .from(companiesView)
    .where(and(eq(companiesView.active, true), ne(companiesView.dataSource, 'demo')));
  const aliased = new Set(aliases.map((a) => a.symbol));
  const wanted = symbols?.length
    ? universe.filter((c) => symbols.includes(c.symbol))
    : universe.filter((c) => c.sector === SECTORS.L || aliased.has(c.symbol));
  return { wanted, matcher: sponsorMatcher(universe, aliases), aliases };
}

/** A trial's sponsors that are the company, as its lead or a collaborator; and those only perhaps it. */
export function rolesOf(
  trial: Trial,
  symbol: string,
  matcher: SponsorMatcher,
): { role: FoundTrial['role'] | null; doubtful: string[] } {
  const doubtful: string[] = [];
  let role: FoundTrial['role'] | null = null;
  for (const sponsor of sponsorsOf(trial)) {
    const match = matcher.match(sponsor.name);
    if (match?.symbol === symbol) role ??= sponsor.role;
    else if (!match && matcher.doubtful(sponsor.name)?.symbol === symbol) doubtful.push(sponsor.name);
  }
  return { role, doubtful };
}

export async function runTrialsSync(
  db: Db,
  registry: TrialRegistry,
  options: TrialsSyncOptions,
): Promise<TrialsSyncReport> {
  const run = await startSourceRun(db, 'clinicaltrials', options.trigger);
  const report: TrialsSyncReport = { ...emptyRunReport(), companies: 0, removed: 0, alerted: 0, stopped: false };
  const requestsBefore = registry.requests;
  let status: 'finished' | 'stopped' | 'failed' = 'finished';
  let note: string | null = null;
  const changed: number[] = [];
  let failure: unknown = null;
  try {
    const { wanted, matcher, aliases } = await trialCompanies(db, options.symbols);
    report.companies = wanted.length;
    for (const [i, company] of wanted.entries()) {
      options.signal?.throwIfAborted();
      run.beat();
      const queries = [
        sponsorQuery(company.name),
        ...aliases.filter((a) => a.symbol === company.symbol).map((a) => a.alias),
      ];
      const found = new Map<string, FoundTrial>();
      const doubtful = new Set<string>();
      let complete = true;
      for (const query of [...new Set(queries)].filter(Boolean)) {
        try {
          for await (const page of registry.sponsorStudies(query, options.signal)) {
            report.itemsRead += page.trials.length;
            for (const refused of page.refused)
              report.problems.push({ document: refused.document, problem: refused.problem });
            // A study that could not be read may be one held: what is held is not taken for gone.
            if (page.refused.length) complete = false;
            for (const trial of page.trials) {
              const { role, doubtful: maybe } = rolesOf(trial, company.symbol, matcher);
              maybe.forEach((name) => doubtful.add(name));
              if (role && isDrugTrial(trial) && !found.has(trial.nctId)) found.set(trial.nctId, { trial, role });
            }
          }
        } catch (error) {
          if (!(error instanceof TrialDocumentError)) throw error;
          report.problems.push({ document: error.document, problem: error.problem });
          // Part of the company's list could not be read: what is held is not taken for gone.
          complete = false;
        }
      }
      for (const name of doubtful)
        report.notices.push(
          `"${name}" may be ${company.symbol} (${company.name}): add it as an alias to place its trials.`,
        );
      const storing = performance.now();
      const stored = await storeCompanyTrials(db, company.symbol, [...found.values()], {
        complete,
        alert: true,
        recordChange: false,
      });
      if (stored.changedCompany !== null) changed.push(stored.changedCompany);
      // Readers are answered between two companies, whatever the registry's pace.
      await paceAfter(storing);
      report.recordsAdded += stored.added + stored.changed;
      report.removed += stored.removed;
      report.alerted += stored.alerted;
      report.itemsDone++;
      options.onProgress?.(i + 1, wanted.length, company.symbol);
    }
  } catch (error) {
    ({ status, note, failure } = runEnding(
      error,
      options.signal,
      'stopped before the end; the next run reads every company again',
    ));
    report.stopped = status === 'stopped';
  }
  report.requests = registry.requests - requestsBefore;
  // The companies whose trials changed are built again once, at the end of the run (or where it stopped).
  await transaction(db, (tx) => recordChanges(tx, 'company', changed));
  await run.finish(report, status, note);
  if (failure) throw failure;
  return report;
}

/** Whether the sync has companies to look for: it stays off on the demo universe. */
export async function trialsSyncOff(db: Db): Promise<string | null> {
  const aliases = await db.select({ symbol: trialSponsorAliases.companySymbol }).from(trialSponsorAliases).limit(1);
  const [life] = await db
    .select({ symbol: companiesView.symbol })
    .from(companiesView)
    .where(
      and(
        eq(companiesView.active, true),
        ne(companiesView.dataSource, 'demo'),
        aliases.length
          ? or(
              eq(companiesView.sectorName, SECTORS.L),
              inArray(
                companiesView.symbol,
                aliases.map((a) => a.symbol),
              ),
            )
          : eq(companiesView.sectorName, SECTORS.L),
      ),
    )
    .limit(1);
  return life ? null : 'No imported Life Sciences company: the site holds the demo universe.';
}
