/**
 * The EDGAR sync reads the 13F-HR reports the daily index lists, which managers file under their
 * own CIKs, against a local server holding a real one (tests/fixtures/edgar/13f) at EDGAR's path:
 * the holdings of listed companies reach GET /api/stock/institutional/{symbol}, a report is read
 * once, and one EDGAR does not have yet is asked for again later.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEdgarSync } from '../../../../src/server/features/edgar/index.ts';
import { companies, form13fQueue } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { masterIndex, startEdgarServer, testEdgarClient, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/13f');
const LTS = '0001894188-23-000007';
const LTS_PATH = `/Archives/edgar/data/1894188/000189418823000007/${LTS}.txt`;
const MISSING = '0001790837-23-000009';
const MISSING_PATH = `/Archives/edgar/data/1790837/000179083723000009/${MISSING}.txt`;
const INDEX_PATH = '/Archives/edgar/daily-index/2023/QTR4/master.20231114.idx';
/** The Saturday after: Tuesday's index is written. */
const SATURDAY = new Date('2023-11-18T15:00:00Z');

let t: TestApp;
let edgar: EdgarServer;
const client = () => testEdgarClient(edgar);

beforeAll(async () => {
  t = await createTestApp();
  edgar = await startEdgarServer();
  const company = (symbol: string, name: string, cik: number) =>
    importedCompany({ symbol, name, cik, sharesOutstanding: 30_900_000 });
  await t.database.db
    .insert(companies)
    .values([
      company('IRTC', 'iRhythm Technologies, Inc. Common Stock', 1388658),
      company('EPAM', 'EPAM Systems, Inc. Common Stock', 1352010),
    ]);
  edgar.put(
    INDEX_PATH,
    masterIndex('2023-11-14', [
      `1894188|LTS One Management LP|13F-HR|20231114|edgar/data/1894188/${LTS}.txt`,
      `1790837|Bull Street Advisors, LLC|13F-HR|20231114|edgar/data/1790837/${MISSING}.txt`,
      '1634313|A MANAGER FILING A NOTICE|13F-NT|20231114|edgar/data/1634313/0001634313-23-000004.txt',
    ]),
  );
  edgar.put(LTS_PATH, fs.readFileSync(path.join(FIXTURES, `${LTS}.txt`)));
});
afterAll(async () => {
  await edgar.close();
  await t.close();
});

describe('the EDGAR sync’s 13F reports', () => {
  it('are found in the daily index under their managers’ CIKs and their listed holdings stored', async () => {
    const report = await runEdgarSync(t.database.db, client(), {
      trigger: 'command',
      since: '2023-11-14',
      now: SATURDAY,
    });
    expect(report.stopped).toBeNull();
    const asked = edgar.requests.map((r) => r.path);
    expect(asked).toContain(LTS_PATH);
    // A notice lists no holdings: it is not asked for.
    expect(asked.some((p) => p.includes('0001634313-23-000004'))).toBe(false);
    expect(report.notes).toContain('13F reports read: 1 (holdings of listed companies added: 2)');
    expect(report.problems).toEqual([
      { document: MISSING, problem: 'is not on EDGAR (404): its submission text file is missing.' },
    ]);

    const answer = await t.call('GET', '/api/stock/institutional/IRTC');
    expect(answer.body).toEqual({
      totalItems: 1,
      data: [
        expect.objectContaining({
          institutionName: 'LTS One Management LP',
          sharesHeld: 774748,
          marketValue: 73_028_000,
          reportPeriod: '2023-09-30',
          filingDate: '2023-11-14',
          accession: LTS,
        }),
      ],
    });
    const queue = await t.database.db.select().from(form13fQueue).orderBy(form13fQueue.accession);
    expect(queue.map((q) => [q.accession, q.managerCik, q.status, q.outcome])).toEqual([
      [MISSING, 1790837, 'pending', 'is not on EDGAR (404): its submission text file is missing.'],
      [LTS, 1894188, 'done', 'holdings of listed companies: 2'],
    ]);
  });

  it('are read once; one EDGAR did not have is asked for again until it has it', async () => {
    const before = edgar.requests.length;
    edgar.put(
      MISSING_PATH,
      fs
        .readFileSync(path.join(FIXTURES, '0001790837-23-000002.txt'), 'utf8')
        .replaceAll('0001790837-23-000002', MISSING),
    );
    const report = await runEdgarSync(t.database.db, client(), { trigger: 'command', now: SATURDAY });
    // (Friday's index, not written yet on the first run, is asked for again.)
    expect(
      edgar.requests
        .slice(before)
        .map((r) => r.path)
        .filter((p) => !p.includes('daily-index')),
    ).toEqual([MISSING_PATH]);
    expect(report.problems).toEqual([]);
    const [done] = await t.database.db.select().from(form13fQueue).where(eq(form13fQueue.accession, MISSING));
    // Bull Street holds no listed company: its report is read and nothing is kept.
    expect(done).toMatchObject({ status: 'done', outcome: 'holdings of listed companies: 0', attempts: 2 });
    const again = await runEdgarSync(t.database.db, client(), { trigger: 'command', now: SATURDAY });
    expect(again.notes.some((n) => n.startsWith('13F reports read'))).toBe(false);
  });
});
