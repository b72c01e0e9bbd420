/**
 * FINRA's short interest into the universe: `npm run import -- finra-short` keeps each listed company's
 * row of the settlement date (a file read again changes nothing; a bad file changes nothing at all),
 * the scheduled fetch asks FINRA for each published report it does not hold and takes a 403 as "not
 * yet", the screener filters on the latest figures, and the Data tab shows the source.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFinraClient,
  importShortInterestFile,
  runShortInterestFetch,
} from '../../../../src/server/features/short-interest/index.ts';
import { ImportError } from '../../../../src/server/features/imports/index.ts';
import { runScreen } from '../../../../src/server/features/screener/index.ts';
import { companies, shortInterest, shortInterestReports } from '../../../../src/server/schema.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { startEdgarServer, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const fixturePath = (name: string) => new URL(`../../../fixtures/finra/${name}`, import.meta.url).pathname;
let t: TestApp;
let finra: EdgarServer;
const held = (symbol: string) => t.database.db.select().from(shortInterest).where(eq(shortInterest.symbol, symbol));

beforeAll(async () => {
  t = await createTestApp();
  finra = await startEdgarServer();
  await t.database.db.insert(companies).values([
    importedCompany({
      symbol: 'ABEO',
      name: 'Abeona Therapeutics Inc.',
      sharesOutstanding: 100_000_000,
      marketCap: 2e8,
      lastSale: 2,
    }),
    importedCompany({
      symbol: 'ABIO',
      name: 'ARCA biopharma, Inc.',
      sharesOutstanding: 14_000_000,
      marketCap: 3e7,
      lastSale: 2,
    }),
    importedCompany({
      symbol: 'ACAH',
      name: 'Atlantic Coastal Acquisition Corp.',
      sectorName: 'Finance',
      sicCode: 6770,
    }),
  ]);
});
afterAll(async () => {
  await t.close();
  await finra.close();
});

describe('npm run import -- finra-short', () => {
  it('keeps the listed companies’ rows of the settlement date, and leaves the rest of FINRA’s issues out', async () => {
    const dry = await importShortInterestFile(t.database.db, fixturePath('shrt20210715-first-rows.csv'), true);
    expect(dry).toMatchObject({ read: 293, added: 3, dryRun: true });
    expect(await held('ABEO')).toEqual([]);

    const report = await importShortInterestFile(t.database.db, fixturePath('shrt20210715-first-rows.csv'), false);
    expect(report).toMatchObject({ read: 293, added: 3, updated: 0, unchanged: 0 });
    expect(report.skipped['securities the universe does not list']?.count).toBe(290);
    expect(report.notes).toEqual(['Settlement date 2021-07-15.']);
    expect(await held('ABEO')).toEqual([
      expect.objectContaining({
        settlementDate: '2021-07-15',
        shortPosition: 4772840,
        previousPosition: 4078324,
        averageDailyVolume: 839079,
        daysToCover: 5.69,
        source: 'finra',
      }),
    ]);
    const again = await importShortInterestFile(t.database.db, fixturePath('shrt20210715-first-rows.csv'), false);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
  });

  it('refuses a file with a line that is not FINRA’s and changes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finra-'));
    const lines = fs.readFileSync(fixturePath('shrt20210715-first-rows.csv'), 'utf8').split('\n');
    lines[40] = lines[40]!.replace('2021-07-15', '2021-07-1x');
    const bad = path.join(dir, 'shrt20210715.csv');
    fs.writeFileSync(bad, lines.join('\n'));
    const before = await t.database.db.select().from(shortInterest);
    await expect(importShortInterestFile(t.database.db, bad, false)).rejects.toThrow(ImportError);
    await expect(importShortInterestFile(t.database.db, bad, false)).rejects.toThrow(
      `${bad}: line 41: settlementDate "2021-07-1x" is not a date (YYYY-MM-DD).`,
    );
    await expect(importShortInterestFile(t.database.db, path.join(dir, 'missing.csv'), false)).rejects.toThrow(
      'missing.csv does not exist.',
    );
    expect(await t.database.db.select().from(shortInterest)).toEqual(before);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the screener the latest short interest, its share of the shares outstanding and its change', async () => {
    t.snapshots.invalidate();
    const snapshot = await t.snapshots.get();
    const abeo = snapshot.rows.find((r) => r.symbol === 'ABEO')!;
    expect(abeo).toMatchObject({
      short_interest: 4772840,
      short_percent: 4.77,
      days_to_cover: 5.69,
      short_change: 17.03,
    });
    const screen = runScreen(snapshot, {
      filters: { 'Short Interest % of Shares': '4 to 5' },
      sortField: 'short_percent',
      sortDirection: 'desc',
      page: 1,
      pageSize: 10,
    });
    expect(screen.companies.map((c) => c.symbol)).toEqual(['ABEO']);
  });
});

describe('the scheduled fetch', () => {
  it('asks FINRA for each published report it does not hold, stores what FINRA has, and asks again for the rest later', async () => {
    finra.put(
      '/equity/otcmarket/biweekly/shrt20250715.csv',
      fs.readFileSync(fixturePath('shrt20250715-first-rows.csv')),
    );
    const client = createFinraClient(
      {
        shortInterestUrl: `${finra.url}/equity/otcmarket/biweekly/shrt{date}.csv`,
        userAgent: 'RedCap Research admin@redcap.example',
      },
      { sleep: async () => {} },
    );
    const report = await runShortInterestFetch(t.database.db, client, { trigger: 'command', today: '2025-07-25' });
    // The reports of mid-April to mid-July were published by then; FINRA has (here) only July 15th's.
    expect(report.stored).toEqual(['2025-07-15']);
    expect(report.requests).toBe(6);
    expect(report.notices).toContain(
      "The report of 2025-06-30 is not on FINRA's site yet; it is asked for again at the next run.",
    );
    expect(finra.requests.at(-1)!.headers['user-agent']).toBe('RedCap Research admin@redcap.example');
    expect(
      await t.database.db
        .select()
        .from(shortInterestReports)
        .where(eq(shortInterestReports.settlementDate, '2025-07-15')),
    ).toHaveLength(1);

    const again = await runShortInterestFetch(t.database.db, client, { trigger: 'command', today: '2025-07-25' });
    expect(again.stored).toEqual([]);
    expect(again.requests).toBe(5);
  });

  it('shows in the Data tab with its reports and runs', async () => {
    const staff = await staffHeaders(t);
    const listed = await t.call('GET', '/api/tools/data-sources', { headers: staff });
    const source = (listed.body as { data: { id: string }[] }).data.find((s) => s.id === 'finra');
    expect(source).toMatchObject({
      name: 'FINRA short interest',
      off: null,
      figures: [
        { label: 'Reports held', value: 2 },
        { label: 'Reports published and not held', value: expect.any(Number) },
      ],
      runs: [expect.objectContaining({ trigger: 'command', status: 'finished' }), expect.anything()],
    });
  });
});
