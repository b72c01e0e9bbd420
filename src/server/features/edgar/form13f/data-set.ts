/**
 * The SEC's Form 13F data sets (sec.gov, "Form 13F Data Sets"): every 13F filed in a window of
 * three months, flattened from the filings' XML into tab-separated tables (FORM13F_readme.htm and
 * FORM13F_metadata.json in each zip): SUBMISSION (accession, filing date, type, filer CIK, period),
 * COVERPAGE (manager name, amendment number and type, report type), INFOTABLE (the holdings, about
 * three million lines a quarter), SUMMARYPAGE, SIGNATURE, OTHERMANAGER and OTHERMANAGER2.
 *
 * A data set is read as the zip the SEC publishes or a folder of its extracted files, always as a
 * stream (yauzl inflates an entry while csv-parse reads it), so memory does not grow with the
 * tables. The readme says the files are "text format, tab delimited, UTF-8 encoding"; no field
 * holds a tab or a line break, and one holding a double quote is written quoted with its quotes
 * doubled ("NEWTON (""NIMNA"")"), so fields are split on tabs alone and such a field unwrapped:
 * a stray quote can never run on over the lines after it. Columns are found by their header's
 * names. A file that is not what the SEC publishes (no such table, a missing column, a line of the
 * wrong width, binary data, control characters, text that is not UTF-8) is refused whole, naming
 * the file and the line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';
import { CONTROL_CHARACTER, ImportError, dataSetDate, quoted, shown } from '../../imports/index.ts';
import { isHoldingsForm, type AmendmentType, type Form13fFiling, type InfoTableRow } from './rows.ts';

export const DATA_SET_TABLES = [
  'SUBMISSION',
  'COVERPAGE',
  'INFOTABLE',
  'SUMMARYPAGE',
  'SIGNATURE',
  'OTHERMANAGER',
  'OTHERMANAGER2',
] as const;
export type DataSetTable = (typeof DATA_SET_TABLES)[number];

/** The columns each table read must have (the others are not read). */
const COLUMNS = {
  SUBMISSION: ['ACCESSION_NUMBER', 'FILING_DATE', 'SUBMISSIONTYPE', 'CIK', 'PERIODOFREPORT'],
  COVERPAGE: [
    'ACCESSION_NUMBER',
    'REPORTCALENDARORQUARTER',
    'ISAMENDMENT',
    'AMENDMENTTYPE',
    'FILINGMANAGER_NAME',
    'REPORTTYPE',
  ],
  INFOTABLE: [
    'ACCESSION_NUMBER',
    'NAMEOFISSUER',
    'TITLEOFCLASS',
    'CUSIP',
    'VALUE',
    'SSHPRNAMT',
    'SSHPRNAMTTYPE',
    'PUTCALL',
    'INVESTMENTDISCRETION',
  ],
} as const;

/** The longest line read: the longest field the metadata allows is 4,000 characters (ADDITIONALINFORMATION). */
const MAX_LINE = 20_000;

export interface DataSet {
  /** The zip's or folder's name, for reports. */
  name: string;
  /**
   * What tells this data set from another, and the same one again: the INFOTABLE's size and CRC-32
   * in a zip (from its directory, without reading it), its size and modification time in a folder.
   */
  fingerprint: string;
  /** The size of INFOTABLE, in bytes, for progress. */
  infotableBytes: number;
  has(table: DataSetTable): boolean;
  /** A table's bytes, as a stream. */
  open(table: DataSetTable): Promise<Readable>;
  close(): void;
}

const tableOf = (fileName: string): DataSetTable | null => {
  const base = path.basename(fileName).toUpperCase();
  const match = /^([A-Z0-9]+)\.TSV$/.exec(base);
  return match && (DATA_SET_TABLES as readonly string[]).includes(match[1]!) ? (match[1] as DataSetTable) : null;
};

