/**
 * The SEC's Form 13F data sets (tests/fixtures/edgar/13f/data-set: two real filings of the 2023q1
 * data set laid out by the SEC's own column definitions, FORM13F_metadata.json), read from the zip
 * the SEC publishes or from a folder of its tables, and refused, naming the file and line, when
 * they are not what the SEC writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openDataSet,
  readDataSetFilings,
  readDataSetRows,
  readTable,
  type DataSetTable,
} from '../../../../src/server/features/edgar/form13f/data-set.ts';
import { ImportError } from '../../../../src/server/features/imports/index.ts';
import { writeZip } from '../../../helpers/zip-writer.ts';

const FOLDER = path.resolve(import.meta.dirname, '../../../fixtures/edgar/13f/data-set');
let dir: string;
let zip: string;

const filesOf = (folder: string) =>
  fs.readdirSync(folder).map((name) => ({ name, content: fs.readFileSync(path.join(folder, name)) }));

/** The fixture's tables, one of them changed, zipped. */
async function zipWith(table: string, change: (text: string) => string | Buffer): Promise<string> {
  const file = path.join(dir, `${table}-${Math.random().toString(36).slice(2)}.zip`);
  await writeZip(
    file,
    filesOf(FOLDER).map((f) => (f.name === `${table}.tsv` ? { ...f, content: change(f.content.toString('utf8')) } : f)),
  );
  return file;
}

async function readAll(input: string) {
  const dataSet = await openDataSet(input);
  try {
    const { filings } = await readDataSetFilings(dataSet);
    const rows = [];
    for await (const row of readDataSetRows(dataSet, filings)) rows.push(row);
    return { dataSet, filings, rows };
  } finally {
    dataSet.close();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-13f-set-'));
  zip = path.join(dir, '2023q1_form13f.zip');
  await writeZip(zip, filesOf(FOLDER));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a Form 13F data set', () => {
  it('has the columns the SEC’s metadata declares, in its order', () => {
    const metadata = JSON.parse(fs.readFileSync(path.join(FOLDER, 'FORM13F_metadata.json'), 'utf8')) as {
      tables: { url: string; tableSchema: { columns: { name: string }[] } }[];
    };
    for (const table of metadata.tables) {
      const header = fs.readFileSync(path.join(FOLDER, table.url), 'utf8').split('\n')[0]!.split('\t');
      expect(header).toEqual(table.tableSchema.columns.map((c) => c.name));
    }
  });

  it('read from the SEC’s zip gives its filings from SUBMISSION and COVERPAGE and every INFOTABLE line', async () => {
    const { dataSet, filings, rows } = await readAll(zip);
    expect(dataSet.fingerprint).toMatch(/^zip:\d+:\d+$/);
    expect([...filings.values()]).toEqual([
      {
        accession: '0001790837-23-000002',
        form: '13F-HR',
        filedOn: '2023-02-28',
        period: '2022-12-31',
        managerCik: 1790837,
        managerName: 'Bull Street Advisors, LLC',
        amendmentType: null,
        reportType: '13F HOLDINGS REPORT',
      },
      {
        accession: '0001140361-23-013281',
        form: '13F-HR',
        filedOn: '2023-03-23',
        period: '2021-12-31',
        managerCik: 1099219,
        managerName: 'METLIFE INC',
        amendmentType: null,
        reportType: '13F COMBINATION REPORT',
      },
    ]);
    expect(rows).toHaveLength(96);
    expect(rows.find((r) => r.cusip === '478160104')).toEqual({
      accession: '0001790837-23-000002',
      issuer: 'Johnson & Johnson',
      titleOfClass: 'COM',
      cusip: '478160104',
      value: 8484,
      amount: 48027,
      amountType: 'SH',
      putCall: null,
      discretion: 'SOLE',
      line: expect.any(Number) as number,
    });
  });

  it('read from a folder of its tables gives the same', async () => {
    const fromZip = await readAll(zip);
    const fromFolder = await readAll(FOLDER);
    expect([...fromFolder.filings.values()]).toEqual([...fromZip.filings.values()]);
    expect(fromFolder.rows).toEqual(fromZip.rows);
  });

  it('resumed from a line reads the lines after it only', async () => {
    const dataSet = await openDataSet(zip);
    const lines: number[] = [];
    for await (const row of readTable(dataSet, 'INFOTABLE', ['CUSIP'], { from: 90 })) lines.push(row.line);
    dataSet.close();
    expect(lines).toEqual([91, 92, 93, 94, 95, 96, 97]);
  });

  it('unwraps a field the SEC quoted for the quotes it holds', async () => {
    const file = await zipWith('COVERPAGE', (t) =>
      t.replace('Bull Street Advisors, LLC', '"Bull Street ""BSA"" Advisors, LLC"'),
    );
    const { filings } = await readAll(file);
    expect(filings.get('0001790837-23-000002')!.managerName).toBe('Bull Street "BSA" Advisors, LLC');
  });
});

