/** Short interest from FINRA (docs/product.md §9.14): what other parts may use. */
export { SHORT_INTEREST_JOB, jobs, shortInterestDataSource, shortInterestOff } from './jobs.ts';
export { importShortInterestFile } from './import.ts';
export {
  createFinraClient,
  runShortInterestFetch,
  settlementDates,
  publicationDay,
  type FinraClient,
} from './fetch.ts';
export { readFinraFile, type ShortInterestFile, type ShortInterestRow } from './finra-file.ts';
export { storeShortInterestReport } from './store.ts';
export { latestShortInterest, shortInterestHistory } from './read.ts';
export { latestOf as latestShortInterestOf } from './read.ts';