async function openZip(file: string): Promise<DataSet> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ImportError(`${path.basename(file)} is not a zip file the SEC publishes (${(error as Error).message}).`);
  }
  const entries = new Map<DataSetTable, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      const table = tableOf(entry.fileName);
      if (!table) continue;
      if (entries.has(table))
        throw new ImportError(`${path.basename(file)} holds ${table}.tsv twice (${shown(entry.fileName)}).`);
      entries.set(table, entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${path.basename(file)} cannot be read as a zip file (${(error as Error).message}).`);
  }
  const infotable = entries.get('INFOTABLE');
  return {
    name: path.basename(file),
    fingerprint: infotable ? `zip:${infotable.uncompressedSize}:${infotable.crc32}` : 'zip:none',
    infotableBytes: infotable?.uncompressedSize ?? 0,
    has: (table) => entries.has(table),
    async open(table) {
      const entry = entries.get(table);
      if (!entry) throw new ImportError(`${path.basename(file)} holds no ${table}.tsv.`);
      try {
        return await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw new ImportError(`${path.basename(file)}: ${table}.tsv cannot be read (${(error as Error).message}).`);
      }
    },
    close: () => zip.close(),
  };
}

async function openFolder(folder: string): Promise<DataSet> {
  const files = new Map<DataSetTable, string>();
  for (const name of await fs.promises.readdir(folder)) {
    const table = tableOf(name);
    if (table) files.set(table, path.join(folder, name));
  }
  const infotable = files.get('INFOTABLE');
  const facts = infotable ? await fs.promises.stat(infotable) : null;
  return {
    name: path.basename(folder),
    fingerprint: facts ? `folder:${facts.size}:${facts.mtimeMs}` : 'folder:none',
    infotableBytes: facts?.size ?? 0,
    has: (table) => files.has(table),
    async open(table) {
      const file = files.get(table);
      if (!file) throw new ImportError(`${path.basename(folder)} holds no ${table}.tsv.`);
      return fs.createReadStream(file, { highWaterMark: 1 << 16 });
    },
    close: () => {},
  };
}

/** Whether a folder holds a data set's tables (rather than filings). */
export async function isDataSetFolder(folder: string): Promise<boolean> {
  const names = await fs.promises.readdir(folder);
  return names.some((name) => tableOf(name) === 'SUBMISSION') && names.some((name) => tableOf(name) === 'INFOTABLE');
}

/** A data set from the SEC's zip or from a folder of its extracted tables. */
export async function openDataSet(input: string): Promise<DataSet> {
  const stat = await fs.promises.stat(input).catch(() => null);
  if (!stat) throw new ImportError(`${input} does not exist.`);
  const dataSet = stat.isDirectory() ? await openFolder(input) : await openZip(input);
  for (const table of ['SUBMISSION', 'COVERPAGE', 'INFOTABLE'] as const)
    if (!dataSet.has(table)) {
      dataSet.close();
      throw new ImportError(`${dataSet.name} is not a Form 13F data set: it holds no ${table}.tsv.`);
    }
  return dataSet;
}

/** A field as the SEC wrote it: one holding a quote comes quoted, its quotes doubled. */
const unwrap = (field: string) =>
  field.length >= 2 && field.charCodeAt(0) === 34 && field.charCodeAt(field.length - 1) === 34
    ? field.slice(1, -1).replaceAll('""', '"')
    : field;

export interface TableLine<C extends string> {
  /** The line (1-based) in its file. */
  line: number;
  get(column: C): string;
}

/**
 * The lines of one table after its header, as a stream; `columns` are those the header must name.
 * `from` skips the lines up to it (a resumed import); `onBytes` hears the bytes read so far.
 */
export async function* readTable<C extends string>(
  dataSet: DataSet,
  table: DataSetTable,
  columns: readonly C[],
  options: { from?: number; onBytes?: (bytes: number) => void } = {},
): AsyncGenerator<TableLine<C>> {
  const file = `${dataSet.name}: ${table}.tsv`;
  const stream = await dataSet.open(table);
  const parser = parse({
    delimiter: '\t',
    quote: false,
    bom: true,
    info: true,
    skip_empty_lines: true,
    max_record_size: MAX_LINE,
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let lines = 0;
  /** Feeds the parser the decoded text, refusing what no data set holds before it is parsed. */
  const feed = (async () => {
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (bytes === 0 && chunk.subarray(0, 8192).includes(0))
          throw new ImportError(`${file} is not a text file (it holds binary data).`);
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          // The line the bad bytes are on: where the lossy reading puts its replacement character.
          const lossy = new TextDecoder('utf-8').decode(chunk);
          const at = Math.max(0, lossy.indexOf('\uFFFD'));
          throw new ImportError(`${file}, near line ${lines + lossy.slice(0, at).split('\n').length}: not UTF-8 text.`);
        }
        const control = text.search(CONTROL_CHARACTER);
        if (control !== -1) {
          const before = text.slice(0, control);
          const line = lines + before.split('\n').length;
          const start = before.lastIndexOf('\n') + 1;
          throw new ImportError(
            `${file}, line ${line}: a control character in ${quoted(text.slice(start, Math.min(text.length, control + 20)), 60)}.`,
          );
        }
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
        bytes += chunk.length;
        options.onBytes?.(bytes);
        if (parser.destroyed) return;
        if (!parser.write(text))
          // Drained, or closed by a reader that stopped early.
          await new Promise<void>((resolve) => {
            parser.once('drain', resolve);
            parser.once('close', resolve);
          });
      }
      parser.end(decoder.decode());
    } catch (error) {
      parser.destroy(
        error instanceof ImportError ? error : new ImportError(`${file} cannot be read (${(error as Error).message}).`),
      );
    }
  })();
  let index: Record<string, number> = {};
  let width = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (!width) {
        const header = record.map((name) => name.trim().toUpperCase());
        const missing = columns.filter((c) => !header.includes(c));
        if (missing.length)
          throw new ImportError(
            `${file}, line ${line}: the header has no ${missing.join(', ')} column (it reads ${quoted(record.join(' '), 120)}).`,
          );
        index = Object.fromEntries(header.map((name, i) => [name, i]));
        width = header.length;
        continue;
      }
      if (record.length !== width)
        throw new ImportError(`${file}, line ${line}: ${record.length} fields where the header names ${width}.`);
      if (options.from && line <= options.from) continue;
      yield { line, get: (column) => unwrap(record[index[column]!] ?? '') };
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const failure = error as { code?: string; lines?: number; message: string };
    if (failure.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && failure.lines)
      throw new ImportError(`${file}, line ${failure.lines}: a line of another width than the header's.`);
    if (failure.code === 'CSV_MAX_RECORD_SIZE')
      throw new ImportError(
        `${file}, line ${(failure.lines ?? lines) + 1}: a line longer than ${MAX_LINE} characters.`,
      );
    throw new ImportError(`${file} cannot be read (${failure.message}).`);
  } finally {
    parser.destroy();
    stream.destroy();
    await feed.catch(() => {});
  }
  if (!width) throw new ImportError(`${file} is empty.`);
}

