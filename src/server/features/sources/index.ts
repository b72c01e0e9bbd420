/**
 * The public sources the site keeps itself current from, as the console's Data tab shows them, and the
 * runs of those other than EDGAR (ClinicalTrials.gov, FINRA): what other features may use.
 */
export {
  emptyRunReport,
  lastSourceRuns,
  runEnding,
  startSourceRun,
  SourceRunBusy,
  type RunReport,
  type RunTrigger,
  type SourceId,
  type SourceRun,
} from './runs.ts';
export {
  lastSourceStart,
  requestSourceRun,
  sourceRunsStatus,
  takeSourceRequest,
  type DataSource,
} from './data-source.ts';
export { dataSourceStaffRoutes } from './staff-routes.ts';
export { sourceJob } from './source-job.ts';
