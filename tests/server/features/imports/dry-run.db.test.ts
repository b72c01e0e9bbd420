import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  ImportError,
  importPrices,
  importSecSubmissions,
  importSecTickers,
  importUniverseFile,
} from '../../../../src/server/features/imports/index.ts';
import { importTransaction } from '../../../../src/server/features/imports/transaction.ts';
import {
  changesSince,
  createChangeBus,
  latestChangeId,
  recordChange,
  type ChangeBus,
  type ChangeNotice,
} from '../../../../src/server/platform/changes.ts';
import type { Db } from '../../../../src/server/platform/db/client.ts';
import { appMeta } from '../../../../src/server/platform/tables.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { tableDigests, universeOptions } from '../../../helpers/imports.ts';
import { companies } from '../../../../src/server/schema.ts';

const HEADER = 'Symbol,Name,Last Sale,Net Change,% Change,Market Cap,Country,IPO Year,Volume,Sector,Industry';

let t: TestApp;
let dir: string;
let demoSymbols: string[];
const notices: ChangeNotice[] = [];
let changes: ChangeBus;

const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

/** Runs a dry run and checks that it changed no row of any table and told no one of a change. */
async function expectNothingChanged(dryRun: () => Promise<unknown>): Promise<void> {
  const before = await tableDigests(t.database.db);
  const changes = await latestChangeId(t.database.db);
  await dryRun();
  expect(await tableDigests(t.database.db)).toEqual(before);
  expect(await latestChangeId(t.database.db)).toBe(changes);
  expect(notices).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 20 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-dry-run-'));
  demoSymbols = (await t.database.db.select({ symbol: companies.symbol }).from(companies)).map((c) => c.symbol);
  // What a reader and the staff added to the demo site: a favorite company and an article.
  const reader = bearer(await verifiedUser(t, 'reader@example.com'));
  const favorite = await t.call('PATCH', '/api/stock/favorites', { json: { symbol: demoSymbols[0] }, headers: reader });
  expect(favorite.status).toBe(200);
  const article = await t.call('POST', '/api/tools/news', {
    json: { title: 'A staff article', company_symbol: demoSymbols[0] },
    headers: await staffHeaders(t),
  });
  expect(article.status).toBe(201);
  changes = createChangeBus(t.database.db);
  changes.on((notice) => notices.push(notice));
});
afterEach(() => {
  notices.length = 0;
});
afterAll(async () => {
  changes.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the import transaction', () => {
  it('rolls back whatever a dry run wrote, and commits the same work otherwise', async () => {
    const work = (key: string) => async (tx: Db) => {
      await tx.insert(appMeta).values({ key, value: true });
      await recordChange(tx, 'company', 1);
    };
    await expectNothingChanged(() => importTransaction(t.database.db, true, work('dry-run-probe')));
    const changes = await latestChangeId(t.database.db);
    await importTransaction(t.database.db, false, work('real-run-probe'));
    const kept = await t.database.db.select().from(appMeta).where(eq(appMeta.key, 'real-run-probe'));
    expect(kept).toHaveLength(1);
    const recorded = await changesSince(t.database.db, changes, 10);
    expect(recorded.changes.map((c) => [c.kind, c.entityId])).toEqual([['company', 1]]);
    await t.database.db.delete(appMeta).where(eq(appMeta.key, 'real-run-probe'));
  });

  it('rolls back the work of an import that fails, and passes its error on', async () => {
    await expectNothingChanged(async () => {
      const failing = importTransaction(t.database.db, false, async (tx) => {
        await tx.insert(appMeta).values({ key: 'failed-run-probe', value: true });
        throw new ImportError('the file turned out broken');
      });
      await expect(failing).rejects.toThrow('the file turned out broken');
    });
  });
});

describe('a dry run', () => {
  it('changes nothing even when it replaces the demo universe', async () => {
    const file = write(
      'nasdaq_screener_1617051139045.csv',
      `${[
        HEADER,
        `${demoSymbols[0]},Renamed Demo Co,$2.00,0.10,5.26%,20000000.00,United States,2001,1000,Energy,Coal Mining`,
        'REAL,Real Company Inc,$4.00,0.00,0.00%,40000000.00,United States,2010,500,Technology,Semiconductors',
      ].join('\n')}\n`,
    );
    await expectNothingChanged(async () => {
      const report = await importUniverseFile(
        t.database.db,
        file,
        universeOptions({ dryRun: true, replaceDemo: true }),
      );
      // It reports what the import would do, the demo's removal included.
      expect(report).toMatchObject({ dryRun: true, added: 2 });
      expect(report.notes.join('\n')).toMatch(/demo data removed: 20 companies/);
    });
    expect(((await t.call('GET', '/api/site/info')).body as { data: { demo: boolean } }).data.demo).toBe(true);
  });

  it("changes nothing when it links the SEC's tickers", async () => {
    const tickers = Object.fromEntries(demoSymbols.map((symbol, i) => [i, { cik_str: 7000 + i, ticker: symbol }]));
    const file = write('company_tickers.json', JSON.stringify(tickers));
    await expectNothingChanged(async () => {
      expect(await importSecTickers(t.database.db, file, true)).toMatchObject({ updated: demoSymbols.length });
    });
  });

  it('changes nothing when it loads SEC submissions', async () => {
    const tickers = write(
      'linked/company_tickers.json',
      JSON.stringify({ 0: { cik_str: 8001, ticker: demoSymbols[1] } }),
    );
    await importSecTickers(t.database.db, tickers, false);
    const file = write(
      'submissions/CIK0000008001.json',
      JSON.stringify({
        cik: '8001',
        sic: '1221',
        filings: {
          recent: { accessionNumber: ['0000008001-24-000001'], filingDate: ['2024-03-01'], form: ['10-K'] },
        },
      }),
    );
    await expectNothingChanged(async () => {
      expect(await importSecSubmissions(t.database.db, [file], true)).toMatchObject({ added: 1, updated: 1 });
    });
  });

  it('changes nothing when it loads daily prices', async () => {
    const bars = ['Symbol,Date,Open,High,Low,Close,Volume', `${demoSymbols[2]},2026-11-23,5,5.5,4.5,5.25,2000`];
    const file = write('bars.csv', `${bars.join('\n')}\n`);
    await expectNothingChanged(async () => {
      expect(await importPrices(t.database.db, file, true)).toMatchObject({ read: 1 });
    });
  });
});