describe('a data set that is not what the SEC publishes', () => {
  const refused = async (table: DataSetTable, change: (text: string) => string | Buffer, message: string | RegExp) => {
    const file = await zipWith(table, change);
    await expect(readAll(file)).rejects.toThrow(message);
    await expect(readAll(file)).rejects.toBeInstanceOf(ImportError);
  };
  const line = (text: string, n: number, change: (line: string) => string) =>
    text
      .split('\n')
      .map((l, i) => (i === n - 1 ? change(l) : l))
      .join('\n');

  it('is refused at a line of another width, naming the file and line', () =>
    refused(
      'INFOTABLE',
      (t) => line(t, 40, (l) => l.split('\t').slice(0, 12).join('\t')),
      /^2023q1_form13f\.zip|INFOTABLE\.tsv, line 40: /,
    ));

  it('is refused at a value that is not a number, naming the file, line and column', async () => {
    const file = await zipWith('INFOTABLE', (t) =>
      line(t, 12, (l) => l.replace(/\t(\d+)\t(\d+)\tSH\t/, '\t1,234\t$2\tSH\t')),
    );
    await expect(readAll(file)).rejects.toThrow(/: INFOTABLE\.tsv, line 12: VALUE "1,234" is not a number\.$/);
  });

  it('is refused at a line whose accession is not one of its filings, and at an unknown amount type', async () => {
    await refused(
      'INFOTABLE',
      (t) => line(t, 5, (l) => l.replace('0001790837-23-000002', '0009999999-23-000001')),
      /INFOTABLE\.tsv, line 5: accession "0009999999-23-000001" is not in SUBMISSION\.tsv\./,
    );
    await refused(
      'INFOTABLE',
      (t) => line(t, 7, (l) => l.replace('\tSH\t', '\tSHARES\t')),
      /INFOTABLE\.tsv, line 7: SSHPRNAMTTYPE "SHARES" is not SH \(shares\) or PRN/,
    );
  });

  it('is refused at a control character, shown escaped', () =>
    refused(
      'COVERPAGE',
      (t) => t.replace('METLIFE INC', 'METLIFE \u001b[31mINC'),
      /COVERPAGE\.tsv, line 3: a control character in ".*\\x1b\[31m/,
    ));

  it('is refused when a filing date is not DD-MON-YYYY or a table lacks a column', async () => {
    await refused(
      'SUBMISSION',
      (t) => t.replace('28-FEB-2023', '2023-02-28'),
      /SUBMISSION\.tsv, line 2: FILING_DATE "2023-02-28" is not a DD-MON-YYYY date\./,
    );
    await refused(
      'INFOTABLE',
      (t) => t.replace('\tSSHPRNAMTTYPE\t', '\tTYPE\t'),
      /INFOTABLE\.tsv, line 1: the header has no SSHPRNAMTTYPE column/,
    );
  });

  it('is refused when it is not UTF-8, or binary', async () => {
    await refused(
      'COVERPAGE',
      (t) => {
        const at = t.indexOf('\n') + 10;
        return Buffer.concat([Buffer.from(t.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(t.slice(at))]);
      },
      /COVERPAGE\.tsv, near line 2: not UTF-8 text\./,
    );
    await refused('SUBMISSION', () => Buffer.from([0x50, 0x4b, 0, 0, 1, 2, 3]), /SUBMISSION\.tsv is not a text file/);
  });

  it('is refused when it holds no INFOTABLE, or is no zip at all', async () => {
    const file = path.join(dir, 'partial.zip');
    await writeZip(
      file,
      filesOf(FOLDER).filter((f) => f.name !== 'INFOTABLE.tsv'),
    );
    await expect(openDataSet(file)).rejects.toThrow(
      'partial.zip is not a Form 13F data set: it holds no INFOTABLE.tsv.',
    );
    const notZip = path.join(dir, 'not.zip');
    fs.writeFileSync(notZip, 'hello');
    await expect(openDataSet(notZip)).rejects.toThrow(/^not\.zip is not a zip file the SEC publishes/);
  });
});