/** The accession number as the SEC writes it. */
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

export interface DataSetFilings {
  /** Every 13F of the data set, holdings reports and notices alike, by accession number. */
  filings: Map<string, Form13fFiling>;
  /** The line of each filing in SUBMISSION.tsv, for reports. */
  lines: Map<string, number>;
}

/** SUBMISSION and COVERPAGE read into the data set's filings. */
export async function readDataSetFilings(dataSet: DataSet): Promise<DataSetFilings> {
  const filings = new Map<string, Form13fFiling>();
  const lines = new Map<string, number>();
  const file = `${dataSet.name}: SUBMISSION.tsv`;
  for await (const row of readTable(dataSet, 'SUBMISSION', COLUMNS.SUBMISSION)) {
    const fail = (problem: string): never => {
      throw new ImportError(`${file}, line ${row.line}: ${problem}`);
    };
    const accession = row.get('ACCESSION_NUMBER').trim();
    if (!ACCESSION.test(accession)) fail(`ACCESSION_NUMBER ${quoted(accession, 30)} is not an accession number.`);
    if (filings.has(accession)) fail(`accession ${accession} is listed twice.`);
    const filedOn =
      dataSetDate(row.get('FILING_DATE')) ??
      fail(`FILING_DATE ${quoted(row.get('FILING_DATE'), 20)} is not a DD-MON-YYYY date.`);
    const period =
      dataSetDate(row.get('PERIODOFREPORT')) ??
      fail(`PERIODOFREPORT ${quoted(row.get('PERIODOFREPORT'), 20)} is not a DD-MON-YYYY date.`);
    const cik = row.get('CIK').trim();
    if (!/^\d{1,10}$/.test(cik) || Number(cik) === 0) fail(`CIK ${quoted(cik, 20)} is not a CIK.`);
    const form = row.get('SUBMISSIONTYPE').trim().toUpperCase();
    if (!/^13F-(HR|NT)(\/A)?$/.test(form)) fail(`SUBMISSIONTYPE ${quoted(form, 20)} is not a Form 13F.`);
    filings.set(accession, {
      accession,
      form,
      filedOn,
      period,
      managerCik: Number(cik),
      managerName: '',
      amendmentType: null,
      reportType: '',
    });
    lines.set(accession, row.line);
  }
  const cover = `${dataSet.name}: COVERPAGE.tsv`;
  for await (const row of readTable(dataSet, 'COVERPAGE', COLUMNS.COVERPAGE)) {
    const accession = row.get('ACCESSION_NUMBER').trim();
    const filing = filings.get(accession);
    if (!filing)
      throw new ImportError(`${cover}, line ${row.line}: accession ${quoted(accession, 30)} is not in SUBMISSION.tsv.`);
    filing.managerName = row.get('FILINGMANAGER_NAME').trim();
    filing.reportType = row.get('REPORTTYPE').trim().toUpperCase();
    const type = row.get('AMENDMENTTYPE').trim().toUpperCase();
    const amendment = row.get('ISAMENDMENT').trim().toUpperCase() === 'Y' || filing.form.endsWith('/A');
    filing.amendmentType = amendment
      ? type === 'NEW HOLDINGS' || type === 'RESTATEMENT'
        ? (type as AmendmentType)
        : 'RESTATEMENT'
      : null;
    // The cover's quarter is what the holdings are of; SUBMISSION's period says the same.
    filing.period = dataSetDate(row.get('REPORTCALENDARORQUARTER')) ?? filing.period;
  }
  for (const filing of filings.values())
    if (!filing.managerName && isHoldingsForm(filing.form))
      throw new ImportError(
        `${file}, line ${lines.get(filing.accession)}: accession ${filing.accession} has no cover page in COVERPAGE.tsv.`,
      );
  return { filings, lines };
}

