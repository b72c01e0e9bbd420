/**
 * `npm run import -- sec-facts FILES|DIR|companyfacts.zip`: the SEC's company facts read into each
 * universe company's financials (docs/product.md §9.12). The input is the SEC's per-company
 * `CIK##########.json` files (or a folder of them), or its nightly bulk `companyfacts.zip`, about
 * 18,000 filers: the zip is read entry by entry without unpacking, and only the entries of CIKs in
 * the universe are inflated at all.
 *
 * Each document is its own small transaction: a document that cannot be read (malformed or cut-off
 * JSON, a unit that is no unit, an entry over the size cap, a CIK not in the universe) is reported
 * with its file and key and changes nothing, and the run goes on with the next. A document read
 * before (the same bytes) changes nothing either. Between two documents the site's requests are let
 * through (paceAfter), so the import runs beside a serving site.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { companiesView } from '../companies/index.ts';
import {
  ImportError,
  emptyReport,
  inputFiles,
  openZip,
  readZipEntry,
  skip,
  zipEntries,
  type ImportReport,
} from '../imports/index.ts';
import { CompanyFactsError, readCompanyFacts } from './company-facts.ts';
import { financialsRecordOf } from './record.ts';
import { buildStatements } from './statements.ts';
import { factsDigests, storeFinancials } from './store.ts';

/**
 * The largest document read: the SEC's largest company-facts files (the biggest banks and insurers)
 * are tens of megabytes; one far beyond is not a company-facts file, and would only fill memory.
 */
export const MAX_FACTS_DOCUMENT_BYTES = 128 * 1024 * 1024;

const FACTS_FILE = /^CIK(\d{10})\.json$/i;

export interface FactsImportOptions {
  dryRun: boolean;
  /** Documents larger than this are refused (MAX_FACTS_DOCUMENT_BYTES). */
  maxDocumentBytes?: number;
  onProgress?: (done: number, total: number) => void;
}

/** A document to read: its name in the report, its CIK by its file name, its size and its bytes. */
interface FactsDocument {
  name: string;
  cik: number | null;
  bytes: number;
  read(): Promise<Buffer>;
}

/** What the universe holds of a CIK: the symbols listed under it. */
export async function universeByCik(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ symbol: companiesView.symbol, cik: companiesView.cik })
    .from(companiesView)
    .where(isNotNull(companiesView.cik));
  const byCik = new Map<number, string[]>();
  for (const row of rows) byCik.set(row.cik!, [...(byCik.get(row.cik!) ?? []), row.symbol]);
  return byCik;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

const cikOfName = (name: string): number | null => {
  const match = FACTS_FILE.exec(path.basename(name));
  return match ? Number(match[1]) : null;
};

/** The documents of the inputs, zips listed entry by entry; `close` ends the zips. */
async function documentsOf(inputs: string[]): Promise<{ documents: FactsDocument[]; close(): void }> {
  const zips = inputs.filter((input) => input.toLowerCase().endsWith('.zip'));
  const others = inputs.filter((input) => !zips.includes(input));
  const documents: FactsDocument[] = [];
  const opened: { close(): void }[] = [];
  for (const zipPath of zips) {
    const zip = await openZip(zipPath);
    opened.push(zip);
    let entries;
    try {
      entries = await zipEntries(zip);
    } catch (error) {
      throw new ImportError(`${zipPath} is not a zip file that can be read (${(error as Error).message}).`);
    }
    for (const entry of entries) {
      documents.push({
        name: `${path.basename(zipPath)}: ${entry.fileName}`,
        cik: cikOfName(entry.fileName),
        bytes: entry.uncompressedSize,
        read: () => readZipEntry(zip, entry),
      });
    }
  }
  if (others.length) {
    for (const file of await inputFiles(others, { pattern: FACTS_FILE, what: 'CIK##########.json files' })) {
      const stat = await fs.promises.stat(file);
      documents.push({
        name: path.basename(file),
        cik: cikOfName(file),
        bytes: stat.size,
        read: () => fs.promises.readFile(file),
      });
    }
  }
  return { documents, close: () => opened.forEach((zip) => zip.close()) };
}

