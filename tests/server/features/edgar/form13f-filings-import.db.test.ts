/**
 * 13F-HR filings imported from files as EDGAR serves them (tests/fixtures/edgar/13f, real filings),
 * to what readers get at GET /api/stock/institutional/{symbol}: the submission text file and the
 * filing's folder alike, values in thousands or dollars, an amendment restating a report or adding
 * holdings, staff's CUSIP map, and a file that cannot be read refused whole, naming its line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCusipMap, importForm13fFilings } from '../../../../src/server/features/edgar/index.ts';
import { companies, cusipSymbols, institutionalHoldings } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { tableDigests } from '../../../helpers/imports.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/13f');
const LTS = '0001894188-23-000007';

let t: TestApp;
let dir: string;

const company = (symbol: string, name: string, sharesOutstanding: number, lastSale: number) =>
  importedCompany({ symbol, name, sharesOutstanding, lastSale });

const holders = async (symbol: string) => {
  const answer = await t.call('GET', `/api/stock/institutional/${symbol}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: Record<string, unknown>[] }).data;
};

/**
 * LTS One's filing as another filing: a new accession, its filing date, its primary document and
 * table changed, and only the lines of `keep` (CUSIPs) when given.
 */
function variant(accession: string, filedOn: string, changes: [string | RegExp, string][], keep?: string[]): string {
  let text = fs.readFileSync(path.join(FIXTURES, `${LTS}.txt`), 'utf8');
  text = text
    .replaceAll(LTS, accession)
    .replace(/FILED AS OF DATE:\t\t\d{8}/, `FILED AS OF DATE:\t\t${filedOn.replaceAll('-', '')}`);
  if (keep)
    text = text.replace(/\t<ns1:infoTable>[\s\S]*?<\/ns1:infoTable>\n/g, (entry) =>
      keep.some((cusip) => entry.includes(`<ns1:cusip>${cusip}<`)) ? entry : '',
    );
  for (const [from, to] of changes) text = text.replace(from, to);
  const file = path.join(dir, `${accession}.txt`);
  fs.writeFileSync(file, text);
  return file;
}