export interface DataSetRow extends InfoTableRow {
  accession: string;
}

const NUMBER = /^\d{1,16}(\.\d+)?$/;

/**
 * INFOTABLE's lines, each checked: its accession is one of the data set's filings, its value and
 * amount numbers, its amount type SH or PRN, its put or call PUT, CALL or nothing. A line that
 * breaks these is refused with its line; a CUSIP that is not one is left to the caller to count.
 */
export async function* readDataSetRows(
  dataSet: DataSet,
  filings: ReadonlyMap<string, Form13fFiling>,
  options: { from?: number; onBytes?: (bytes: number) => void } = {},
): AsyncGenerator<DataSetRow> {
  const file = `${dataSet.name}: INFOTABLE.tsv`;
  for await (const row of readTable(dataSet, 'INFOTABLE', COLUMNS.INFOTABLE, options)) {
    const fail = (problem: string): never => {
      throw new ImportError(`${file}, line ${row.line}: ${problem}`);
    };
    const accession = row.get('ACCESSION_NUMBER').trim();
    if (!filings.has(accession)) fail(`accession ${quoted(accession, 30)} is not in SUBMISSION.tsv.`);
    const value = row.get('VALUE').trim();
    if (!NUMBER.test(value)) fail(`VALUE ${quoted(value, 30)} is not a number.`);
    const amount = row.get('SSHPRNAMT').trim();
    if (!NUMBER.test(amount)) fail(`SSHPRNAMT ${quoted(amount, 30)} is not a number.`);
    const amountType = row.get('SSHPRNAMTTYPE').trim().toUpperCase();
    if (amountType !== 'SH' && amountType !== 'PRN')
      fail(`SSHPRNAMTTYPE ${quoted(amountType, 10)} is not SH (shares) or PRN (principal amount).`);
    const putCall = row.get('PUTCALL').trim().toUpperCase();
    if (putCall && putCall !== 'PUT' && putCall !== 'CALL') fail(`PUTCALL ${quoted(putCall, 10)} is not PUT or CALL.`);
    const issuer = row.get('NAMEOFISSUER').trim();
    yield {
      accession,
      issuer,
      titleOfClass: row.get('TITLEOFCLASS').trim(),
      cusip: row.get('CUSIP').trim().toUpperCase(),
      value: Number(value),
      amount: Number(amount),
      amountType: amountType as InfoTableRow['amountType'],
      putCall: putCall ? (putCall as 'PUT' | 'CALL') : null,
      discretion: row.get('INVESTMENTDISCRETION').trim().toUpperCase().slice(0, 10),
      line: row.line,
    };
  }
}

/** Whether an input is a data set (the SEC's zip, or a folder of its tables) rather than filings. */
export async function isDataSetInput(input: string): Promise<boolean> {
  const stat = await fs.promises.stat(input).catch(() => null);
  if (!stat) return false;
  return stat.isDirectory() ? isDataSetFolder(input) : /\.zip$/i.test(input);
}
