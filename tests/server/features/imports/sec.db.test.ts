import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  importSecSubmissions,
  importSecTickers,
  importUniverseFile,
} from '../../../../src/server/features/imports/index.ts';
import { latestChangeId } from '../../../../src/server/platform/changes.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { universeOptions } from '../../../helpers/imports.ts';
import { companies } from '../../../../src/server/schema.ts';

let t: TestApp;
let dir: string;
const write = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

/** EDGAR's parallel filing arrays for a list of filings. */
function recent(filings: { accession: string; date: string; form: string; doc?: string; about?: string }[]) {
  return {
    accessionNumber: filings.map((f) => f.accession),
    filingDate: filings.map((f) => f.date),
    reportDate: filings.map(() => ''),
    form: filings.map((f) => f.form),
    primaryDocument: filings.map((f) => f.doc ?? ''),
    primaryDocDescription: filings.map((f) => f.about ?? ''),
  };
}

interface Filing {
  accession_key: string;
  filing_type: string;
  description: string;
  raw_text_link: string;
  date_as_of_change: string;
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-sec-'));
  const universe = write(
    'screener.csv',
    [
      'Symbol,Name,Last Sale,Net Change,% Change,Market Cap,Country,IPO Year,Volume,Sector,Industry',
      'BIOX,BioThing Inc,$3.10,0.20,6.90%,45000000.00,United States,2019,99999,Miscellaneous,',
      'BRK/B,Bigco Holdings Class B,$5.00,-0.10,-1.96%,900000000.00,United States,,5000,Finance,Major Banks',
      'LONE,Lone Corp,$2.00,0.00,0.00%,30000000.00,United States,,100,Energy,Coal Mining',
      '',
    ].join('\n'),
  );
  await importUniverseFile(t.database.db, universe, universeOptions());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("importing the SEC's tickers and submissions", () => {
  it('links listed companies to their CIK, class shares included, and counts the tickers it cannot place', async () => {
    const file = write('company_tickers.json', {
      0: { cik_str: 1111111, ticker: 'BIOX', title: 'BIOTHING INC' },
      1: { cik_str: 2222222, ticker: 'BRK-B', title: 'BIGCO HOLDINGS' },
      2: { cik_str: 3333333, ticker: 'AAPL', title: 'APPLE INC' },
      3: { ticker: 'LONE', title: 'no cik here' },
      4: { cik_str: 9999999, ticker: 'BIOX', title: 'listed twice' },
    });
    const report = await importSecTickers(t.database.db, file, false);
    expect(report).toMatchObject({ read: 5, updated: 2 });
    expect(report.skipped).toMatchObject({
      'ticker not in the imported universe': { count: 1 },
      'malformed entry (no ticker or CIK)': { count: 1, where: ['entry 3'] },
      'ticker listed again (the first entry is kept)': { count: 1, where: ['entry 4'] },
    });
    const [bigco] = await t.database.db.select().from(companies).where(eq(companies.symbol, 'BRK.B'));
    expect(bigco?.cik).toBe(2222222);
    expect((await importSecTickers(t.database.db, file, false)).updated).toBe(0);
  });

  it("sets each company's sector from its SEC SIC code and loads its filings, linked to the SEC's documents, in the form groups", async () => {
    write('submissions/CIK0001111111.json', {
      cik: '1111111',
      name: 'BIOTHING INC',
      sic: '2834',
      sicDescription: 'Pharmaceutical Preparations',
      addresses: { business: { city: 'BOSTON', stateOrCountry: 'MA' } },
      filings: {
        recent: recent([
          {
            accession: '0001111111-24-000010',
            date: '2024-03-01',
            form: '10-K',
            doc: 'biox-20231231.htm',
            about: '10-K',
          },
          { accession: '0001111111-24-000011', date: '2024-03-05', form: '4', doc: 'xslF345X05/wf-form4.xml' },
          { accession: '0001111111-24-000012', date: '2024-04-02', form: '8-K' },
          { accession: '0001111111-24-000013', date: '2024-05-10', form: 'SCHEDULE 13G', doc: 'sched13g.htm' },
          { accession: '0001111111-24-000014', date: '2024-06-01', form: 'X-17A-5', doc: 'x17.htm' },
          { accession: 'not-an-accession', date: '2024-06-02', form: '10-Q' },
        ]),
        files: [{ name: 'CIK0001111111-submissions-001.json' }],
      },
    });
    write(
      'submissions/CIK0001111111-submissions-001.json',
      recent([{ accession: '0001111111-19-000001', date: '2019-08-14', form: '10-Q', doc: 'q2.htm' }]),
    );
    // A filer with no filing arrays, one that is not linked, and a broken file.
    write('submissions/CIK0002222222.json', { cik: '2222222', sic: '6022', filings: {} });
    write('submissions/CIK0003333333.json', { cik: '3333333', sic: '3571', filings: { recent: recent([]) } });
    write('submissions/CIK0004444444.json', '{"cik": "4444444", "filings": ');

    const changes = await latestChangeId(t.database.db);
    const report = await importSecSubmissions(t.database.db, [path.join(dir, 'submissions')], false);
    t.snapshots.invalidate();
    expect(report).toMatchObject({ read: 5, added: 6, updated: 2 });
    expect(report.skipped).toMatchObject({
      'filing entry with a missing or malformed accession number, date or form': { count: 1 },
      'file without filings.recent': { count: 1, where: ['CIK0002222222.json'] },
      'CIK not linked to a listed company (import sec-tickers first)': { count: 1 },
      'file that is empty, unreadable or not JSON': { count: 1, where: ['CIK0004444444.json'] },
    });
    expect(report.notes[0]).toMatch(/Annual reports 1.*other forms 1/);
    // Both companies' pages are rebuilt: sectors and filings changed.
    expect((await latestChangeId(t.database.db)) - changes).toBe(2);

    const record = (await t.call('GET', '/api/stock/company/BIOX')).body as { data: Record<string, unknown> };
    expect(record.data).toMatchObject({ sector_name: 'Life Sciences', industry: 'Pharmaceutical preparations' });
    const all = (await t.call('GET', '/api/stock/filings/BIOX?pageSize=10')).body as { data: Filing[] };
    expect(all.data.map((f) => f.filing_type)).toEqual(['X-17A-5', 'SCHEDULE 13G', '8-K', '4', '10-K', '10-Q']);
    expect(all.data.find((f) => f.filing_type === '10-K')?.raw_text_link).toBe(
      'https://www.sec.gov/Archives/edgar/data/1111111/000111111124000010/biox-20231231.htm',
    );
    expect(all.data.find((f) => f.filing_type === '8-K')?.raw_text_link).toBe(
      'https://www.sec.gov/Archives/edgar/data/1111111/000111111124000012/0001111111-24-000012-index.htm',
    );
    const insider = (await t.call('GET', '/api/stock/filings/BIOX?types=Insider%20transactions')).body as {
      data: Filing[];
    };
    expect(insider.data.map((f) => f.filing_type)).toEqual(['SCHEDULE 13G', '4']);
  });

  it("keeps the SEC's classification when the screener export comes again", async () => {
    const report = await importUniverseFile(t.database.db, path.join(dir, 'screener.csv'), universeOptions());
    expect(report).toMatchObject({ updated: 0, unchanged: 3 });
    const [biox] = await t.database.db.select().from(companies).where(eq(companies.symbol, 'BIOX'));
    expect(biox).toMatchObject({ sicCode: 2834, sectorName: 'Life Sciences' });
  });

  it('changes nothing when the same submissions come again', async () => {
    const changes = await latestChangeId(t.database.db);
    const report = await importSecSubmissions(t.database.db, [path.join(dir, 'submissions')], false);
    expect(report).toMatchObject({ added: 0, unchanged: 6, updated: 0 });
    expect(await latestChangeId(t.database.db)).toBe(changes);
  });

  it('refuses a tickers file that is not the SEC list, and a folder without submissions, changing nothing', async () => {
    await expect(importSecTickers(t.database.db, write('other.json', { a: { b: 1 } }), false)).rejects.toThrow(
      /not the SEC's company_tickers.json/,
    );
    await expect(importSecTickers(t.database.db, write('list.json', [1, 2]), false)).rejects.toThrow(/not the SEC/);
    await expect(importSecTickers(t.database.db, write('bad.json', '{oops'), false)).rejects.toThrow(/not JSON/);
    fs.mkdirSync(path.join(dir, 'empty'));
    await expect(importSecSubmissions(t.database.db, [path.join(dir, 'empty')], false)).rejects.toThrow(
      /No CIK##########.json files/,
    );
  });
});