/** The shares and dollars stored for a company, whatever quarter they are of. */
const storedFor = (symbol: string) =>
  t.database.db
    .select({ sharesHeld: institutionalHoldings.sharesHeld, marketValue: institutionalHoldings.marketValue })
    .from(institutionalHoldings)
    .where(eq(institutionalHoldings.companySymbol, symbol));

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-13f-files-'));
  await t.database.db.insert(companies).values([
    company('IRTC', 'iRhythm Technologies, Inc. Common Stock', 30_900_000, 94.26),
    company('EPAM', 'EPAM Systems, Inc. Common Stock', 57_800_000, 255.69),
    // Named otherwise than the 13F list names the issuer (VAIL RESORTS INC): found only through the CUSIP map.
    company('MTN', 'Vail Mountain Holdings Corp. Common Stock', 38_000_000, 213.5),
    company('JNJ', 'Johnson & Johnson Common Stock', 2_600_000_000, 176.65),
    company('AAPL', 'Apple Inc. Common Stock', 16_800_000_000, 132.69),
  ]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('13F-HR filings from files', () => {
  it('place a filing’s holdings with the listed companies its issuers are, and list the issuers left out', async () => {
    const report = await importForm13fFilings(t.database.db, [path.join(FIXTURES, `${LTS}.txt`)], false);
    expect(report).toMatchObject({ kind: 'sec-13f', read: 1, added: 2, updated: 0 });
    expect(report.notes[0]).toBe(
      'issuers not matched to a listed company: 12 CUSIPs; the largest by value (map their CUSIPs with npm run import -- cusip-map FILE.csv):',
    );
    expect(report.notes).toContain('     $16.09M  91879Q109  VAIL RESORTS INC');
    expect(await holders('IRTC')).toEqual([
      {
        id: expect.any(Number) as number,
        institutionName: 'LTS One Management LP',
        sharesHeld: 774748,
        marketValue: 73_028_000,
        sharesHeldPercentage: (774748 / 30_900_000) * 100,
        filingDate: '2023-11-14',
        managerCik: 1894188,
        reportPeriod: '2023-09-30',
        previousShares: null,
        changeShares: null,
        newPosition: false,
        accession: LTS,
      },
    ]);
  });

  it('read again from the filing’s folder (primary document and information table) change nothing', async () => {
    const before = await holders('IRTC');
    const report = await importForm13fFilings(t.database.db, [path.join(FIXTURES, '000189418823000007')], false);
    expect(report).toMatchObject({ read: 1, added: 0, updated: 2 });
    expect(await holders('IRTC')).toEqual(before);
  });

  it('filed in 2021 are read in thousands of dollars, and not shown once quarters newer than the one before are on record', async () => {
    await importForm13fFilings(t.database.db, [path.join(FIXTURES, '0001619124-21-000002.txt')], false);
    expect(await storedFor('AAPL')).toEqual([{ sharesHeld: 1733777, marketValue: 230_054_000 }]);
    // The newest quarter on record is 2023-09-30: a report of 2020 is not a current holding.
    expect(await holders('AAPL')).toEqual([]);
  });

  it('filed in 2023 still in thousands are read in thousands, their holdings being 1,000 times below their prices', async () => {
    const report = await importForm13fFilings(t.database.db, [path.join(FIXTURES, '0001790837-23-000002.txt')], false);
    expect(report.notes).toContain(
      "filings whose values were read in the other unit, their holdings' worth being 1,000 times off their shares' prices: 1",
    );
    expect(await storedFor('JNJ')).toEqual([{ sharesHeld: 48027, marketValue: 8_484_000 }]);
  });

  it('of a restating amendment replace the report; one adding new holdings adds to it', async () => {
    const restated = variant('0001894188-23-000011', '2023-12-01', [
      ['<isAmendment>', '<isAmendment>'],
      [
        '<reportCalendarOrQuarter>09-30-2023</reportCalendarOrQuarter>',
        '<reportCalendarOrQuarter>09-30-2023</reportCalendarOrQuarter><isAmendment>true</isAmendment><amendmentNo>1</amendmentNo><amendmentInfo><amendmentType>RESTATEMENT</amendmentType></amendmentInfo>',
      ],
      ['<submissionType>13F-HR</submissionType>', '<submissionType>13F-HR/A</submissionType>'],
      ['<ns1:sshPrnamt>774748</ns1:sshPrnamt>', '<ns1:sshPrnamt>700000</ns1:sshPrnamt>'],
    ]);
    const report = await importForm13fFilings(t.database.db, [restated], false);
    expect(report.notes).toContain('holdings of reports replaced by later ones removed: 2');
    expect(await holders('IRTC')).toEqual([
      expect.objectContaining({ sharesHeld: 700000, accession: '0001894188-23-000011', filingDate: '2023-12-01' }),
    ]);

    // New holdings it had kept confidential: more iRhythm shares, on a line of their own.
    const added = variant(
      '0001894188-24-000001',
      '2024-02-14',
      [
        [
          '<reportCalendarOrQuarter>09-30-2023</reportCalendarOrQuarter>',
          '<reportCalendarOrQuarter>09-30-2023</reportCalendarOrQuarter><isAmendment>true</isAmendment><amendmentNo>2</amendmentNo><amendmentInfo><amendmentType>NEW HOLDINGS</amendmentType></amendmentInfo>',
        ],
        ['<submissionType>13F-HR</submissionType>', '<submissionType>13F-HR/A</submissionType>'],
        ['<ns1:sshPrnamt>774748</ns1:sshPrnamt>', '<ns1:sshPrnamt>25000</ns1:sshPrnamt>'],
      ],
      ['450056106'],
    );
    await importForm13fFilings(t.database.db, [added], false);
    const [irtc] = await holders('IRTC');
    expect(irtc).toMatchObject({ sharesHeld: 725000, accession: '0001894188-24-000001' });
  });

  it('that cannot be read are refused whole, naming the file and line, and change nothing', async () => {
    const broken = variant('0001894188-23-000012', '2023-12-02', [
      ['<ns1:sshPrnamt>50000</ns1:sshPrnamt>', '<ns1:sshPrnamt>fifty thousand</ns1:sshPrnamt>'],
    ]);
    const before = await tableDigests(t.database.db);
    await expect(
      importForm13fFilings(t.database.db, [path.join(FIXTURES, '0001619124-21-000002.txt'), broken], false),
    ).rejects.toThrow('0001894188-23-000012.txt: line 167: sshPrnamt is "fifty thousand", not a number.');
    expect(await tableDigests(t.database.db)).toEqual(before);
  });

  it('without their accession number (no folder named after it) are refused', async () => {
    const folder = path.join(dir, 'loose');
    fs.mkdirSync(folder);
    for (const name of ['primary_doc.xml', 'index.xml'])
      fs.copyFileSync(path.join(FIXTURES, '000189418823000007', name), path.join(folder, name));
    await expect(importForm13fFilings(t.database.db, [folder], false)).rejects.toThrow(
      /primary_doc\.xml: the filing's accession number is not known: keep its documents in a folder named after it/,
    );
  });

  it('are refused on the demo universe, whose companies holdings are never placed with', async () => {
    const demo = await createTestApp({ seedCompanies: 5 });
    try {
      await expect(importForm13fFilings(demo.database.db, [path.join(FIXTURES, `${LTS}.txt`)], false)).rejects.toThrow(
        /the site holds the demo universe/,
      );
    } finally {
      await demo.close();
    }
  });
});

describe('staff’s CUSIP map', () => {
  it('adds entries, skipping with their lines a CUSIP mistyped, a symbol not imported and a CUSIP mapped twice', async () => {
    const file = path.join(dir, 'cusips.csv');
    fs.writeFileSync(
      file,
      [
        'cusip,symbol,name',
        '91879Q109,MTN,Vail Resorts',
        '91879Q108,MTN,check digit wrong',
        '023135106,AMZN,not imported',
        '91879Q109,IRTC,again',
        'ZZZ,IRTC,short',
        '',
      ].join('\n'),
    );
    const report = await importCusipMap(t.database.db, file, false);
    expect(report).toMatchObject({ kind: 'cusip-map', read: 5, added: 1 });
    expect(report.skipped).toEqual({
      'CUSIP whose check digit is wrong': { count: 1, where: ['cusips.csv:3'] },
      'symbol of no imported company': { count: 1, where: ['cusips.csv:4'] },
      'CUSIP mapped again to another symbol (the first is kept)': { count: 1, where: ['cusips.csv:5'] },
      'CUSIP that is not nine letters and digits': { count: 1, where: ['cusips.csv:6'] },
    });
    expect(report.notes).toContain(
      'mapped CUSIPs with no holdings on record yet: 1 (import the 13F data sets again to add them)',
    );
    expect(await t.database.db.select().from(cusipSymbols).where(eq(cusipSymbols.source, 'staff'))).toEqual([
      expect.objectContaining({ cusip: '91879Q109', symbol: 'MTN' }),
    ]);
    // The CUSIPs placed by their issuer's name before are kept apart from staff's.
    expect(
      (await t.database.db.select().from(cusipSymbols).where(eq(cusipSymbols.source, 'issuer name'))).map((c) => [
        c.cusip,
        c.symbol,
      ]),
    ).toContainEqual(['450056106', 'IRTC']);
  });

  it('places the holdings of a mapped CUSIP with its company once the filing is read again', async () => {
    await importForm13fFilings(t.database.db, [path.join(FIXTURES, `${LTS}.txt`)], false);
    // The original is restated: its holdings are not read back (the restatement counts).
    expect(await holders('MTN')).toEqual([]);
    await importForm13fFilings(t.database.db, [path.join(dir, '0001894188-23-000011.txt')], false);
    expect(await holders('MTN')).toEqual([
      expect.objectContaining({ institutionName: 'LTS One Management LP', sharesHeld: 72500, marketValue: 16_087_000 }),
    ]);
  });

  it('moves holdings placed with one company to the company it names', async () => {
    const file = path.join(dir, 'move.csv');
    fs.writeFileSync(file, 'CUSIP,Ticker\n450056106,EPAM\n');
    const report = await importCusipMap(t.database.db, file, false);
    expect(report.notes).toContain('holdings moved to the company the map names: 2');
    expect(await holders('IRTC')).toEqual([]);
    // One holder, its holdings of both CUSIPs summed: 50,000 + 700,000 + 25,000.
    expect((await holders('EPAM')).map((h) => h.sharesHeld)).toEqual([775000]);
    const moved = await t.database.db
      .select({ symbol: institutionalHoldings.companySymbol })
      .from(institutionalHoldings)
      .where(eq(institutionalHoldings.cusip, '450056106'));
    expect(new Set(moved.map((m) => m.symbol))).toEqual(new Set(['EPAM']));
  });

  it('without a cusip or symbol column is refused, naming the file and line', async () => {
    const file = path.join(dir, 'bad.csv');
    fs.writeFileSync(file, 'security,company\n91879Q109,MTN\n');
    await expect(importCusipMap(t.database.db, file, false)).rejects.toThrow(
      'bad.csv, line 1: the header names no cusip column (a CUSIP map is cusip,symbol).',
    );
  });
});

describe('a restatement filed after new holdings were added', () => {
  it('replaces them too: the manager’s quarter is the restatement alone', async () => {
    expect((await holders('EPAM')).map((h) => h.sharesHeld)).toEqual([775000]);
    const again = variant('0001894188-24-000002', '2024-03-01', [
      [
        '<reportCalendarOrQuarter>09-30-2023</reportCalendarOrQuarter>',
        '<reportCalendarOrQuarter>09-30-2023</reportCalendarOrQuarter><isAmendment>true</isAmendment><amendmentNo>3</amendmentNo><amendmentInfo><amendmentType>RESTATEMENT</amendmentType></amendmentInfo>',
      ],
      ['<submissionType>13F-HR</submissionType>', '<submissionType>13F-HR/A</submissionType>'],
      ['<ns1:sshPrnamt>774748</ns1:sshPrnamt>', '<ns1:sshPrnamt>650000</ns1:sshPrnamt>'],
    ]);
    const report = await importForm13fFilings(t.database.db, [again], false);
    expect(report.notes).toContain('holdings of reports replaced by later ones removed: 4');
    expect(await holders('EPAM')).toEqual([
      expect.objectContaining({ sharesHeld: 700000, accession: '0001894188-24-000002' }),
    ]);
  });
});
