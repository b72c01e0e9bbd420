/**
 * `npm run import -- sec-ownership FILES|DIR` (docs/product.md §9.11): Forms 3, 4 and 5 as EDGAR
 * serves them, read by the same reader and stored by the same code as the sync's. A file is either a
 * filing's complete submission text file (`0001127602-25-001055.txt`, which names its accession
 * number and filing date) or its ownership XML document kept in EDGAR's folder layout
 * (`…/000112760225001055/form4.xml`), whose folder gives the accession number; the XML alone
 * does not say when it was filed, so its signature date stands for that. A file that cannot be read
 * is reported by name and stops nothing else.
 */
import path from 'node:path';
import type { Db } from '../../platform/db/client.ts';
import { emptyReport, importTransaction, inputFiles, readInput, skip, type ImportReport } from '../imports/index.ts';
import { EdgarDocumentError } from './document-error.ts';
import { countOutcome, storeOwnershipFilings, type OwnershipFiling } from './insider-filings.ts';
import { MAX_OWNERSHIP_DOCUMENT_BYTES, ownershipDocumentOf, readOwnershipDocument } from './ownership-document.ts';
import { readSubmissionText } from './submission-text.ts';

/** A complete submission text file holds the XML and the rest of the filing: a few times the XML's size. */
const MAX_SUBMISSION_BYTES = 4 * MAX_OWNERSHIP_DOCUMENT_BYTES;

/** The accession number a path names: in the file's name (dashed) or its folder (EDGAR's 18 digits). */
export function accessionInPath(file: string): string | null {
  const dashed = /(\d{10}-\d{2}-\d{6})/.exec(path.basename(file));
  if (dashed) return dashed[1]!;
  const folder = /^(\d{10})(\d{2})(\d{6})$/.exec(path.basename(path.dirname(file)));
  return folder ? `${folder[1]}-${folder[2]}-${folder[3]}` : null;
}

/** One file read into the filing it holds. */
function filingOf(file: string, bytes: Buffer): OwnershipFiling {
  const name = path.basename(file);
  const text = bytes.toString('utf8');
  if (/\.txt$/i.test(name)) {
    if (bytes.length > MAX_SUBMISSION_BYTES)
      throw new EdgarDocumentError(name, `is ${(bytes.length / 1e6).toFixed(1)} MB, more than a Form 3, 4 or 5 holds.`);
    const submission = readSubmissionText(text, name);
    return { accession: submission.accession, filedOn: submission.filedOn, document: ownershipDocumentOf(submission) };
  }
  const accession = accessionInPath(file);
  if (!accession)
    throw new EdgarDocumentError(
      name,
      'names no accession number: keep it in its EDGAR folder (…/000112760225001055/form4.xml), or import the complete submission text file.',
    );
  const document = readOwnershipDocument(text, name);
  const filedOn = document.signedOn ?? document.periodOfReport;
  if (!filedOn) throw new EdgarDocumentError(name, 'has neither a signature date nor a period of report.');
  return { accession, filedOn, document };
}

export async function importOwnershipFiles(
  db: Db,
  inputs: string[],
  dryRun: boolean,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('sec-ownership', dryRun);
  const files = await inputFiles(inputs, {
    pattern: /\.(xml|txt)$/i,
    what: 'ownership documents (.xml) or complete submission text files (.txt)',
  });
  const filings: { file: string; filing: OwnershipFiling }[] = [];
  for (const file of files) {
    report.read++;
    try {
      filings.push({ file, filing: filingOf(file, await readInput(file)) });
    } catch (error) {
      if (!(error instanceof EdgarDocumentError)) throw error;
      skip(report, 'file that is not a Form 3, 4 or 5 that can be read', `${error.document}: ${error.problem}`);
    }
  }
  // An original before its amendments, whatever the order of the files.
  filings.sort(
    (a, b) =>
      a.filing.filedOn.localeCompare(b.filing.filedOn) ||
      Number(a.filing.document.form.endsWith('/A')) - Number(b.filing.document.form.endsWith('/A')),
  );
  await importTransaction(db, dryRun, async (tx) => {
    const outcomes = await storeOwnershipFilings(
      tx,
      filings.map((f) => f.filing),
    );
    outcomes.forEach((outcome, i) => countOutcome(report, outcome, path.basename(filings[i]!.file)));
    onProgress(filings.length, filings.length);
  });
  report.ms = Math.round(performance.now() - started);
  return report;
}
