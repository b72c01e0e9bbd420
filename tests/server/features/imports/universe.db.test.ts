import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ImportError, importUniverseFile } from '../../../../src/server/features/imports/index.ts';
import { createMarketDataJob } from '../../../../src/server/features/market/market-data.ts';
import { latestChangeId } from '../../../../src/server/platform/changes.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { universeOptions } from '../../../helpers/imports.ts';
import { ask } from '../../../helpers/chat.ts';
import { companies } from '../../../../src/server/schema.ts';

const HEADER = 'Symbol,Name,Last Sale,Net Change,% Change,Market Cap,Country,IPO Year,Volume,Sector,Industry';

/** A Nasdaq screener export with every oddity the real one has; CRLF line ends and a byte-order mark. */
const FIRST_EXPORT = [
  HEADER,
  'APXW,Apex Widgets Inc. Common Stock  ,$12.34,0.56,4.75%,1234567890.00,United States,2015,123456,Technology,Computer Software: Prepackaged Software',
  'ABR^A,Arbor Realty Trust 6.375% Series D Preferred Stock,$24.10,0.10,0.42%,,United States,,1200,Real Estate,Real Estate Investment Trusts',
  'ACAHU,Acme Acquisition Corp. Units,$10.05,0.00,0.00%,50000000.00,United States,2021,100,Finance,Blank Checks',
  'ACAHW,Acme Acquisition Corp. Warrant,$0.15,0.01,7.14%,1500000.00,United States,2021,100,Finance,Blank Checks',
  'ACAHR,Acme Acquisition Corp. Rights,$0.20,0.00,0.00%,2000000.00,United States,2021,100,Finance,Blank Checks',
  '"BRK/B","Bigco, Holdings Class B",$5.00,-0.10,-1.96%,900000000.00,,,5000,,',
  'ZZZ,Zed Corp,$-5.00,0.00,0.00%,1000000.00,United States,,1,Energy,Oil & Gas Production',
  'BIGC,Big Cap Inc,$300.00,1.00,0.33%,90000000000.00,United States,1990,1000000,Technology,Semiconductors',
  'NOCP,No Cap Inc,$1.00,0.00,0.00%,,United States,,100,Energy,Oil & Gas Production',
  'APXW,Apex Widgets duplicate,$1.00,0.00,0.00%,2000000.00,United States,,1,Technology,Semiconductors',
  'HUGE,Huge Number Corp,$1.00,0.00,0.00%,1e40,United States,,1,Energy,Oil & Gas Production',
  'BIOX,BioThing Inc,$3.10,0.20,6.90%,45000000.00,Israel,2019,99999,Health Care,Biotechnology: Pharmaceutical Preparations',
  'ODDI,Oddity Corp,$2.00,0.00,0.00%,3000000.00,United States,2000,500,Industrials,Underwater Basket Weaving',
  'SHORT,Too Few Fields Inc,$2.00,0.00',
  'TRNC,"Truncated, Inc',
];
const toFile = (lines: string[], lineEnd = '\r\n') => `\uFEFF${lines.join(lineEnd)}`;

