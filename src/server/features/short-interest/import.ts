/**
 * `npm run import -- finra-short FILE`: one of FINRA's twice-monthly equity short-interest files read
 * into the universe's companies (docs/product.md §9.14). The file is read and checked whole first (a
 * line that is not FINRA's refuses the file with its line number, and nothing changes); then the
 * report is kept in one transaction, rolled back on a dry run.
 */
import fs from 'node:fs';
import type { Db } from '../../platform/db/client.ts';
import { emptyReport, ImportError, importTransaction, skip, type ImportReport } from '../imports/index.ts';
import { MAX_FINRA_FILE_BYTES, readFinraFile } from './finra-file.ts';
import { storeShortInterestReport } from './store.ts';

export async function importShortInterestFile(db: Db, file: string, dryRun: boolean): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('finra-short', dryRun);
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    throw new ImportError(`${file} does not exist.`);
  }
  if (size > MAX_FINRA_FILE_BYTES)
    throw new ImportError(`${file} is ${Math.round(size / 1e6)} MB: FINRA's short-interest file is a few MB.`);
  const parsed = await readFinraFile(await fs.promises.readFile(file), file);
  const store = async (target: Db) => {
    const stored = await storeShortInterestReport(target, parsed, file);
    report.read = stored.read;
    report.added = stored.added;
    report.updated = stored.updated;
    report.unchanged = stored.unchanged;
    for (let i = 0; i < stored.notListed; i++) skip(report, 'securities the universe does not list');
  };
  if (dryRun) await importTransaction(db, true, store);
  else await store(db);
  report.notes.push(`Settlement date ${parsed.settlementDate}.`);
  report.ms = performance.now() - started;
  return report;
}