/** What became of one company-facts document. */
export type FactsOutcome =
  | { kind: 'added' | 'updated'; symbols: string[] }
  | { kind: 'unchanged' }
  | { kind: 'skipped'; reason: string; where: string };

/**
 * Reads one company-facts document and keeps the statements of the companies listed under its CIK,
 * in a transaction of its own (none on a dry run). `digests` (symbol → the digest of the document
 * its financials were read from) is kept up to date: the same bytes again change nothing.
 */
export async function storeFactsDocument(
  db: Db,
  input: {
    name: string;
    bytes: Buffer;
    /** The CIK its file name gives, which the document must be of; null when the name gives none. */
    expectedCik: number | null;
    universe: ReadonlyMap<number, readonly string[]>;
    digests: Map<string, string | null>;
    dryRun: boolean;
  },
): Promise<FactsOutcome> {
  const { name, bytes, universe, digests } = input;
  let facts;
  try {
    facts = readCompanyFacts(bytes.toString('utf8'), name);
  } catch (error) {
    if (!(error instanceof CompanyFactsError)) throw error;
    return { kind: 'skipped', reason: 'not a company-facts document', where: error.message };
  }
  if (input.expectedCik !== null && facts.cik !== input.expectedCik)
    return { kind: 'skipped', reason: 'CIK differs from its file name', where: `${name} (cik ${facts.cik})` };
  const symbols = universe.get(facts.cik);
  if (!symbols) return { kind: 'skipped', reason: 'CIK not in the universe', where: `${name} (cik ${facts.cik})` };
  const digest = createHash('sha256').update(bytes).digest('hex');
  const fresh = symbols.filter((symbol) => digests.get(symbol) !== digest);
  if (!fresh.length) return { kind: 'unchanged' };
  const record = financialsRecordOf(buildStatements(facts), new Date());
  if (!record.annual.periods.length && !record.quarterly.periods.length)
    return { kind: 'skipped', reason: 'no statement figures (neither us-gaap nor ifrs-full)', where: name };
  if (!input.dryRun) await transaction(db, (tx) => storeFinancials(tx, fresh, record, digest));
  const kind = fresh.some((symbol) => digests.has(symbol)) ? 'updated' : 'added';
  for (const symbol of fresh) digests.set(symbol, digest);
  return { kind, symbols: fresh };
}

/** Reads company-facts documents into the financials of the universe's companies. */
export async function importCompanyFacts(db: Db, inputs: string[], options: FactsImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('sec-facts', options.dryRun);
  const maxBytes = options.maxDocumentBytes ?? MAX_FACTS_DOCUMENT_BYTES;
  const universe = await universeByCik(db);
  const digests = await factsDigests(db);
  const { documents, close } = await documentsOf(inputs);
  let companiesStored = 0;
  try {
    for (const [index, document] of documents.entries()) {
      const stepStarted = performance.now();
      options.onProgress?.(index + 1, documents.length);
      // A bulk zip's entries of filers outside the universe are passed over unread.
      if (document.cik !== null && !universe.has(document.cik)) {
        skip(report, 'CIK not in the universe');
        continue;
      }
      report.read++;
      if (document.bytes > maxBytes) {
        skip(report, 'over the size cap', `${document.name} (${size(document.bytes)}, the cap ${size(maxBytes)})`);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await document.read();
      } catch (error) {
        skip(report, 'cannot be read', `${document.name} (${(error as Error).message})`);
        continue;
      }
      const outcome = await storeFactsDocument(db, {
        name: document.name,
        bytes,
        expectedCik: document.cik,
        universe,
        digests,
        dryRun: options.dryRun,
      });
      if (outcome.kind === 'skipped') skip(report, outcome.reason, outcome.where);
      else if (outcome.kind === 'unchanged') report.unchanged++;
      else {
        report[outcome.kind]++;
        companiesStored += outcome.symbols.length;
      }
      await paceAfter(stepStarted);
    }
  } finally {
    close();
  }
  report.notes.push(`companies given financials: ${companiesStored.toLocaleString('en-US')}`);
  report.ms = performance.now() - started;
  return report;
}
