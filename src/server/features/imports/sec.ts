/**
 * The SEC's published JSON (EDGAR):
 * - `company_tickers.json` (`npm run import -- sec-tickers FILE`): ticker to
 *   Central Index Key; links each listed company to its CIK.
 * - submissions (`npm run import -- sec-submissions DIR_OR_FILES`): one
 *   `CIK##########.json` per filer, with its SIC code and its recent filings
 *   as parallel arrays (`filings.recent.accessionNumber`, `filingDate`,
 *   `form`, `primaryDocument`, ...), and the overflow files
 *   `CIK##########-submissions-NNN.json` holding older filings as the same
 *   arrays at the top. A company's SIC code then comes from the SEC (its
 *   sector and industry follow), and its filings are loaded with links to
 *   their documents on the SEC's site.
 * Files are read one at a time, so memory stays flat however many there are;
 * each import is one transaction.
 */
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { filingGroupOf } from '../../../lib/company.ts';
import { filingFolder, filingIndexUrl } from '../../../lib/edgar-links.ts';
import { industryFor } from '../../../lib/industries.ts';
import { recordChanges } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { raiseFilingAlerts } from '../alerts/index.ts';
import { addSecFilings, classifyBySic, companiesView, linkCiks, type AddedSecFiling } from '../companies/index.ts';
import { inputFiles, readInput } from './input.ts';
import { ImportError, emptyReport, skip, type ImportReport } from './report.ts';
import { CONTROL_CHARACTER } from './text.ts';
import { importTransaction } from './transaction.ts';

/** Companies updated per statement. */
const UPDATE_BATCH = 2000;

/** The largest CIK the companies table can hold (an integer column); the SEC's are far below it. */
const MAX_CIK = 2 ** 31 - 1;

/** The longest document name linked to; a longer one is linked through the filing's index page. */
const MAX_DOCUMENT_NAME = 200;

type Progress = (done: number, total: number) => void;

async function readJson(file: string): Promise<unknown> {
  const text = (await readInput(file)).toString('utf8');
  if (!text.trim()) throw new ImportError(`${path.basename(file)} is empty.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImportError(`${path.basename(file)} is not JSON.`);
  }
}

/** The site's symbols an SEC ticker may stand for: as written, and with a dot for a class (BRK-B is BRK.B). */
const symbolsFor = (ticker: string) => {
  const upper = ticker.trim().toUpperCase();
  return upper.includes('-') ? [upper, upper.replace('-', '.')] : [upper];
};

/** Links the listed companies to their CIKs from the SEC's company_tickers.json. */
export async function importSecTickers(db: Db, file: string, dryRun: boolean): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('sec-tickers', dryRun);
  const json = await readJson(file);
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new ImportError(
      `${path.basename(file)} is not the SEC's company_tickers.json (an object of numbered entries).`,
    );
  }
  const entries = Object.entries(json as Record<string, unknown>);
  if (!entries.some(([, v]) => v && typeof v === 'object' && 'cik_str' in v && 'ticker' in v)) {
    throw new ImportError(
      `${path.basename(file)} is not the SEC's company_tickers.json: no entry has cik_str and ticker.`,
    );
  }
  await importTransaction(db, dryRun, async (tx) => {
    const listed = new Map(
      (await tx.select({ symbol: companiesView.symbol, cik: companiesView.cik }).from(companiesView)).map((c) => [
        c.symbol,
        c,
      ]),
    );
    const links: { symbol: string; cik: number }[] = [];
    const linked = new Set<string>();
    for (const [key, value] of entries) {
      report.read++;
      const entry = value as { cik_str?: unknown; ticker?: unknown };
      const cik = Number(entry?.cik_str);
      // Beyond the CIK column's range it is no CIK the SEC assigns: the file is corrupt, not one entry.
      if (Number.isInteger(cik) && cik > MAX_CIK) {
        throw new ImportError(
          `${path.basename(file)}, entry ${key}: cik_str ${String(entry.cik_str).slice(0, 40)} is not a CIK (a whole number from 1 to ${MAX_CIK.toLocaleString('en-US')}).`,
        );
      }
      if (typeof entry?.ticker !== 'string' || !Number.isInteger(cik) || cik <= 0) {
        skip(report, 'malformed entry (no ticker or CIK)', `entry ${key}`);
        continue;
      }
      const company = symbolsFor(entry.ticker)
        .map((s) => listed.get(s))
        .find(Boolean);
      if (!company) {
        skip(report, 'ticker not in the imported universe');
        continue;
      }
      if (linked.has(company.symbol)) {
        skip(report, 'ticker listed again (the first entry is kept)', `entry ${key}`);
        continue;
      }
      linked.add(company.symbol);
      if (company.cik === cik) report.unchanged++;
      else {
        report.updated++;
        links.push({ symbol: company.symbol, cik });
      }
    }
    for (let i = 0; i < links.length; i += UPDATE_BATCH) await linkCiks(tx, links.slice(i, i + UPDATE_BATCH));
  });
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** The filing arrays EDGAR writes; only these are read. */
export interface FilingArrays {
  accessionNumber?: unknown;
  filingDate?: unknown;
  form?: unknown;
  primaryDocument?: unknown;
  primaryDocDescription?: unknown;
}

