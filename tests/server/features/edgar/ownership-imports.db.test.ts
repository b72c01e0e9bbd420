/**
 * The backfill imports of insider trades: the SEC's quarterly Insider Transactions Data Set
 * (`sec-insider`) and ownership documents as EDGAR serves them (`sec-ownership`). Both store a filing
 * as the sync does, so a filing one source stored is not stored again by the other; a bad row or file
 * drops only its filing, and a zip that is not the data set changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importInsiderDataset, importOwnershipFiles } from '../../../../src/server/features/edgar/index.ts';
import { ImportError, type DataSetImportOptions } from '../../../../src/server/features/imports/index.ts';
import { createContentWatch } from '../../../../src/server/features/alerts/index.ts';
import { alerts, companies, favoriteCompanies, insiderTransactions } from '../../../../src/server/schema.ts';
import { addReader } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { writeZip } from '../../../helpers/zip-writer.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar');
const dataSetFile = (name: string) => fs.readFileSync(path.join(FIXTURES, 'insider-dataset', name), 'utf8');
const TABLES = ['SUBMISSION.tsv', 'REPORTINGOWNER.tsv', 'NONDERIV_TRANS.tsv', 'DERIV_TRANS.tsv', 'FOOTNOTES.tsv'];
const AAR = '0001127602-25-001055';
const APPLE = '0000320193-22-000061';

let t: TestApp;
let dir: string;

/** The data set's zip, its files as kept (or changed by `change`). */
async function dataSet(name: string, change: Record<string, string | null> = {}): Promise<string> {
  const file = path.join(dir, name);
  const entries: Record<string, string> = {};
  for (const table of TABLES) {
    const content = table in change ? change[table] : dataSetFile(table);
    if (content !== null && content !== undefined) entries[table] = content;
  }
  await writeZip(
    file,
    Object.entries(entries).map(([name, content]) => ({ name, content })),
  );
  return file;
}

const rowsOf = (accession: string) =>
  t.database.db
    .select()
    .from(insiderTransactions)
    .where(eq(insiderTransactions.accession, accession))
    .orderBy(asc(insiderTransactions.rowKey));

/** Apple joins the universe (the fixtures' other filing is its Form 4 of 2022). */
const addApple = () =>
  t.database.db
    .insert(companies)
    .values({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      cik: 320193,
      sicCode: 3571,
      sectorName: 'Technology',
      industry: 'Computers',
      market: 'NASDAQ',
      country: 'United States',
      dataSource: 'nasdaq-screener',
    })
    .onConflictDoNothing();

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-insider-'));
  const company = (symbol: string, name: string, cik: number) => importedCompany({ symbol, name, cik });
  await t.database.db.insert(companies).values([company('AIR', 'AAR Corp.', 1750)]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.delete(insiderTransactions);
  await t.database.db.delete(companies).where(eq(companies.symbol, 'AAPL'));
});

/** An import in steps of three rows, so that a filing's rows span steps. */
const steps = (options: Partial<DataSetImportOptions> = {}): DataSetImportOptions => ({
  dryRun: false,
  batch: 3,
  pace: false,
  ...options,
});

