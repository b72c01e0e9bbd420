/** Drug trials from ClinicalTrials.gov (docs/product.md §9.13): what other parts may use. */
export { TRIALS_SYNC_JOB, jobs, trialsDataSource, type TrialsJobDeps } from './jobs.ts';
export { runTrialsSync, trialsSyncOff, type TrialsSyncReport } from './sync.ts';
export { createTrialRegistry, RegistryUnavailable, type TrialRegistry } from './registry.ts';
export { importTrialFiles } from './import.ts';
export { trialAliasStaffRoutes } from './staff-routes.ts';
export { SourceRunBusy } from '../sources/index.ts';
