/**
 * Company profiles from annual reports end to end: the EDGAR sync, against a local server holding
 * real 10-Ks at EDGAR's own paths (tests/fixtures/edgar/10k), reads a universe company's 10-K from its
 * main document (the one its submissions name, not the complete submission text file), keeps the
 * opening of its Item 1 as the company's description with a link to the report, replacing the
 * demo's; a report without a business section is done with its reason and changes nothing; and a
 * description is replaced only by a later report's. The profiles import reads saved reports alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPageRecords } from '../../../../src/server/features/companies/index.ts';
import { storeAnnualReportProfile } from '../../../../src/server/features/edgar/annual-reports.ts';
import { importAnnualReportFiles, runEdgarSync } from '../../../../src/server/features/edgar/index.ts';
import { transaction } from '../../../../src/server/platform/db/client.ts';
import { companies, companyProfiles, edgarFilings } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { masterIndex, startEdgarServer, testEdgarClient, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/10k');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** Apple's 10-K for fiscal 2024, filed 2024-11-01, and its main document. */
const APPLE_CIK = 320193;
const APPLE_10K = '0000320193-24-000123';
const APPLE_DOCUMENT = `/Archives/edgar/data/${APPLE_CIK}/000032019324000123/aapl-20240928.htm`;
/** An asset-backed trust's 10-K, filed 2023-05-26, which omits Item 1 (its complete submission text file). */
const TRUST_CIK = 1779026;
const TRUST_10K = '0001779026-23-000027';
const TRUST_TEXT = `/Archives/edgar/data/${TRUST_CIK}/000177902623000027/${TRUST_10K}.txt`;

/** The submissions file EDGAR answers for Apple, as far as the sync reads it: its 10-K, with its main document. */
const appleSubmissions = JSON.stringify({
  cik: String(APPLE_CIK),
  name: 'Apple Inc.',
  filings: {
    recent: {
      accessionNumber: [APPLE_10K],
      filingDate: ['2024-11-01'],
      form: ['10-K'],
      primaryDocument: ['aapl-20240928.htm'],
      primaryDocDescription: ['10-K'],
    },
  },
});

let t: TestApp;
let edgar: EdgarServer;
let appleId: number;

const profileOf = async (symbol: string) =>
  (await t.database.db.select().from(companyProfiles).where(eq(companyProfiles.symbol, symbol)))[0];
const filingOf = async (accession: string) =>
  (await t.database.db.select().from(edgarFilings).where(eq(edgarFilings.accession, accession)))[0];

beforeAll(async () => {
  t = await createTestApp();
  edgar = await startEdgarServer();
  const rows = await t.database.db
    .insert(companies)
    .values([
      importedCompany({ symbol: 'AAPL', name: 'Apple Inc.', cik: APPLE_CIK }),
      importedCompany({ symbol: 'CAOT', name: 'CarMax Auto Owner Trust 2019-3', cik: TRUST_CIK }),
    ])
    .returning({ id: companies.id, symbol: companies.symbol });
  appleId = rows.find((r) => r.symbol === 'AAPL')!.id;
  // A description of no filing (as the demo's are) stands until a report gives one.
  await t.database.db.insert(companyProfiles).values({ symbol: 'AAPL', description: 'An earlier description.' });
  edgar.put('/submissions/CIK0000320193.json', appleSubmissions);
  edgar.put(APPLE_DOCUMENT, fixture('aapl-20240928.htm'));
  edgar.put(TRUST_TEXT, fixture(`${TRUST_10K}.txt`));
});
afterAll(async () => {
  await edgar.close();
  await t.close();
});

