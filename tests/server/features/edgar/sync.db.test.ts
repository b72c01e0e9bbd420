/**
 * The EDGAR sync end to end against a local server holding EDGAR's real documents at EDGAR's own
 * paths: what the daily index lists for the universe's companies is read, a company's Form 4 becomes
 * its insider transactions (on the company page's API and in its followers' alerts), a company's
 * submissions become its filings, and a run stopped part way is resumed without recording anything
 * twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContentWatch } from '../../../../src/server/features/alerts/index.ts';
import { runEdgarSync } from '../../../../src/server/features/edgar/index.ts';
import {
  alerts,
  companies,
  edgarSyncRuns,
  favoriteCompanies,
  insiderTransactions,
  secFilings,
} from '../../../../src/server/schema.ts';
import { addReader } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { masterIndex, startEdgarServer, testEdgarClient, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const AAR_FORM4 = '0001127602-25-001055';
const AAR_FORM4_PATH = `/Archives/edgar/data/1750/000112760225001055/${AAR_FORM4}.txt`;
const INDEX_PATH = '/Archives/edgar/daily-index/2025/QTR1/master.20250110.idx';
/** The Saturday after: Friday's index is the last written. */
const SATURDAY = new Date('2025-01-11T15:00:00Z');

let t: TestApp;
let edgar: EdgarServer;
const client = () => testEdgarClient(edgar);

beforeAll(async () => {
  t = await createTestApp();
  edgar = await startEdgarServer();
  const company = (symbol: string, name: string, cik: number) => importedCompany({ symbol, name, cik });
  await t.database.db
    .insert(companies)
    .values([
      company('AIR', 'AAR Corp.', 1750),
      company('IMNN', 'Imunon, Inc.', 749647),
      company('NOCIK', 'No CIK Inc.', 0),
    ]);
  await t.database.db.update(companies).set({ cik: null }).where(eq(companies.symbol, 'NOCIK'));
});
afterAll(async () => {
  await edgar.close();
  await t.close();
});

describe('the EDGAR sync', () => {
  beforeEach(() => {
    edgar.put(
      INDEX_PATH,
      masterIndex('2025-01-10', [
        `1750|AAR CORP|4|20250110|edgar/data/1750/${AAR_FORM4}.txt`,
        `1806647|Garascia Jessica A.|4|20250110|edgar/data/1806647/${AAR_FORM4}.txt`,
        '320193|Apple Inc.|4|20250110|edgar/data/320193/0000320193-25-000001.txt',
        // A form the sync lists but reads nothing from (an 8-K's would be read for its press release).
        '749647|Imunon, Inc.|10-Q|20250110|edgar/data/749647/0001493152-25-000100.txt',
      ]),
    );
    edgar.put(AAR_FORM4_PATH, fixture('ownership/0001127602-25-001055.txt'));
    edgar.put('/submissions/CIK0000749647.json', fixture('submissions/CIK0000749647.json'));
  });

  it('stays off on the demo universe, saying why', async () => {
    const demo = await createTestApp({ seedCompanies: 5 });
    try {
      const report = await runEdgarSync(demo.database.db, client(), { trigger: 'command', now: SATURDAY });
      expect(report.stopped).toMatch(/no company has a CIK: the site holds the demo universe/);
      expect(report.requests).toBe(0);
    } finally {
      await demo.close();
    }
  });

  it('reads what the day’s index lists for the universe: a Form 4 becomes insider rows, submissions become filings', async () => {
    const reader = await addReader(t.database.db);
    await t.database.db.insert(favoriteCompanies).values({ userId: reader.id, symbol: 'AIR' });
    const watch = createContentWatch(t.database.db, { batch: 100 });
    // The watch's clock is the filing's: a trade is news for a week after it was filed.
    await watch.look(new Date('2025-01-10T20:00:00Z'));

    const before = edgar.requests.length;
    const report = await runEdgarSync(t.database.db, client(), {
      trigger: 'command',
      since: '2025-01-10',
      now: SATURDAY,
    });
    expect(report.stopped).toBeNull();
    expect(report.problems).toEqual([]);
    // Only the companies that filed: AAR's and Imunon's submissions, the index, AAR's Form 4, and the company
    // facts of Imunon, which filed a 10-Q (EDGAR has none here: 404).
    const asked = edgar.requests.slice(before).map((r) => r.path);
    expect(asked.sort()).toEqual(
      [
        INDEX_PATH,
        AAR_FORM4_PATH,
        '/submissions/CIK0000001750.json',
        '/submissions/CIK0000749647.json',
        '/api/xbrl/companyfacts/CIK0000749647.json',
      ].sort(),
    );
    expect(report.added).toBe(1);

    const rows = await t.database.db
      .select()
      .from(insiderTransactions)
      .where(eq(insiderTransactions.companySymbol, 'AIR'));
    expect(rows).toEqual([
      expect.objectContaining({
        purchaser: 'Garascia Jessica A.',
        ownerCik: 1806647,
        relationship: 'Senior VP, GC, CAO & Secretary',
        code: 'S',
        isBuy: false,
        amountPurchased: 1500,
        price: 66.903,
        sharesAfter: 37565,
        ownership: 'D',
        tradingPlan: false,
        accession: AAR_FORM4,
        dateOfPurchase: '2025-01-10',
      }),
    ]);
    const api = await t.call('GET', '/api/stock/insiders/AIR');
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({
      totalItems: 1,
      data: [{ purchaser: 'Garascia Jessica A.', code: 'S', price: 66.903, is_buy: false, trading_plan: false }],
    });
    expect((api.body as { data: { filing_url: string }[] }).data[0]!.filing_url).toBe(
      `https://www.sec.gov/Archives/edgar/data/1806647/000112760225001055/${AAR_FORM4}-index.htm`,
    );
    const imunonFilings = await t.database.db.select().from(secFilings).where(eq(secFilings.companySymbol, 'IMNN'));
    expect(imunonFilings.length).toBe(1000);

    // The company's follower hears of the sale.
    await watch.look(SATURDAY);
    const bell = await t.database.db.select().from(alerts).where(eq(alerts.userId, reader.id));
    expect(bell.map((a) => [a.kind, a.title])).toEqual([['insider-sell', 'AIR insider sold 1,500 shares']]);
  });

  it('reads nothing again on the next run: the day is read, the filing stored, the submissions unchanged', async () => {
    const before = edgar.requests.length;
    const report = await runEdgarSync(t.database.db, client(), { trigger: 'command', now: SATURDAY });
    expect(report.added).toBe(0);
    expect(edgar.requests.length - before).toBe(0);
    const again = await runEdgarSync(t.database.db, client(), {
      trigger: 'command',
      since: '2025-01-10',
      now: SATURDAY,
    });
    expect(again.added).toBe(0);
    // The index again, and Imunon's submissions asked conditionally: unchanged (AAR's are not on the server).
    expect(
      edgar.requests
        .slice(before)
        .filter((r) => r.headers['if-none-match'])
        .map((r) => r.path),
    ).toEqual(['/submissions/CIK0000749647.json']);
    expect(
      await t.database.db.select().from(insiderTransactions).where(eq(insiderTransactions.accession, AAR_FORM4)),
    ).toHaveLength(1);
  });
});

