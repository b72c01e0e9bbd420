/**
 * A company's trials as the registry lists them, kept among its bio phases (docs/product.md §9.13):
 * one row per company and NCT number, its stage the trial's phase and status. A trial that moved to
 * another phase or status is updated, and the company's followers are alerted (`trial`); a trial the
 * registry no longer lists with the company is removed when the whole list was read (a sync), kept
 * when only some answers were (an import of saved files). Each company is one transaction, with its
 * page's change, so a run that stops leaves no company half-written.
 */
import { recordChange } from '../../platform/changes.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { raiseCompanyAlerts, type CompanyCause } from '../alerts/index.ts';
import { writeTrialPhases, type TrialPhase } from '../companies/index.ts';
import { trialLink, trialStatusLabel } from '../../../lib/trials.ts';
import { trialStage, type Trial } from './study.ts';

export type SponsorRole = 'lead' | 'collaborator';

export interface FoundTrial {
  trial: Trial;
  role: SponsorRole;
}

export interface StoredTrials {
  added: number;
  changed: number;
  removed: number;
  alerted: number;
  /** The company's id when its trials changed (its page is to be built again), else null. */
  changedCompany: number | null;
}

/** Alert rows written per statement (raise.ts pages the followers by it). */
const ALERT_BATCH = 500;

/** A partial date of the registry as the first day it can be, for ordering: '2024-05' → '2024-05-01'. */
export function firstDayOf(partial: string | null): string | null {
  if (!partial) return null;
  if (/^\d{4}$/.test(partial)) return `${partial}-01-01`;
  if (/^\d{4}-\d{2}$/.test(partial)) return `${partial}-01`;
  return partial;
}

function rowOf(symbol: string, { trial, role }: FoundTrial): TrialPhase {
  return {
    companySymbol: symbol,
    stage: trialStage(trial),
    drugName: trial.interventions.join(', ') || trial.title || trial.nctId,
    date: firstDayOf(trial.startDate),
    rawTextLink: trialLink(trial.nctId),
    source: 'clinicaltrials.gov',
    nctId: trial.nctId,
    title: trial.title,
    status: trial.status,
    whyStopped: trial.whyStopped,
    conditions: trial.conditions,
    startDate: trial.startDate,
    completionDate: trial.completionDate ?? trial.primaryCompletionDate,
    sponsorRole: role,
    registryUpdatedOn: firstDayOf(trial.lastUpdated),
  };
}

/**
 * Stores one company's trials. `complete`: the list is all the registry has of the company, so held
 * trials missing from it are removed. `alert`: a change of phase or status, or a new trial, is told
 * to the followers (not on a company's first read, which would tell them its whole history).
 */
export async function storeCompanyTrials(
  db: Db,
  symbol: string,
  found: readonly FoundTrial[],
  options: {
    complete: boolean;
    alert: boolean;
    /** Record the page's change now (the default), or leave it to the caller, who records a run's at once. */
    recordChange?: boolean;
  },
): Promise<StoredTrials> {
  const result: StoredTrials = { added: 0, changed: 0, removed: 0, alerted: 0, changedCompany: null };
  const byNct = new Map(found.map((f) => [f.trial.nctId, f]));
  await transaction(db, async (tx) => {
    const written = await writeTrialPhases(
      tx,
      symbol,
      new Map([...byNct].map(([nctId, f]) => [nctId, rowOf(symbol, f)])),
      { complete: options.complete },
    );
    if (!written) return;
    const { company } = written;
    result.added = written.added;
    result.changed = written.changed;
    result.removed = written.removed;
    const causes: CompanyCause[] = [];
    for (const { nctId, stageBefore } of written.trials) {
      const { trial } = byNct.get(nctId)!;
      // A new trial on a company's first read is not told: that would tell its followers its whole history.
      if (stageBefore === null) {
        if (written.held > 0) causes.push(causeOf(symbol, company.name, trial, null));
      } else if (stageBefore !== trialStage(trial)) causes.push(causeOf(symbol, company.name, trial, stageBefore));
    }
    if (result.added + result.changed + result.removed === 0) return;
    result.changedCompany = company.id;
    if (options.recordChange !== false) await recordChange(tx, 'company', company.id);
    if (options.alert && causes.length) result.alerted = await raiseCompanyAlerts(tx, causes, { batch: ALERT_BATCH });
  });
  return result;
}

/** "ACME's trial NCT01234567 is now Phase 3 · Recruiting" and what it was. */
function causeOf(symbol: string, name: string, trial: Trial, before: string | null): CompanyCause {
  const stage = trialStage(trial);
  const drug = trial.interventions[0] ?? trial.title;
  return {
    kind: 'trial',
    causeKey: `trial:${trial.nctId}:${trial.phase}:${trial.status}`,
    symbol,
    title: before
      ? `${symbol} trial ${trialStatusLabel(trial.status).toLowerCase()}: ${drug}`
      : `${symbol} trial listed: ${drug}`,
    body: before
      ? `${name}'s trial ${trial.nctId} (${drug}) is now ${stage}; it was ${before}.`
      : `${name} is listed on ClinicalTrials.gov as a sponsor of ${trial.nctId} (${drug}), ${stage}.`,
    link: trialLink(trial.nctId),
  };
}
