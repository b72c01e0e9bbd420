/**
 * 13F filings as EDGAR serves them, imported from files (`npm run import -- sec-13f FILES|DIR`):
 * complete submission text files (`0001894188-23-000007.txt`), or a filing's two XML documents as
 * they sit in its EDGAR folder (`000189418823000007/primary_doc.xml` and its information table,
 * whatever its name: the root element tells them apart). A folder is read for both: its files, and
 * its subfolders holding a filing's documents. Like every import, the files are one transaction:
 * a document that cannot be read, anywhere, refuses the import whole, naming the file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatMoney } from '../../../../lib/format.ts';
import type { Db } from '../../../platform/db/client.ts';
import {
  ImportError,
  emptyReport,
  importTransaction,
  readInput,
  skip,
  type ImportReport,
} from '../../imports/index.ts';
import { EdgarDocumentError } from '../document-error.ts';
import { readForm13fDocuments, readForm13fSubmission, type Form13fDocuments } from './documents.ts';
import { storeForm13fFiling } from './filing-store.ts';
import { createCusipMatcher } from './issuers.ts';

const ACCESSION = /(\d{10})-?(\d{2})-?(\d{6})/;

/** An accession number written in a folder's or file's name, dashed or not, as EDGAR names filing folders. */
export function accessionIn(name: string): string | null {
  const match = ACCESSION.exec(path.basename(name));
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

interface FilingFiles {
  /** A complete submission text file. */
  text?: string;
  /** Or the folder's two documents. */
  primary?: string;
  table?: string;
  folder?: string;
}

/** The filings among these files and folders, each as the files that make it up. */
export async function filingFiles(inputs: readonly string[]): Promise<FilingFiles[]> {
  const found: FilingFiles[] = [];
  const xmlByFolder = new Map<string, string[]>();
  const take = (file: string) => {
    if (/\.txt$/i.test(file)) found.push({ text: file });
    else if (/\.xml$/i.test(file)) {
      const folder = path.dirname(file);
      xmlByFolder.set(folder, [...(xmlByFolder.get(folder) ?? []), file]);
    }
  };
  for (const input of inputs) {
    const stat = await fs.promises.stat(input).catch(() => null);
    if (!stat) throw new ImportError(`${input} does not exist.`);
    if (!stat.isDirectory()) {
      take(input);
      continue;
    }
    for (const entry of (await fs.promises.readdir(input, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(input, entry.name);
      if (entry.isFile()) take(full);
      else if (entry.isDirectory())
        for (const name of (await fs.promises.readdir(full)).sort())
          if (/\.xml$/i.test(name)) take(path.join(full, name));
    }
  }
  for (const [folder, files] of xmlByFolder) {
    const filing: FilingFiles = { folder };
    for (const file of files) {
      const head = (await readInput(file)).subarray(0, 4096).toString('utf8');
      const role = /<(?:[\w.-]+:)?edgarSubmission[\s>]/.test(head)
        ? 'primary'
        : /<(?:[\w.-]+:)?informationTable[\s>]/.test(head)
          ? 'table'
          : null;
      if (!role)
        throw new ImportError(`${path.basename(file)} is neither a 13F primary document nor an information table.`);
      if (filing[role])
        throw new ImportError(
          `${folder} holds two ${role === 'primary' ? 'primary documents' : 'information tables'} (${path.basename(filing[role])}, ${path.basename(file)}): keep one filing per folder.`,
        );
      filing[role] = file;
    }
    if (!filing.primary)
      throw new ImportError(
        `${path.basename(filing.table!)} is an information table without its primary document in ${folder}.`,
      );
    found.push(filing);
  }
  if (!found.length)
    throw new ImportError(
      `No 13F filings (.txt, or primary_doc.xml with its information table) in ${inputs.join(', ')}.`,
    );
  return found;
}

async function readFiling(files: FilingFiles): Promise<{ documents: Form13fDocuments; source: string }> {
  try {
    if (files.text) {
      const name = path.basename(files.text);
      return { documents: readForm13fSubmission((await readInput(files.text)).toString('utf8'), name), source: name };
    }
    const primary = files.primary!;
    const accession = accessionIn(files.folder!) ?? accessionIn(primary);
    if (!accession)
      throw new ImportError(
        `${path.basename(primary)}: the filing's accession number is not known: keep its documents in a folder named after it, as EDGAR does (000189418823000007).`,
      );
    const xml = async (file: string) => ({
      xml: (await readInput(file)).toString('utf8'),
      source: path.basename(file),
    });
    return {
      documents: readForm13fDocuments(await xml(primary), files.table ? await xml(files.table) : null, accession),
      source: `${path.basename(files.folder!)}/${path.basename(primary)}`,
    };
  } catch (error) {
    if (error instanceof EdgarDocumentError) throw new ImportError(error.message);
    throw error;
  }
}

/** Unmatched issuers listed in a report, largest first. */
const UNMATCHED_SHOWN = 20;

/** The report's lines on the holdings left out for want of a listed company, largest first. */
export function unmatchedNotes(unmatched: ReadonlyMap<string, { name: string; dollars: number }>): string[] {
  if (!unmatched.size) return [];
  const top = [...unmatched].sort((a, b) => b[1].dollars - a[1].dollars).slice(0, UNMATCHED_SHOWN);
  return [
    `issuers not matched to a listed company: ${unmatched.size.toLocaleString('en-US')} CUSIPs; the largest by value (map their CUSIPs with npm run import -- cusip-map FILE.csv):`,
    ...top.map(([cusip, { name, dollars }]) => `  ${formatMoney(dollars).padStart(10)}  ${cusip}  ${name}`),
  ];
}

export async function importForm13fFilings(
  db: Db,
  inputs: readonly string[],
  dryRun: boolean,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('sec-13f', dryRun);
  const files = await filingFiles(inputs);
  const read: { documents: Form13fDocuments; source: string }[] = [];
  for (const filing of files) read.push(await readFiling(filing));
  read.sort(
    (a, b) =>
      a.documents.filing.filedOn.localeCompare(b.documents.filing.filedOn) ||
      a.documents.filing.accession.localeCompare(b.documents.filing.accession),
  );
  const unmatched = new Map<string, { name: string; dollars: number }>();
  let corrected = 0;
  let removed = 0;
  await importTransaction(db, dryRun, async (tx) => {
    const matcher = await createCusipMatcher(tx);
    if (!matcher.universe)
      throw new ImportError(
        'No imported company to place holdings with: the site holds the demo universe (import the real one first, npm run import -- universe).',
      );
    for (const [i, { documents, source }] of read.entries()) {
      report.read++;
      const outcome = await storeForm13fFiling(tx, documents, source, matcher);
      if (!outcome.stored) skip(report, outcome.reason, documents.filing.accession);
      else {
        report.added += outcome.added;
        report.updated += outcome.updated;
        removed += outcome.removed;
        if (outcome.corrected !== 1) corrected++;
        for (const [cusip, entry] of outcome.unmatched) {
          const known = unmatched.get(cusip);
          if (known) known.dollars += entry.dollars;
          else unmatched.set(cusip, { ...entry });
        }
      }
      onProgress(i + 1, read.length);
    }
  });
  if (removed)
    report.notes.push(`holdings of reports replaced by later ones removed: ${removed.toLocaleString('en-US')}`);
  if (corrected)
    report.notes.push(
      `filings whose values were read in the other unit, their holdings' worth being 1,000 times off their shares' prices: ${corrected}`,
    );
  report.notes.push(...unmatchedNotes(unmatched));
  report.ms = Math.round(performance.now() - started);
  return report;
}