describe('one EDGAR sync at a time', () => {
  it('leaves a run alone while another one beats, and takes over from one whose heartbeat stopped', async () => {
    const [holder] = await t.database.db
      .insert(edgarSyncRuns)
      .values({ trigger: 'schedule' })
      .returning({ id: edgarSyncRuns.id });
    const before = edgar.requests.length;
    const refused = await runEdgarSync(t.database.db, client(), { trigger: 'command', now: SATURDAY });
    expect(refused.stopped).toMatch(/^another EDGAR sync is running \(since .+\); this one did nothing$/);
    expect(edgar.requests.length).toBe(before);

    // The holder crashed: its heartbeat is two minutes old.
    await t.database.db
      .update(edgarSyncRuns)
      .set({ heartbeatAt: new Date(Date.now() - 120_000) })
      .where(eq(edgarSyncRuns.id, holder!.id));
    const ran = await runEdgarSync(t.database.db, client(), { trigger: 'command', now: SATURDAY });
    expect(ran.stopped).toBeNull();
    const [crashed] = await t.database.db.select().from(edgarSyncRuns).where(eq(edgarSyncRuns.id, holder!.id));
    expect(crashed).toMatchObject({ status: 'stopped', note: 'stopped without finishing (no heartbeat)' });
  });
});

describe('a run stopped part way', () => {
  it('is resumed by the next, which stores each filing once', async () => {
    const day = '/Archives/edgar/daily-index/2025/QTR1/master.20250113.idx';
    const accessions = ['0001127602-25-002001', '0001127602-25-002002', '0001127602-25-002003'];
    edgar.put(
      day,
      masterIndex(
        '2025-01-13',
        accessions.map((a) => `1750|AAR CORP|4|20250113|edgar/data/1750/${a}.txt`),
      ),
    );
    const form4 = fixture('ownership/0001127602-25-001055.txt');
    for (const a of accessions)
      edgar.put(`/Archives/edgar/data/1750/${a.replaceAll('-', '')}/${a}.txt`, form4.replaceAll(AAR_FORM4, a));
    const monday = new Date('2025-01-14T15:00:00Z');
    const stop = new AbortController();
    const first = await runEdgarSync(t.database.db, client(), {
      trigger: 'command',
      since: '2025-01-13',
      now: monday,
      signal: stop.signal,
      // Killed after its first filing.
      onProgress: (phase, done) => {
        if (phase === 'filings' && done === 1) stop.abort();
      },
    });
    expect(first.stopped).toBe('stopped before its end; the next run goes on from here');
    expect(first.added).toBe(1);

    const second = await runEdgarSync(t.database.db, client(), { trigger: 'command', now: monday });
    expect(second.stopped).toBeNull();
    expect(second.added).toBe(2);
    for (const a of accessions)
      expect(
        await t.database.db.select().from(insiderTransactions).where(eq(insiderTransactions.accession, a)),
      ).toHaveLength(1);
  });
});