export interface FilingRow {
  accessionKey: string;
  companySymbol: string;
  filingType: string;
  description: string;
  rawTextLink: string;
  documentCount: number;
  dateAsOfChange: string;
}

const text = (list: unknown, i: number): string =>
  Array.isArray(list) && typeof list[i] === 'string' ? (list[i] as string).trim().replace(/\s+/g, ' ') : '';

/** Text fit to store and show: no control characters (escape sequences, NUL) and no broken Unicode. */
const clean = (value: string) => !CONTROL_CHARACTER.test(value) && value.isWellFormed();

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filings of one file's arrays, each malformed entry counted in the report. */
export function filingsOf(
  arrays: FilingArrays,
  cik: number,
  symbol: string,
  file: string,
  report: ImportReport,
): FilingRow[] {
  const { accessionNumber, filingDate, form } = arrays;
  if (!Array.isArray(accessionNumber) || !Array.isArray(filingDate) || !Array.isArray(form)) {
    skip(report, 'file without filing arrays (accessionNumber, filingDate, form)', file);
    return [];
  }
  const rows: FilingRow[] = [];
  for (let i = 0; i < accessionNumber.length; i++) {
    const accession = text(accessionNumber, i);
    const date = text(filingDate, i);
    const type = text(form, i).toUpperCase();
    if (!ACCESSION.test(accession) || !DATE.test(date) || !type) {
      skip(report, 'filing entry with a missing or malformed accession number, date or form', `${file} #${i}`);
      continue;
    }
    const document = text(arrays.primaryDocument, i);
    const description = text(arrays.primaryDocDescription, i);
    if (![type, document, description].every(clean)) {
      skip(
        report,
        'filing entry with control characters or broken text in its form, document or description',
        `${file} #${i}`,
      );
      continue;
    }
    const folder = filingFolder(cik, accession);
    const linkable = document && document.length <= MAX_DOCUMENT_NAME && !/[\s"<>]/.test(document);
    rows.push({
      accessionKey: accession,
      companySymbol: symbol,
      filingType: type.slice(0, 40),
      description: (description || type).slice(0, 500),
      // The primary document when EDGAR names it, else the filing's index page.
      rawTextLink: linkable ? `${folder}/${document}` : filingIndexUrl(cik, accession),
      documentCount: 1,
      dateAsOfChange: date,
    });
  }
  return rows;
}

const FILING_BATCH = 1000;
/** Followers alerted per statement: the import is one transaction of its own. */
const ALERT_BATCH = 2000;

/** Loads submissions files: the SEC's SIC code for each linked company, and its filings. */
export async function importSecSubmissions(
  db: Db,
  inputs: string[],
  dryRun: boolean,
  onProgress: Progress = () => {},
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('sec-submissions', dryRun);
  const files = await inputFiles(inputs, { pattern: /^CIK\d+.*\.json$/i, what: 'CIK##########.json files' });
  const groups = new Map<string, number>();
  const unknownSic = new Map<number, number>();
  await importTransaction(db, dryRun, async (tx) => {
    const byCik = new Map(
      (
        await tx
          .select({
            id: companiesView.id,
            symbol: companiesView.symbol,
            cik: companiesView.cik,
            sicCode: companiesView.sicCode,
          })
          .from(companiesView)
          .where(isNotNull(companiesView.cik))
      ).map((c) => [c.cik!, c]),
    );
    const idBySymbol = new Map([...byCik.values()].map((c) => [c.symbol, c.id]));
    const changedCompanies = new Set<number>();
    /** The SEC's classification of companies whose SIC code changed, written at the end. */
    const classified = new Map<number, { id: number; sic: number; sector: string; industry: string }>();
    let pending: FilingRow[] = [];
    /** Filings stored for the first time by this import: their companies' followers are alerted. */
    const newFilings: AddedSecFiling[] = [];
    const flush = async () => {
      const batch = pending;
      pending = [];
      if (!batch.length) return;
      const added = await addSecFilings(tx, batch);
      report.added += added.length;
      report.unchanged += batch.length - added.length;
      for (const filing of added) changedCompanies.add(idBySymbol.get(filing.companySymbol)!);
      newFilings.push(...added);
    };
    for (const [index, file] of files.entries()) {
      report.read++;
      const name = path.basename(file);
      let json: unknown;
      try {
        json = await readJson(file);
      } catch {
        // One bad file of thousands is reported, not a reason to drop the others.
        skip(report, 'file that is empty, unreadable or not JSON', name);
        onProgress(index + 1, files.length);
        continue;
      }
      const body = (json ?? {}) as { cik?: unknown; sic?: unknown; filings?: { recent?: FilingArrays } };
      const cik = Number(body.cik ?? /^CIK0*(\d+)/i.exec(name)?.[1]);
      const company = Number.isInteger(cik) ? byCik.get(cik) : undefined;
      if (!company) {
        skip(report, 'CIK not linked to a listed company (import sec-tickers first)');
        onProgress(index + 1, files.length);
        continue;
      }
      // The overflow files hold the arrays at the top; the main file under filings.recent.
      const arrays = /-submissions-\d+\.json$/i.test(name) ? (body as FilingArrays) : body.filings?.recent;
      const sic = Number(body.sic);
      if (Number.isInteger(sic) && sic > 0 && sic !== company.sicCode) {
        const industry = industryFor(sic);
        if (!industry) unknownSic.set(sic, (unknownSic.get(sic) ?? 0) + 1);
        else {
          classified.set(company.id, {
            id: company.id,
            sic,
            sector: industry.sector,
            industry: industry.description,
          });
          company.sicCode = sic;
          changedCompanies.add(company.id);
          report.updated++;
        }
      }
      const rows = arrays ? filingsOf(arrays, cik, company.symbol, name, report) : [];
      if (!arrays) skip(report, 'file without filings.recent', name);
      for (const row of rows) {
        const group = filingGroupOf(row.filingType) ?? 'other forms';
        groups.set(group, (groups.get(group) ?? 0) + 1);
        pending.push(row);
        if (pending.length >= FILING_BATCH) await flush();
      }
      onProgress(index + 1, files.length);
    }
    await flush();
    const reclassified = [...classified.values()];
    for (let i = 0; i < reclassified.length; i += UPDATE_BATCH)
      await classifyBySic(tx, reclassified.slice(i, i + UPDATE_BATCH));
    await recordChanges(tx, 'company', [...changedCompanies]);
    const alerted = await raiseFilingAlerts(tx, newFilings, { batch: ALERT_BATCH });
    if (alerted > 0) report.notes.push(`alerts raised for new filings: ${alerted.toLocaleString('en-US')}`);
  });
  report.notes.push(
    `filings by form group: ${[...groups]
      .sort((a, b) => b[1] - a[1])
      .map(([g, n]) => `${g} ${n.toLocaleString('en-US')}`)
      .join(', ')}`,
  );
  if (unknownSic.size) {
    report.notes.push(
      `SIC codes outside the industry lookup (company left as it was): ${[...unknownSic].map(([c, n]) => `${c} (${n})`).join(', ')}`,
    );
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
