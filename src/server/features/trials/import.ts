/**
 * `npm run import -- trials FILES|DIR`: saved answers of ClinicalTrials.gov's API v2 (a page of
 * studies, `{ "studies": [...] }`, or one study, as `GET /api/v2/studies[/{nctId}]` answers) read
 * into the companies' trials (docs/product.md §9.13). A study's sponsors place it with companies as
 * the sync does, over the whole universe; it adds to what is held (a file is not all the registry
 * has of a company, so nothing is removed) and alerts nobody (saved answers are history). A file
 * that is not such an answer, and a study that cannot be read, are reported with their key and left
 * out; the rest is one transaction, rolled back on a dry run.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companiesView } from '../companies/index.ts';
import { emptyReport, importTransaction, inputFiles, skip, type ImportReport } from '../imports/index.ts';
import { sponsorMatcher } from './sponsors.ts';
import { storeCompanyTrials, type FoundTrial } from './store.ts';
import { isDrugTrial, readStudiesAnswer, sponsorsOf, TrialDocumentError } from './study.ts';
import { trialSponsorAliases } from './tables.ts';

/** A saved answer larger than this is not one page of the registry's (at most 1,000 studies). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

export async function importTrialFiles(
  db: Db,
  inputs: string[],
  options: { dryRun: boolean; onProgress?: (done: number, total: number) => void },
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('trials', options.dryRun);
  const files = await inputFiles(inputs, { pattern: /\.json$/i, what: 'ClinicalTrials.gov answers (.json files)' });
  const universe = await db
    .select({ symbol: companiesView.symbol, name: companiesView.name })
    .from(companiesView)
    .where(eq(companiesView.active, true));
  const aliases = await db
    .select({ symbol: trialSponsorAliases.companySymbol, alias: trialSponsorAliases.alias })
    .from(trialSponsorAliases);
  const matcher = sponsorMatcher(universe, aliases);
  const bySymbol = new Map<string, Map<string, FoundTrial>>();
  const unplaced = new Map<string, number>();

  for (const [i, file] of files.entries()) {
    options.onProgress?.(i, files.length);
    try {
      const { size } = await fs.promises.stat(file);
      if (size > MAX_ANSWER_BYTES)
        throw new TrialDocumentError(file, `is ${Math.round(size / 1e6)} MB, more than an answer of the registry.`);
      const page = readStudiesAnswer(await fs.promises.readFile(file, 'utf8'), file);
      for (const refused of page.refused) skip(report, 'studies that could not be read', refused.message);
      for (const trial of page.trials) {
        report.read++;
        if (!isDrugTrial(trial)) {
          skip(report, 'not a drug trial (no phase)');
          continue;
        }
        let placed = false;
        for (const sponsor of sponsorsOf(trial)) {
          const match = matcher.match(sponsor.name);
          if (!match) continue;
          placed = true;
          const trials = bySymbol.get(match.symbol) ?? new Map<string, FoundTrial>();
          if (!trials.has(trial.nctId)) trials.set(trial.nctId, { trial, role: sponsor.role });
          bySymbol.set(match.symbol, trials);
        }
        if (!placed) {
          skip(report, 'no sponsor is a listed company');
          const lead = trial.leadSponsor?.name;
          if (lead) unplaced.set(lead, (unplaced.get(lead) ?? 0) + 1);
        }
      }
    } catch (error) {
      if (!(error instanceof TrialDocumentError)) throw error;
      skip(report, 'files that are not an answer of ClinicalTrials.gov', error.message);
    }
  }
  options.onProgress?.(files.length, files.length);

  await importTransaction(db, options.dryRun, async (tx) => {
    for (const [symbol, trials] of bySymbol) {
      const stored = await storeCompanyTrials(tx, symbol, [...trials.values()], { complete: false, alert: false });
      report.added += stored.added;
      report.updated += stored.changed;
      report.unchanged += trials.size - stored.added - stored.changed;
    }
  });
  const largest = [...unplaced.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  if (largest.length)
    report.notes.push(
      `Sponsors not placed with a company (an alias in the console places them): ${largest.map(([name, n]) => `${name} (${n})`).join(', ')}`,
    );
  report.ms = performance.now() - started;
  return report;
}
