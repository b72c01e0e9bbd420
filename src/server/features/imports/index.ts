/** Imports of public market data into the database (see the modules for each source). */
export { ImportError, emptyReport, formatReport, skip, type ImportReport } from './report.ts';
export {
  SECURITY_KINDS,
  SMALL_CAP_WINDOW,
  UNIVERSE_SOURCE,
  importUniverseFile,
  type SecurityKind,
  type UniverseOptions,
} from './universe.ts';
export { filingsOf, importSecSubmissions, importSecTickers, type FilingArrays, type FilingRow } from './sec.ts';
export { importPrices } from './prices.ts';
export { CONTROL_CHARACTER, quoted, shown } from './text.ts';
export { csvRecords, readCsvFile, type CsvRecord } from './csv.ts';
export { importTransaction } from './transaction.ts';
export { inputFacts, inputFiles, readInput } from './input.ts';
export {
  dataSetDate,
  dataSetNumber,
  openDataSet,
  type DataSet,
  type DataSetImportOptions,
  type DataSetReport,
  type DataSetRow,
} from './data-set.ts';
export { openZip, openZipEntry, readZipEntry, zipEntries, type ZipEntry, type ZipFile } from './zip.ts';
