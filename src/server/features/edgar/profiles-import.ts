/**
 * `npm run import -- profiles FILES|DIR` (docs/product.md §9.11): companies' descriptions from saved
 * annual reports (10-K, 20-F and their amendments), read and stored as the sync reads and stores them
 * (annual-reports.ts). A file is either a filing's complete submission text file
 * (`0000320193-24-000123.txt`, whose header names the filer, the form and the filing day) or the
 * report's main document kept in its EDGAR folder (`…/320193/000032019324000123/aapl-20240928.htm`),
 * of a filing the site lists (its form, day and company are the listing's: import the company's
 * submissions first). A later report's description wins whatever the order of the files. A file that
 * cannot be read, or a report without a business section, is reported by name and stops nothing else.
 */
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { filingFolder } from '../../../lib/edgar-links.ts';
import type { Db } from '../../platform/db/client.ts';
import { companiesView, secFilingsView } from '../companies/index.ts';
import { emptyReport, importTransaction, inputFiles, readInput, skip, type ImportReport } from '../imports/index.ts';
import {
  MAX_REPORT_BYTES,
  isAnnualReportForm,
  reportInSubmission,
  storeAnnualReportProfile,
} from './annual-reports.ts';
import { businessSection } from './business-section.ts';
import { EdgarDocumentError } from './document-error.ts';
import { decodeDocument, documentBlocks } from './document-text.ts';
import { accessionInPath } from './ownership-import.ts';
import { readSubmissionText } from './submission-text.ts';

/** A submission text file carries the exhibits and XBRL files too: a few times the report's size. */
const MAX_SUBMISSION_BYTES = 2 * MAX_REPORT_BYTES;

interface SavedReport {
  cik: number;
  accession: string;
  form: string;
  filedOn: string;
  text: string;
  url: string;
}

async function reportOf(db: Db, file: string, bytes: Buffer): Promise<SavedReport> {
  const name = path.basename(file);
  if (/\.txt$/i.test(name)) {
    if (bytes.length > MAX_SUBMISSION_BYTES)
      throw new EdgarDocumentError(name, `is ${(bytes.length / 1e6).toFixed(1)} MB, more than an annual report holds.`);
    const submission = readSubmissionText(decodeDocument(bytes), name);
    const form = submission.form.toUpperCase();
    if (!isAnnualReportForm(form)) throw new EdgarDocumentError(name, `is a ${form}, not a 10-K or 20-F.`);
    const cik = (submission.parties.find((p) => p.role === 'filer') ?? submission.parties[0])?.cik;
    if (!cik) throw new EdgarDocumentError(name, 'names no filer in its header.');
    return {
      cik,
      accession: submission.accession,
      filedOn: submission.filedOn,
      ...reportInSubmission(submission, cik),
    };
  }
  if (bytes.length > MAX_REPORT_BYTES)
    throw new EdgarDocumentError(name, `is ${(bytes.length / 1e6).toFixed(1)} MB, more than an annual report holds.`);
  const accession = accessionInPath(file);
  if (!accession)
    throw new EdgarDocumentError(
      name,
      'names no accession number: keep it in its EDGAR folder (…/000032019324000123/aapl-20240928.htm), or import the complete submission text file.',
    );
  const [listed] = await db
    .select({ form: secFilingsView.filingType, filedOn: secFilingsView.dateAsOfChange, cik: companiesView.cik })
    .from(secFilingsView)
    .innerJoin(companiesView, eq(companiesView.symbol, secFilingsView.companySymbol))
    .where(eq(secFilingsView.accessionKey, accession));
  if (!listed?.cik)
    throw new EdgarDocumentError(
      name,
      `is of filing ${accession}, which the site does not list: import the company's submissions first (sec-submissions), or the complete submission text file.`,
    );
  if (!isAnnualReportForm(listed.form))
    throw new EdgarDocumentError(name, `is of a ${listed.form}, not a 10-K or 20-F.`);
  return {
    cik: listed.cik,
    accession,
    form: listed.form.toUpperCase(),
    filedOn: listed.filedOn,
    text: decodeDocument(bytes),
    url: `${filingFolder(listed.cik, accession)}/${name}`,
  };
}

export async function importAnnualReportFiles(
  db: Db,
  inputs: string[],
  dryRun: boolean,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('profiles', dryRun);
  const files = await inputFiles(inputs, {
    pattern: /\.(txt|html?)$/i,
    what: 'annual reports: complete submission text files (.txt) or main documents (.htm) in their EDGAR folder',
  });
  await importTransaction(db, dryRun, async (tx) => {
    for (const [i, file] of files.entries()) {
      report.read++;
      onProgress(i, files.length);
      let saved: SavedReport;
      try {
        saved = await reportOf(tx, file, await readInput(file));
      } catch (error) {
        if (!(error instanceof EdgarDocumentError)) throw error;
        skip(report, 'file that is not an annual report that can be read', `${error.document}: ${error.problem}`);
        continue;
      }
      const listed = await tx
        .select({ id: companiesView.id, symbol: companiesView.symbol })
        .from(companiesView)
        .where(and(eq(companiesView.cik, saved.cik), eq(companiesView.active, true)))
        .orderBy(asc(companiesView.symbol));
      if (!listed.length) {
        skip(report, 'company not in the universe', path.basename(file));
        continue;
      }
      const section = businessSection(documentBlocks(saved.text), saved.form);
      if (!section.found) {
        skip(report, 'annual report without a description', `${path.basename(file)}: it ${section.reason}`);
        continue;
      }
      let stored = 0;
      for (const company of listed)
        if (
          await storeAnnualReportProfile(tx, company, {
            form: saved.form.startsWith('20-F') ? '20-F' : '10-K',
            accession: saved.accession,
            filedOn: saved.filedOn,
            filingUrl: saved.url,
            description: section.description,
          })
        )
          stored++;
      if (stored) report.updated += stored;
      else report.unchanged++;
    }
    onProgress(files.length, files.length);
  });
  report.ms = Math.round(performance.now() - started);
  return report;
}
