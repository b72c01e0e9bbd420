/**
 * A Form 13F data set imported end to end, to what readers get at GET /api/stock/institutional/{symbol}:
 * the real 2023q1 extract (tests/fixtures/edgar/13f/data-set), and two quarters written in the
 * SEC's format with the data's traps (amendments, a manager filing twice, holdings split over
 * lines, options, principal amounts, issuers of no listed company); an import stopped part way and
 * taken up; a dry run; and input refused whole, naming the file and line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importForm13fDataSet, type DataSetImportOptions } from '../../../../src/server/features/edgar/index.ts';
import {
  companies,
  form13fDataSetRuns,
  institutionalFilings,
  institutionalHoldings,
} from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { writeDataSet, type TestFiling, type TestLine } from '../../../helpers/form13f.ts';
import { tableDigests } from '../../../helpers/imports.ts';
import { writeZip } from '../../../helpers/zip-writer.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../../fixtures/edgar/13f/data-set');
const options = (extra: Partial<DataSetImportOptions> = {}): DataSetImportOptions => ({
  dryRun: false,
  batch: 3,
  pace: false,
  ...extra,
});

let t: TestApp;
let dir: string;

const company = (symbol: string, name: string, sharesOutstanding: number, lastSale: number) =>
  importedCompany({ symbol, name, sharesOutstanding, lastSale });

interface Holder {
  institutionName: string;
  sharesHeld: number;
  marketValue: number;
  sharesHeldPercentage: number;
  managerCik: number | null;
  reportPeriod: string | null;
  previousShares: number | null;
  changeShares: number | null;
  newPosition: boolean;
  accession: string | null;
  filingDate: string;
}
const holders = async (symbol: string, query = '') => {
  const answer = await t.call('GET', `/api/stock/institutional/${symbol}${query}`);
  expect(answer.status).toBe(200);
  return answer.body as { data: Holder[]; totalItems: number };
};

// Two quarters of five managers holding Alfa Therapeutics (ALFA, CUSIP 00123A105).
const ALFA = '00123A105';
const BETA = '00456B104';
const filing = (
  accession: string,
  cik: number,
  manager: string,
  filedOn: string,
  period: string,
  extra: Partial<TestFiling> = {},
): TestFiling => ({
  accession,
  cik,
  manager,
  filedOn,
  period,
  ...extra,
});
const line = (
  accession: string,
  issuer: string,
  cusip: string,
  shares: number,
  extra: Partial<TestLine> = {},
): TestLine => ({
  accession,
  issuer,
  cusip,
  shares,
  value: shares * 10,
  ...extra,
});

const Q1: TestFiling[] = [
  filing('0000001001-24-000001', 1001, 'ALPHA CAPITAL LLC', '2024-05-10', '2024-03-31'),
  filing('0000001002-24-000001', 1002, 'BETA ADVISORS LP', '2024-05-11', '2024-03-31'),
  filing('0000001004-24-000001', 1004, 'DELTA PARTNERS', '2024-05-12', '2024-03-31'),
];
const Q1_LINES: TestLine[] = [
  // Split over two lines (sole, and shared with another manager): one holding of 1,000.
  line('0000001001-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 600),
  line('0000001001-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 400, { discretion: 'DFND', otherManager: '1' }),
  line('0000001002-24-000001', 'BETA BIOSCIENCES INC', BETA, 5000),
  line('0000001004-24-000001', 'ALFA THERAPEUTICS', ALFA, 2000),
];
const Q2: TestFiling[] = [
  filing('0000001001-24-000002', 1001, 'ALPHA CAPITAL LLC', '2024-08-09', '2024-06-30'),
  filing('0000001002-24-000002', 1002, 'BETA ADVISORS LP', '2024-08-10', '2024-06-30'),
  filing('0000001003-24-000001', 1003, 'GAMMA FUND MGMT', '2024-08-11', '2024-06-30'),
  // Delta files twice and then restates: the restatement counts.
  filing('0000001004-24-000002', 1004, 'DELTA PARTNERS', '2024-08-12', '2024-06-30'),
  filing('0000001004-24-000003', 1004, 'DELTA PARTNERS', '2024-08-13', '2024-06-30'),
  filing('0000001004-24-000004', 1004, 'DELTA PARTNERS', '2024-08-20', '2024-06-30', { amendmentType: 'RESTATEMENT' }),
  // Epsilon's report, and an amendment adding a holding it had kept confidential.
  filing('0000001005-24-000001', 1005, 'EPSILON TRUST CO', '2024-08-14', '2024-06-30'),
  filing('0000001005-24-000002', 1005, 'EPSILON TRUST CO', '2024-11-14', '2024-06-30', {
    amendmentType: 'NEW HOLDINGS',
  }),
  // A notice: its holdings are in another manager's report.
  filing('0000001006-24-000001', 1006, 'ZETA SUB ADVISER', '2024-08-14', '2024-06-30', { form: '13F-NT' }),
];
const Q2_LINES: TestLine[] = [
  line('0000001001-24-000002', 'ALFA THERAPEUTICS INC', ALFA, 1500),
  // Options on Alfa are not shares owned; a bond is a principal amount.
  line('0000001001-24-000002', 'ALFA THERAPEUTICS INC', ALFA, 9000, { putCall: 'PUT', title: 'PUT' }),
  line('0000001001-24-000002', 'ALFA THERAPEUTICS INC', '00123AAB2', 100000, { type: 'PRN', title: 'NOTE 4.00% 2029' }),
  line('0000001001-24-000002', 'MEGACORP INC', '999999109', 1_000_000, { value: 250_000_000 }),
  line('0000001002-24-000002', 'ALFA THERAPEUTICS INC', ALFA, 700),
  line('0000001003-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 300),
  line('0000001004-24-000002', 'ALFA THERAPEUTICS INC', ALFA, 900),
  line('0000001004-24-000003', 'ALFA THERAPEUTICS INC', ALFA, 950),
  line('0000001004-24-000004', 'ALFA THERAPEUTICS INC', ALFA, 1200),
  line('0000001005-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 100),
  line('0000001005-24-000002', 'ALFA THERAPEUTICS INC', ALFA, 50),
];

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-13f-import-'));
  await t.database.db
    .insert(companies)
    .values([
      company('ALFA', 'Alfa Therapeutics, Inc. Common Stock', 10_000_000, 10),
      company('BETA', 'Beta Biosciences Inc. Common Stock', 50_000_000, 4),
      company('JNJ', 'Johnson & Johnson Common Stock', 2_600_000_000, 176.65),
    ]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the SEC’s 2023q1 data set (two real filings)', () => {
  it('places holdings with listed companies and reads a report still in thousands after 2023 as thousands', async () => {
    const zip = path.join(dir, '2023q1_form13f.zip');
    await writeZip(
      zip,
      fs.readdirSync(FIXTURE).map((name) => ({ name, content: fs.readFileSync(path.join(FIXTURE, name)) })),
    );
    const report = await importForm13fDataSet(t.database.db, zip, options());
    expect(report).toMatchObject({ kind: 'sec-13f', read: 96, added: 1, updated: 0, stopped: null });
    expect(report.notes).toContain('filings: 2 (2 holdings reports, 0 notices); new 2, already imported 0');
    // Bull Street Advisors filed on 2023-02-28 in thousands: its holdings were worth 1,000 times less than their shares.
    expect(report.notes.some((n) => /^reports read in the other unit.*: 1 \(0001790837-23-000002\)$/.test(n))).toBe(
      true,
    );
    const { data } = await holders('JNJ');
    expect(data).toEqual([
      expect.objectContaining({
        institutionName: 'Bull Street Advisors, LLC',
        sharesHeld: 48027,
        marketValue: 8_484_000,
        reportPeriod: '2022-12-31',
        managerCik: 1790837,
        accession: '0001790837-23-000002',
        filingDate: '2023-02-28',
        // Its report for the quarter before is not on record.
        changeShares: null,
        newPosition: false,
      }),
    ]);
    expect(data[0]!.sharesHeldPercentage).toBeCloseTo((48027 / 2_600_000_000) * 100, 8);
    // The largest issuers left out are listed for the CUSIP map.
    const unmatched = report.notes.indexOf(
      report.notes.find((n) => n.startsWith('issuers not matched to a listed company:'))!,
    );
    expect(report.notes[unmatched + 1]).toMatch(/^\s+\$[\d.]+[MB]\s+\w{9}\s+\S/);
  });
});

describe('two quarters of a small cap’s holders', () => {
  it('show each manager’s latest holding, largest first, with its change from the quarter before', async () => {
    const q1 = await importForm13fDataSet(
      t.database.db,
      await writeDataSet(dir, '2024q2_form13f.zip', Q1, Q1_LINES),
      options(),
    );
    expect(q1).toMatchObject({ read: 4, added: 3 });
    const q2 = await importForm13fDataSet(
      t.database.db,
      await writeDataSet(dir, '2024q3_form13f.zip', Q2, Q2_LINES),
      options(),
    );
    expect(q2.skipped).toMatchObject({
      'principal amount (PRN, a bond), not shares': { count: 1 },
      'line of an issuer that is no listed company': { count: 1 },
      // Delta's first two reports, replaced by its restatement.
      'line of a report replaced by a later one (or a notice, or off a quarter)': { count: 2 },
    });
    expect(q2.notes).toContain('amendments: 1 restating a report, 1 adding new holdings; reports that count: 6');
    expect(q2.notes.some((n) => n.includes('999999109  MEGACORP INC') && n.includes('$250.00M'))).toBe(true);

    const { data, totalItems } = await holders('ALFA');
    expect(totalItems).toBe(5);
    expect(
      data.map((h) => [
        h.institutionName,
        h.sharesHeld,
        h.changeShares,
        h.newPosition,
        h.previousShares,
        h.reportPeriod,
      ]),
    ).toEqual([
      ['ALPHA CAPITAL LLC', 1500, 500, false, 1000, '2024-06-30'],
      ['DELTA PARTNERS', 1200, -800, false, 2000, '2024-06-30'],
      ['BETA ADVISORS LP', 700, 700, true, 0, '2024-06-30'],
      ['GAMMA FUND MGMT', 300, null, false, null, '2024-06-30'],
      // The report and the new holdings its amendment added: 150; no report for the quarter before.
      ['EPSILON TRUST CO', 150, null, false, null, '2024-06-30'],
    ]);
    expect(data[0]).toMatchObject({ marketValue: 15000, sharesHeldPercentage: 0.015, managerCik: 1001 });
    // Options are kept apart, never counted as shares held.
    const options13f = await t.database.db
      .select({ putCall: institutionalHoldings.putCall, shares: institutionalHoldings.sharesHeld })
      .from(institutionalHoldings)
      .where(sql`${institutionalHoldings.putCall} is not null`);
    expect(options13f).toEqual([{ putCall: 'PUT', shares: 9000 }]);
    // The split holding of the quarter before is one row, its discretion mixed.
    const [split] = await t.database.db
      .select()
      .from(institutionalHoldings)
      .where(eq(institutionalHoldings.accession, '0000001001-24-000001'));
    expect(split).toMatchObject({ sharesHeld: 1000, marketValue: 10000, investmentDiscretion: 'MIXED' });
    // The replaced reports are on record, not in force, with no holdings.
    const delta = await t.database.db
      .select({ accession: institutionalFilings.accession, inForce: institutionalFilings.inForce })
      .from(institutionalFilings)
      .where(eq(institutionalFilings.managerCik, 1004))
      .orderBy(institutionalFilings.accession);
    expect(delta.map((d) => [d.accession, d.inForce])).toEqual([
      ['0000001004-24-000001', true],
      ['0000001004-24-000002', false],
      ['0000001004-24-000003', false],
      ['0000001004-24-000004', true],
    ]);
  });

  it('pages the holders and refuses a page size the table does not offer', async () => {
    const page = await holders('ALFA', '?page=2&pageSize=5');
    expect(page).toEqual({ data: [], totalItems: 5 });
    const two = await holders('ALFA', '?page=1&pageSize=5');
    expect(two.data).toHaveLength(5);
    expect((await t.call('GET', '/api/stock/institutional/ALFA?pageSize=7')).status).toBe(400);
  });

  it('imported again changes no holding', async () => {
    const before = (await holders('ALFA')).data;
    const again = await importForm13fDataSet(t.database.db, path.join(dir, '2024q3_form13f.zip'), options());
    expect(again.added).toBe(0);
    expect(again.notes).toContain('filings: 9 (8 holdings reports, 1 notices); new 0, already imported 8');
    expect((await holders('ALFA')).data).toEqual(before);
  });
});

describe('an import stopped part way', () => {
  it('shows nothing of the data set until it is taken up and finished, then the same as one that ran through', async () => {
    const lines = Array.from({ length: 20 }, (_, i) =>
      line(`0000002000-24-${String(i + 1).padStart(6, '0')}`, 'BETA BIOSCIENCES INC', BETA, 100 * (i + 1)),
    );
    const filings = lines.map((l, i) => filing(l.accession, 2000 + i, `MANAGER ${i + 1}`, '2024-08-14', '2024-06-30'));
    const zip = await writeDataSet(dir, '01jun2024-31aug2024_form13f.zip', filings, lines);
    const betaBefore = (await holders('BETA')).data;

    const stop = new AbortController();
    let steps = 0;
    const stopped = await importForm13fDataSet(
      t.database.db,
      zip,
      options({
        signal: stop.signal,
        batch: 4,
        onProgress: (phase) => {
          if (phase === 'writing holdings' && ++steps === 1) stop.abort();
        },
      }),
    );
    expect(stopped.stopped).toMatch(
      /^stopped after INFOTABLE line \d+; importing the same data set again goes on from there$/,
    );
    // Written so far, but not shown.
    expect((await holders('BETA')).data).toEqual(betaBefore);
    const [run] = await t.database.db.select().from(form13fDataSetRuns).where(eq(form13fDataSetRuns.status, 'loading'));
    expect(run!.linesDone).toBeGreaterThan(1);
    expect(run!.linesDone).toBeLessThan(21);

    // Taken up at once it is refused (the first may be running still); a minute later it goes on.
    await expect(importForm13fDataSet(t.database.db, zip, options())).rejects.toThrow(/is being imported already/);
    await t.database.db
      .update(form13fDataSetRuns)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(form13fDataSetRuns.id, run!.id));
    const resumed = await importForm13fDataSet(t.database.db, zip, options());
    expect(resumed.stopped).toBeNull();
    expect(resumed.notes).toContain(`taken up where an earlier import stopped: after INFOTABLE line ${run!.linesDone}`);
    const { data } = await holders('BETA');
    const fresh = data.filter((h) => h.institutionName.startsWith('MANAGER '));
    expect(fresh).toHaveLength(20);
    // Every holding once: none counted twice across the stop.
    expect(fresh.map((h) => h.sharesHeld).sort((a, b) => a - b)).toEqual(lines.map((l) => l.shares));
  });
});

describe('an import that changes nothing', () => {
  it('as a dry run reports what it would write', async () => {
    const before = await tableDigests(t.database.db);
    const zip = await writeDataSet(
      dir,
      'dry_form13f.zip',
      [filing('0000003000-24-000001', 3000, 'DRY RUN LLC', '2024-08-14', '2024-06-30')],
      [line('0000003000-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 42)],
    );
    const report = await importForm13fDataSet(t.database.db, zip, options({ dryRun: true }));
    expect(report).toMatchObject({ dryRun: true, read: 1, added: 1 });
    expect(await tableDigests(t.database.db)).toEqual(before);
  });

  it('refused for a bad line, names the file and line, before writing anything', async () => {
    const before = await tableDigests(t.database.db);
    const lines = [
      line('0000004000-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 42),
      line('0000004000-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 43),
      { ...line('0000004000-24-000001', 'ALFA THERAPEUTICS INC', ALFA, 44), type: 'SHS' as 'SH' },
    ];
    const zip = await writeDataSet(
      dir,
      'bad_form13f.zip',
      [filing('0000004000-24-000001', 4000, 'BAD LINES LLC', '2024-08-14', '2024-06-30')],
      lines,
    );
    await expect(importForm13fDataSet(t.database.db, zip, options())).rejects.toThrow(
      'bad_form13f.zip: INFOTABLE.tsv, line 4: SSHPRNAMTTYPE "SHS" is not SH (shares) or PRN (principal amount).',
    );
    expect(await tableDigests(t.database.db)).toEqual(before);
  });
});
