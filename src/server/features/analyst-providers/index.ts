/**
 * Analysts' figures from a keyed provider (Finnhub): what other parts may use. The provider
 * interface and its adapter, the sync that keeps each company's consensus, its job and its card on
 * the console's Data tab.
 */
export {
  ProviderDocumentError,
  ProviderUnavailable,
  type AnalystProvider,
  type ProviderConsensus,
  type ProviderTargets,
} from './provider.ts';
export { createFinnhubProvider, type FinnhubOptions } from './finnhub.ts';
export { runAnalystsSync, type AnalystsSyncOptions, type AnalystsSyncReport } from './sync.ts';
export { ANALYSTS_SYNC_JOB, analystProviderOf, analystsDataSource, analystsSyncOff, jobs } from './jobs.ts';
