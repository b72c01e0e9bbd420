/**
 * EDGAR: the sync of the universe's companies from the SEC, the readers of EDGAR's documents, and the
 * Form 13F holdings they store: a company's institutional holders (listHoldings, holdingsRoutes).
 */
export { createEdgarClient, EdgarNotConfigured, EdgarUnavailable, NO_USER_AGENT, type EdgarClient } from './client.ts';
export { EdgarDocumentError } from './document-error.ts';
export { runEdgarSync, universeWithCiks, type SyncOptions, type SyncReport } from './sync.ts';
export { formatSyncReport } from './sync-report.ts';
export { EDGAR_SYNC_JOB, jobs } from './jobs.ts';
export { importOwnershipFiles } from './ownership-import.ts';
export { importInsiderDataset } from './insider-dataset.ts';
export { importAnnualReportFiles } from './profiles-import.ts';
export { edgarDataSource } from './data-source.ts';
export { EDGAR_SYNC_INTERVAL_MS, edgarSyncStatus, requestEdgarSync } from './status.ts';
export { importCusipMap } from './form13f/cusip-map.ts';
export { isDataSetInput } from './form13f/data-set.ts';
export { importForm13fDataSet, type DataSetImportOptions, type DataSetReport } from './form13f/data-set-import.ts';
export { importForm13fFilings } from './form13f/filings-import.ts';
export { listHoldings } from './form13f/holdings.ts';
export { holdingsRoutes } from './holdings-routes.ts';