describe('annual reports read by the EDGAR sync', () => {
  it('keep the opening of a 10-K’s Item 1 as the company’s description, linking to the report', async () => {
    edgar.put(
      '/Archives/edgar/daily-index/2024/QTR4/master.20241101.idx',
      masterIndex('2024-11-01', [`${APPLE_CIK}|Apple Inc.|10-K|20241101|edgar/data/${APPLE_CIK}/${APPLE_10K}.txt`]),
    );
    const before = edgar.requests.length;
    const report = await runEdgarSync(t.database.db, testEdgarClient(edgar), {
      trigger: 'command',
      since: '2024-11-01',
      now: new Date('2024-11-02T15:00:00Z'),
    });
    expect(report.stopped).toBeNull();
    expect(report.problems).toEqual([]);
    const asked = edgar.requests.slice(before).map((r) => r.path);
    // The main document alone: the submission text file, with the exhibits and XBRL, is not asked for.
    expect(asked).toContain(APPLE_DOCUMENT);
    expect(asked.some((p) => p.endsWith(`${APPLE_10K}.txt`))).toBe(false);

    const profile = await profileOf('AAPL');
    expect(profile).toMatchObject({
      source: '10-K',
      accession: APPLE_10K,
      filedOn: '2024-11-01',
      filingUrl: `https://www.sec.gov${APPLE_DOCUMENT}`,
    });
    expect(profile!.description).toMatch(
      /^The Company designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories/,
    );
    expect(await filingOf(APPLE_10K)).toMatchObject({
      status: 'done',
      outcome: expect.stringMatching(/^profile from Item 1 /),
    });

    // The company page says where its description comes from.
    const [record] = await companyPageRecords(t.database.db, { ids: [appleId] });
    expect(record!.description_source).toEqual({
      source: '10-K',
      filed_on: '2024-11-01',
      filing_url: `https://www.sec.gov${APPLE_DOCUMENT}`,
    });
  });

  it('read a report whose main document is not named from its submission text file, and pass over one without a business section, saying why', async () => {
    edgar.put(
      '/Archives/edgar/daily-index/2023/QTR2/master.20230526.idx',
      masterIndex('2023-05-26', [
        `${TRUST_CIK}|CarMax Auto Owner Trust 2019-3|10-K|20230526|edgar/data/${TRUST_CIK}/${TRUST_10K}.txt`,
      ]),
    );
    const before = edgar.requests.length;
    const report = await runEdgarSync(t.database.db, testEdgarClient(edgar), {
      trigger: 'command',
      since: '2023-05-26',
      now: new Date('2023-05-27T15:00:00Z'),
    });
    expect(report.problems).toEqual([]);
    // Its submissions are not on this EDGAR (404): the filing's text file is read instead.
    expect(edgar.requests.slice(before).map((r) => r.path)).toContain(TRUST_TEXT);
    expect(await filingOf(TRUST_10K)).toMatchObject({
      status: 'skipped',
      outcome:
        'annual report without a description: it has no text under Item 1 “Business” (only headings, or a table of contents)',
    });
    expect(await profileOf('CAOT')).toBeUndefined();
  });
});

describe('a company’s description from its annual reports', () => {
  // Reports before and after the one held, told apart by their dates: their names and texts are the test's own.
  const draft = (accession: string, filedOn: string, description: string) => ({
    form: '10-K' as const,
    accession,
    filedOn,
    filingUrl: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${APPLE_CIK}&type=10-K`,
    description,
  });
  const store = (profile: ReturnType<typeof draft>) =>
    transaction(t.database.db, (tx) => storeAnnualReportProfile(tx, { id: appleId, symbol: 'AAPL' }, profile));

  it('is replaced by a later report’s, never by an earlier one’s, and not again by the same', async () => {
    const held = (await profileOf('AAPL'))!;
    expect(await store(draft('an earlier report', '2023-11-03', 'An earlier report’s description.'))).toBe(false);
    expect(
      await store({ ...draft(held.accession!, held.filedOn!, held.description), filingUrl: held.filingUrl! }),
    ).toBe(false);
    expect((await profileOf('AAPL'))!.accession).toBe(APPLE_10K);
    expect(await store(draft('a later report', '2025-10-31', 'A later report’s description.'))).toBe(true);
    expect(await profileOf('AAPL')).toMatchObject({
      accession: 'a later report',
      filedOn: '2025-10-31',
      description: 'A later report’s description.',
    });
  });
});

describe('the profiles import', () => {
  it('reads saved reports as the sync does: a main document in its EDGAR folder and submission text files, reporting those it cannot use', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profiles-'));
    try {
      const folder = path.join(dir, String(APPLE_CIK), APPLE_10K.replaceAll('-', ''));
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'aapl-20240928.htm'), fixture('aapl-20240928.htm'));
      fs.writeFileSync(path.join(dir, `${TRUST_10K}.txt`), fixture(`${TRUST_10K}.txt`));
      fs.writeFileSync(path.join(dir, 'loose.htm'), fixture('aapl-20240928.htm'));
      await t.database.db.delete(companyProfiles).where(eq(companyProfiles.symbol, 'AAPL'));

      const report = await importAnnualReportFiles(t.database.db, [folder, dir], false);
      expect(report).toMatchObject({ read: 3, updated: 1 });
      expect(report.skipped['annual report without a description']?.where).toEqual([
        `${TRUST_10K}.txt: it has no text under Item 1 “Business” (only headings, or a table of contents)`,
      ]);
      expect(report.skipped['file that is not an annual report that can be read']?.where[0]).toMatch(
        /^loose\.htm: names no accession number/,
      );
      expect(await profileOf('AAPL')).toMatchObject({
        source: '10-K',
        accession: APPLE_10K,
        filedOn: '2024-11-01',
        filingUrl: `https://www.sec.gov${APPLE_DOCUMENT}`,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