let t: TestApp;
let dir: string;
const write = (name: string, text: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
const companyCount = async () => Number((await t.database.db.select({ n: count() }).from(companies))[0]?.n ?? 0);

interface ScreenRow {
  symbol: string;
  name: string;
  last_sale: number;
  market_cap: number;
  sector_name: string;
  data_source: string;
  prices_as_of: string | null;
}
async function screener(): Promise<ScreenRow[]> {
  const res = await t.call('POST', '/api/graphql', {
    json: {
      query:
        '{ filteredCompanies(data: {page: 1, pageSize: 1000}) { companies { symbol name last_sale market_cap sector_name data_source prices_as_of } } }',
    },
  });
  return (res.body as { data: { filteredCompanies: { companies: ScreenRow[] } } }).data.filteredCompanies.companies;
}

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 20 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-universe-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('importing the Nasdaq screener export', () => {
  it('refuses a database holding the demo universe until asked to replace it, changing nothing', async () => {
    const file = write('nasdaq_screener_1617051139045.csv', toFile(FIRST_EXPORT));
    const before = await companyCount();
    await expect(importUniverseFile(t.database.db, file, universeOptions())).rejects.toThrow(/--replace-demo/);
    expect(await companyCount()).toBe(before);
    expect(((await t.call('GET', '/api/site/info')).body as { data: { demo: boolean } }).data.demo).toBe(true);
  });

  it('keeps common shares in the small-cap window and reports every other row by reason, with the lines of malformed ones', async () => {
    const file = write('nasdaq_screener_1617051139045.csv', toFile(FIRST_EXPORT));
    const report = await importUniverseFile(t.database.db, file, universeOptions({ replaceDemo: true }));
    t.snapshots.invalidate();
    expect(report.read).toBe(FIRST_EXPORT.length - 1);
    expect(report.added).toBe(4);
    expect(report.skipped).toMatchObject({
      'preferred (not imported)': { count: 1 },
      'unit (not imported)': { count: 1 },
      'warrant (not imported)': { count: 1 },
      'right (not imported)': { count: 1 },
      'absurd or unreadable number': { count: 2, where: ['line 8', 'line 12'] },
      'outside the market-cap window': { count: 1 },
      'no market cap': { count: 1 },
      'duplicate symbol (the first row is kept)': { count: 1, where: ['line 11'] },
      'malformed row (not 11 fields)': { count: 1, where: ['line 15'] },
      'truncated row (the file ends inside it)': { count: 1, where: ['line 16'] },
    });
    expect(report.notes.join('\n')).toMatch(/Industrials \/ Underwater Basket Weaving \(1\)/);
    expect(report.notes.join('\n')).toMatch(/demo data removed: 20 companies/);

    const rows = await screener();
    expect(rows.map((r) => r.symbol).sort()).toEqual(['APXW', 'BIOX', 'BRK.B', 'ODDI']);
    const apex = rows.find((r) => r.symbol === 'APXW')!;
    expect(apex).toMatchObject({
      name: 'Apex Widgets Inc. Common Stock',
      last_sale: 12.34,
      market_cap: 1234567890,
      sector_name: 'Technology',
      data_source: 'nasdaq-screener',
      prices_as_of: '2021-03-29',
    });
    expect(rows.find((r) => r.symbol === 'BRK.B')?.name).toBe('Bigco, Holdings Class B');
    expect(rows.find((r) => r.symbol === 'BIOX')?.sector_name).toBe('Life Sciences');

    const record = (await t.call('GET', '/api/stock/company/APXW')).body as { data: Record<string, unknown> };
    expect(record.data).toMatchObject({ data_source: 'nasdaq-screener', prices_as_of: '2021-03-29', active: true });
    expect(((await t.call('GET', '/api/site/info')).body as { data: { demo: boolean } }).data.demo).toBe(false);
  });

  it('changes nothing when the same file comes again, not even the change record the site rebuilds from', async () => {
    const file = write('nasdaq_screener_1617051139045.csv', toFile(FIRST_EXPORT));
    const changes = await latestChangeId(t.database.db);
    const report = await importUniverseFile(t.database.db, file, universeOptions());
    expect(report).toMatchObject({ added: 0, updated: 0, unchanged: 4, deactivated: 0 });
    expect(await latestChangeId(t.database.db)).toBe(changes);
  });

  it('updates prices, adds new symbols and marks vanished ones inactive, keeping their pages, from a newer file', async () => {
    const newer = [
      HEADER,
      'APXW,Apex Widgets Inc. Common Stock,$13.00,0.66,5.35%,1300000000.00,United States,2015,223456,Technology,Computer Software: Prepackaged Software',
      'BIOX,BioThing Inc,$3.10,0.20,6.90%,45000000.00,Israel,2019,99999,Health Care,Biotechnology: Pharmaceutical Preparations',
      'ODDI,Oddity Corp,$2.00,0.00,0.00%,3000000.00,United States,2000,500,Industrials,Underwater Basket Weaving',
      'NEWC,New Company Inc,$7.00,0.50,7.69%,70000000.00,Canada,2024,7000,Energy,Oil & Gas Production',
    ];
    const file = write('nasdaq_screener_1617137539045.csv', `${newer.join('\n')}\n`);
    const changes = await latestChangeId(t.database.db);
    // The day of the prices comes from the download time in the file's name.
    const report = await importUniverseFile(t.database.db, file, universeOptions({ asOf: undefined }));
    t.snapshots.invalidate();
    expect(report).toMatchObject({ added: 1, updated: 3, unchanged: 0, deactivated: 1 });
    // Three records changed their prices' day, one is new, one left: five changes for the site.
    expect((await latestChangeId(t.database.db)) - changes).toBe(5);

    const rows = await screener();
    expect(rows.map((r) => r.symbol).sort()).toEqual(['APXW', 'BIOX', 'NEWC', 'ODDI']);
    expect(rows.find((r) => r.symbol === 'APXW')).toMatchObject({ last_sale: 13, prices_as_of: '2021-03-30' });
    const gone = (await t.call('GET', '/api/stock/company/BRK.B')).body as { data: Record<string, unknown> };
    expect(gone.data).toMatchObject({ name: 'Bigco, Holdings Class B', active: false });

    // RedChat quotes the imported close, with its day and source.
    const answer = await ask(t, 'What is the price of APXW?');
    expect(answer.text).toMatch(
      /APXW\)\*\* last traded at \*\*\$13\.00\*\*.*at the 2021-03-30 close \(Nasdaq screener export\)/,
    );
  });

  it("takes a real provider's quotes over the import's prices during the session, naming the provider", async () => {
    const job = createMarketDataJob({
      db: t.database.db,
      provider: {
        name: 'polygon',
        quotes: async (list) => list.map((c) => ({ symbol: c.symbol, price: 14.5, volume: 900 })),
      },
      logger: { info: () => {}, warn: () => {}, error: () => {} } as never,
      onChange: () => t.snapshots.invalidate(),
    });
    // A Monday at 11:00 in New York: the day's reset, then quotes.
    await job.tick(new Date('2026-11-23T16:00:00Z'));
    await job.tick(new Date('2026-11-23T16:01:00Z'));
    const { data } = (await t.call('GET', '/api/stock/company/APXW')).body as { data: Record<string, unknown> };
    expect(data).toMatchObject({ last_sale: 14.5, data_source: 'polygon', prices_as_of: '2026-11-23' });
    // Companies no longer listed get no quotes.
    const gone = (await t.call('GET', '/api/stock/company/BRK.B')).body as { data: Record<string, unknown> };
    expect(gone.data).toMatchObject({ last_sale: 5, data_source: 'nasdaq-screener' });
  });

  it('reports what it would do in a dry run and writes nothing', async () => {
    const file = write(
      'dry.csv',
      `${[HEADER, 'DRYR,Dry Run Inc,$1.00,0.00,0.00%,9000000.00,United States,,1,Energy,Coal Mining'].join('\n')}\n`,
    );
    const before = await companyCount();
    const report = await importUniverseFile(t.database.db, file, universeOptions({ dryRun: true }));
    expect(report).toMatchObject({ dryRun: true, added: 1, deactivated: 4 });
    // Another exchange's export leaves this one's companies listed.
    const nyse = await importUniverseFile(t.database.db, file, universeOptions({ dryRun: true, market: 'NYSE' }));
    expect(nyse).toMatchObject({ added: 1, deactivated: 0 });
    expect(await companyCount()).toBe(before);
  });

  it('stops with a clear message and changes nothing for a file that is not the export', async () => {
    const before = await companyCount();
    const changes = await latestChangeId(t.database.db);
    const cases: [string, string | Buffer, RegExp][] = [
      [
        'wrong-header.csv',
        'Ticker,Company\nAAA,Aaa Inc\n',
        /is not a Nasdaq screener export: its header is "Ticker,Company"/,
      ],
      ['binary.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), /not a text file/],
      ['empty.csv', '', /is empty/],
      ['blank.csv', '\r\n\r\n', /holds no data/],
      ['latin1.csv', Buffer.from([0x53, 0x79, 0x6d, 0xe9, 0x0a]), /not UTF-8/],
    ];
    for (const [name, content, message] of cases) {
      const attempt = importUniverseFile(t.database.db, write(name, content), universeOptions());
      await expect(attempt).rejects.toBeInstanceOf(ImportError);
      await expect(attempt).rejects.toThrow(message);
    }
    await expect(importUniverseFile(t.database.db, path.join(dir, 'missing.csv'), universeOptions())).rejects.toThrow(
      /cannot be read/,
    );
    expect(await companyCount()).toBe(before);
    expect(await latestChangeId(t.database.db)).toBe(changes);
  });
});
