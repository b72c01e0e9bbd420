/**
 * Form 13F data sets written in the SEC's own format, for tests and benchmarks: the headers are
 * the real files' (tests/fixtures/edgar/13f/data-set, as FORM13F_metadata.json declares them),
 * dates DD-MON-YYYY, tab-separated, zipped as the SEC publishes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DATA_SET_TABLES, type DataSetTable } from '../../src/server/features/edgar/form13f/data-set.ts';
import { writeZip, type ZipEntry } from './zip-writer.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/edgar/13f/data-set');

/** Each table's header line, as in the SEC's files. */
export const HEADERS = Object.fromEntries(
  DATA_SET_TABLES.map((t) => [t, fs.readFileSync(path.join(FIXTURE, `${t}.tsv`), 'utf8').split('\n')[0]!]),
) as Record<DataSetTable, string>;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** YYYY-MM-DD as the data sets write dates. */
export const dmy = (day: string) => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;

export interface TestFiling {
  accession: string;
  cik: number;
  manager: string;
  filedOn: string;
  period: string;
  form?: '13F-HR' | '13F-HR/A' | '13F-NT';
  amendmentType?: 'RESTATEMENT' | 'NEW HOLDINGS';
}

export interface TestLine {
  accession: string;
  issuer: string;
  cusip: string;
  value: number;
  shares: number;
  title?: string;
  type?: 'SH' | 'PRN';
  putCall?: 'PUT' | 'CALL';
  discretion?: string;
  otherManager?: string;
}

export const submissionLine = (f: TestFiling) =>
  [
    f.accession,
    dmy(f.filedOn),
    f.form ?? (f.amendmentType ? '13F-HR/A' : '13F-HR'),
    String(f.cik).padStart(10, '0'),
    dmy(f.period),
  ].join('\t');

/** A report's signature line (the same signer for every test filing). */
export const signatureLine = (f: TestFiling) =>
  [f.accession, 'Jane Doe', 'CCO', '212-555-0100', 'Jane Doe', 'NEW YORK', 'NY', dmy(f.filedOn)].join('\t');

export const coverLine = (f: TestFiling) =>
  [
    f.accession,
    dmy(f.period),
    f.amendmentType ? 'Y' : 'N',
    f.amendmentType ? '1' : '',
    f.amendmentType ?? '',
    '',
    '',
    '',
    '',
    f.manager,
    '1 MAIN ST',
    '',
    'NEW YORK',
    'NY',
    '10001',
    f.form === '13F-NT' ? '13F NOTICE' : '13F HOLDINGS REPORT',
    '028-00001',
    '',
    '',
    'N',
    '',
  ].join('\t');

export const infoLine = (l: TestLine, sk: number) =>
  [
    l.accession,
    String(sk),
    l.issuer,
    l.title ?? 'COM',
    l.cusip,
    '',
    String(l.value),
    String(l.shares),
    l.type ?? 'SH',
    l.putCall ?? '',
    l.discretion ?? 'SOLE',
    l.otherManager ?? '',
    String(l.shares),
    '0',
    '0',
  ].join('\t');

/** A data set's tables as zip entries (SUMMARYPAGE and the rest as the SEC writes them, with what tests need). */
export function dataSetEntries(filings: readonly TestFiling[], lines: readonly TestLine[]): ZipEntry[] {
  const table = (name: DataSetTable, rows: string[]) => ({
    name: `${name}.tsv`,
    content: `${[HEADERS[name], ...rows].join('\n')}\n`,
  });
  return [
    table('SUBMISSION', filings.map(submissionLine)),
    table('COVERPAGE', filings.map(coverLine)),
    table('INFOTABLE', lines.map(infoLine)),
    table(
      'SUMMARYPAGE',
      filings.map((f) => {
        const own = lines.filter((l) => l.accession === f.accession);
        return [f.accession, '0', String(own.length), String(own.reduce((s, l) => s + l.value, 0)), 'N'].join('\t');
      }),
    ),
    table('SIGNATURE', filings.map(signatureLine)),
    table('OTHERMANAGER', []),
    table('OTHERMANAGER2', []),
  ];
}

/** Writes a data set as the SEC's zip; its path. */
export async function writeDataSet(
  folder: string,
  name: string,
  filings: readonly TestFiling[],
  lines: readonly TestLine[],
): Promise<string> {
  const file = path.join(folder, name);
  await writeZip(file, dataSetEntries(filings, lines));
  return file;
}