describe('the Insider Transactions Data Set import', () => {
  it('stores the universe’s trades of the quarter with their owner, code, price and holdings after, and skips other issuers', async () => {
    const report = await importInsiderDataset(t.database.db, await dataSet('2025q1_form345.zip'), steps());
    expect(report.read).toBe(2);
    expect(report.updated).toBe(1);
    expect(report.added).toBe(1);
    expect(report.skipped['issuer not in the universe']?.count).toBe(1);
    expect(await rowsOf(AAR)).toEqual([
      expect.objectContaining({
        companySymbol: 'AIR',
        purchaser: 'Garascia Jessica A.',
        ownerCik: 1806647,
        relationship: 'Senior VP, GC, CAO & Secretary',
        code: 'S',
        isBuy: false,
        amountPurchased: 1500,
        price: 66.903,
        acquiredDisposed: 'D',
        sharesAfter: 37565,
        ownership: 'D',
        tradingPlan: false,
        dateOfPurchase: '2025-01-10',
        filedOn: '2025-01-10',
        rowKey: `${AAR}:n:0`,
      }),
    ]);
  });

  it('reads a trading plan from the footnotes when the form has no checkbox, and numbers rows as the document does', async () => {
    await addApple();
    const report = await importInsiderDataset(t.database.db, await dataSet('2022q2_form345.zip'), steps());
    expect(report.added).toBe(8);
    const apple = await rowsOf(APPLE);
    expect(apple.map((r) => [r.rowKey, r.amountPurchased, r.tradingPlan])).toEqual([
      [`${APPLE}:n:0`, 9136, true],
      [`${APPLE}:n:1`, 5316, true],
      [`${APPLE}:n:2`, 4006, true],
      [`${APPLE}:n:3`, 900, true],
      [`${APPLE}:n:4`, 1550, true],
      [`${APPLE}:n:5`, 1800, true],
      [`${APPLE}:n:6`, 2292, true],
    ]);

    // The same data set again, and the same filing read from EDGAR's own file, are held already: nothing is stored twice.
    expect(await importInsiderDataset(t.database.db, await dataSet('2022q2_form345.zip'), steps())).toMatchObject({
      added: 0,
      unchanged: 2,
    });
    const again = await importOwnershipFiles(t.database.db, [path.join(FIXTURES, 'ownership', `${APPLE}.txt`)], false);
    expect(again).toMatchObject({ added: 0, unchanged: 1 });
    expect(await rowsOf(APPLE)).toHaveLength(7);
  });

  it('stopped part way, is finished by importing it again, storing no row twice', async () => {
    await addApple();
    const zip = await dataSet('2022q2-stopped.zip');
    const stop = new AbortController();
    const first = await importInsiderDataset(
      t.database.db,
      zip,
      steps({ signal: stop.signal, onProgress: (phase) => phase === 'writing' && stop.abort() }),
    );
    expect(first.stopped).toMatch(/^stopped after 3 rows; importing the same data set again finishes it/);
    // AAR's row and Apple's first two.
    expect(await rowsOf(APPLE)).toHaveLength(2);

    const second = await importInsiderDataset(t.database.db, zip, steps());
    expect(second).toMatchObject({ stopped: null, added: 5, updated: 1, unchanged: 1 });
    expect((await rowsOf(APPLE)).map((r) => r.rowKey)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => `${APPLE}:n:${n}`));
  });

  it('drops only the filing of a row that cannot be read, naming the file and the line', async () => {
    const broken = dataSetFile('NONDERIV_TRANS.tsv').replace('10-JAN-2025', '31-APR-2025');
    const report = await importInsiderDataset(
      t.database.db,
      await dataSet('bad-row.zip', { 'NONDERIV_TRANS.tsv': broken }),
      steps(),
    );
    expect(report.added).toBe(0);
    expect(report.skipped['filing with a row that cannot be read']).toEqual({
      count: 1,
      where: [`${AAR} (NONDERIV_TRANS.tsv line 2: TRANS_DATE is "31-APR-2025", not a date (DD-MON-YYYY).)`],
    });
  });

  it('refuses a zip that is not the data set, changing nothing', async () => {
    const missing = await dataSet('no-transactions.zip', { 'NONDERIV_TRANS.tsv': null });
    await expect(importInsiderDataset(t.database.db, missing, steps())).rejects.toThrow(
      new ImportError(
        'no-transactions.zip has no NONDERIV_TRANS.tsv: it is not an Insider Transactions Data Set (Forms 3, 4 and 5).',
      ),
    );
    const renamed = await dataSet('renamed.zip', {
      'SUBMISSION.tsv': dataSetFile('SUBMISSION.tsv').replace('ISSUERCIK', 'ISSUER_CIK'),
    });
    await expect(importInsiderDataset(t.database.db, renamed, steps())).rejects.toThrow(
      /SUBMISSION\.tsv has no column ISSUERCIK/,
    );
    const notZip = path.join(dir, 'not-a-zip.zip');
    fs.writeFileSync(notZip, 'ACCESSION_NUMBER\tFILING_DATE\n');
    await expect(importInsiderDataset(t.database.db, notZip, steps())).rejects.toThrow(
      /is not a zip file that can be read/,
    );
    expect(await t.database.db.select().from(insiderTransactions)).toEqual([]);
  });

  it('alerts nobody of trades filed long before the import: a quarter’s data set is history', async () => {
    const reader = await addReader(t.database.db);
    await t.database.db.insert(favoriteCompanies).values({ userId: reader.id, symbol: 'AIR' });
    const watch = createContentWatch(t.database.db, { batch: 100 });
    await watch.look();
    await importInsiderDataset(t.database.db, await dataSet('history.zip'), steps());
    expect(await rowsOf(AAR)).toHaveLength(1);
    await watch.look(new Date(Date.now() + 1000));
    expect(await t.database.db.select().from(alerts).where(eq(alerts.userId, reader.id))).toEqual([]);
  });

  it('changes nothing on a dry run, whose report says what it would have done', async () => {
    const report = await importInsiderDataset(t.database.db, await dataSet('dry.zip'), steps({ dryRun: true }));
    expect(report).toMatchObject({ dryRun: true, added: 1 });
    expect(await t.database.db.select().from(insiderTransactions)).toEqual([]);
  });
});

describe('the ownership documents import', () => {
  it('reads complete submission text files and XML documents in their EDGAR folder, reporting the ones it cannot read', async () => {
    const folder = path.join(dir, 'ownership');
    const accessionFolder = path.join(folder, AAR.replaceAll('-', ''));
    fs.mkdirSync(accessionFolder, { recursive: true });
    const submission = fs.readFileSync(path.join(FIXTURES, 'ownership', `${AAR}.txt`), 'utf8');
    const xml = submission.slice(
      submission.indexOf('<ownershipDocument>'),
      submission.indexOf('</ownershipDocument>') + 20,
    );
    fs.writeFileSync(path.join(accessionFolder, 'form4.xml'), `<?xml version="1.0"?>\n${xml}`);
    fs.writeFileSync(path.join(folder, 'cut.txt'), submission.slice(0, 2000));
    fs.writeFileSync(path.join(folder, 'loose.xml'), `<?xml version="1.0"?>\n${xml}`);

    const report = await importOwnershipFiles(t.database.db, [accessionFolder, folder], false);
    expect(report.read).toBe(3);
    expect(report.added).toBe(1);
    expect(await rowsOf(AAR)).toEqual([
      expect.objectContaining({ code: 'S', amountPurchased: 1500, filedOn: '2025-01-10', rowKey: `${AAR}:n:0` }),
    ]);
    expect(report.skipped['file that is not a Form 3, 4 or 5 that can be read']?.where).toEqual([
      'cut.txt: ends before </SEC-DOCUMENT>: the file is cut short.',
      expect.stringMatching(/^loose\.xml: names no accession number/),
    ]);

    // The complete submission text file of the same filing: held already.
    const again = await importOwnershipFiles(t.database.db, [path.join(FIXTURES, 'ownership', `${AAR}.txt`)], false);
    expect(again).toMatchObject({ added: 0, unchanged: 1 });
  });
});
