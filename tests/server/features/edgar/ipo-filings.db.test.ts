/**
 * The IPO calendar from EDGAR end to end: the EDGAR sync, against a local server holding real
 * prospectuses at EDGAR's own paths (tests/fixtures/edgar/ipo), makes a row of a registration
 * statement whose cover says it is an initial public offering (Airbnb's S-1: symbol and exchange,
 * no price range yet), prices a row from its 424B4 (CAMP4's: $11.00, 6,820,000 shares), gives it its
 * listing day from an 8-A12B, withdraws a row on an RW, makes none of a listed company's follow-on
 * offering (Traws Pharma's 424B4), and keeps staff's corrections over what later filings say.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEdgarSync } from '../../../../src/server/features/edgar/index.ts';
import { companies, edgarFilings, industries, ipos } from '../../../../src/server/schema.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { masterIndex, startEdgarServer, testEdgarClient, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/ipo');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const textPath = (cik: number, accession: string) =>
  `/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${accession}.txt`;

/**
 * A submission text file around a real document: the SEC header as EDGAR writes it (the test's own
 * accession, day and CIK; the registrant's name and industry as its filing gives them).
 */
function submission(o: {
  accession: string;
  form: string;
  day: string;
  cik: number;
  name: string;
  sic: string;
  document: string;
}): string {
  return [
    `<SEC-DOCUMENT>${o.accession}.txt : ${o.day.replaceAll('-', '')}`,
    `<SEC-HEADER>${o.accession}.hdr.sgml : ${o.day.replaceAll('-', '')}`,
    `ACCESSION NUMBER:\t\t${o.accession}`,
    `CONFORMED SUBMISSION TYPE:\t${o.form}`,
    'PUBLIC DOCUMENT COUNT:\t\t1',
    `FILED AS OF DATE:\t\t${o.day.replaceAll('-', '')}`,
    '',
    'FILER:',
    '',
    '\tCOMPANY DATA:\t',
    `\t\tCOMPANY CONFORMED NAME:\t\t\t${o.name}`,
    `\t\tCENTRAL INDEX KEY:\t\t\t${String(o.cik).padStart(10, '0')}`,
    `\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\t${o.sic}`,
    '</SEC-HEADER>',
    o.document.startsWith('<DOCUMENT>')
      ? o.document
      : `<DOCUMENT>\n<TYPE>${o.form}\n<SEQUENCE>1\n<FILENAME>prospectus.htm\n<TEXT>\n<html><body>\n${o.document}\n</body></html>\n</TEXT>\n</DOCUMENT>`,
    '</SEC-DOCUMENT>',
    '',
  ].join('\n');
}

const AIRBNB = { cik: 1559720, s1: '0001193125-20-294856', rw: '0001193125-21-000101' };
const CAMP4 = { cik: 1736730, b4: '0001104659-24-107981', a12b: '0001104659-24-107500' };
const TRAWS = { cik: 1130598, b4: '0001104659-24-132924' };
/** A registrant whose registration statement EDGAR cannot find (its text file is missing). */
const MISSING = { cik: 2000001, s1: '0002000001-24-000001' };

let t: TestApp;
let edgar: EdgarServer;
let staff: Record<string, string>;
const sync = (day: string, now: string) =>
  runEdgarSync(t.database.db, testEdgarClient(edgar), { trigger: 'command', since: day, now: new Date(now) });
const calendar = async () =>
  (await t.call('GET', '/api/stock/ipo?pageSize=50')).body as {
    data: Record<string, unknown>[];
    total: number;
    source: string;
  };
const rowOf = async (cik: number) => (await t.database.db.select().from(ipos).where(eq(ipos.cik, cik)))[0];

beforeAll(async () => {
  t = await createTestApp();
  edgar = await startEdgarServer();
  await t.database.db.delete(ipos);
  await t.database.db
    .insert(industries)
    .values({
      sicCode: 2834,
      sector: 'Health Care',
      subdivision: 'Pharmaceuticals',
      description: 'Pharmaceutical Preparations',
    })
    .onConflictDoNothing();
  // The universe: a listed company of its own (the sync reads nothing without one).
  await t.database.db
    .insert(companies)
    .values(importedCompany({ symbol: 'ABVC', name: 'ABVC BioPharma, Inc.', cik: 1173313 }));
  staff = await staffHeaders(t);

  edgar.put(
    '/Archives/edgar/daily-index/2024/QTR4/master.20241011.idx',
    masterIndex('2024-10-11', [
      `${CAMP4.cik}|CAMP4 THERAPEUTICS CORP|8-A12B|20241011|edgar/data/${CAMP4.cik}/${CAMP4.a12b}.txt`,
      `${CAMP4.cik}|CAMP4 THERAPEUTICS CORP|424B4|20241011|edgar/data/${CAMP4.cik}/${CAMP4.b4}.txt`,
      `${TRAWS.cik}|Traws Pharma, Inc.|424B4|20241011|edgar/data/${TRAWS.cik}/${TRAWS.b4}.txt`,
      `${AIRBNB.cik}|Airbnb, Inc.|S-1|20241011|edgar/data/${AIRBNB.cik}/${AIRBNB.s1}.txt`,
      `${MISSING.cik}|NOWHERE CORP|S-1|20241011|edgar/data/${MISSING.cik}/${MISSING.s1}.txt`,
    ]),
  );
  edgar.put(
    textPath(AIRBNB.cik, AIRBNB.s1),
    submission({
      accession: AIRBNB.s1,
      form: 'S-1',
      day: '2024-10-11',
      cik: AIRBNB.cik,
      name: 'Airbnb, Inc.',
      sic: 'SERVICES-PREPACKAGED SOFTWARE [7372]',
      document: fixture('airbnb.S-1.cover.html'),
    }),
  );
  edgar.put(
    textPath(CAMP4.cik, CAMP4.b4),
    submission({
      accession: CAMP4.b4,
      form: '424B4',
      day: '2024-10-11',
      cik: CAMP4.cik,
      name: 'CAMP4 THERAPEUTICS CORP',
      sic: 'PHARMACEUTICAL PREPARATIONS [2834]',
      document: fixture('camp4.424B4.document.txt'),
    }),
  );
  edgar.put(textPath(TRAWS.cik, TRAWS.b4), fixture(`${TRAWS.b4}.txt`));
});
afterAll(async () => {
  await edgar.close();
  await t.close();
});

describe('the IPO calendar from EDGAR', () => {
  it('makes rows of initial public offerings only, from their covers, and reports what it could not read', async () => {
    const report = await sync('2024-10-11', '2024-10-12T14:00:00Z');
    expect(report.stopped).toBeNull();
    expect(report.problems).toEqual([
      { document: MISSING.s1, problem: 'is not on EDGAR (404): its submission text file is missing.' },
    ]);

    expect(await rowOf(CAMP4.cik)).toMatchObject({
      companyName: 'CAMP4 Therapeutics Corporation',
      symbol: 'CAMP',
      exchange: 'NASDAQ',
      sector: 'Health Care',
      sharesOffered: 6_820_000,
      offerPrice: 11,
      status: 'Priced',
      pricedOn: '2024-10-11',
      // The 8-A12B of the same day is read after the prospectus that made the row.
      listedOn: '2024-10-11',
      source: 'edgar',
    });
    expect(await rowOf(AIRBNB.cik)).toMatchObject({
      companyName: 'Airbnb, Inc.',
      symbol: 'ABNB',
      exchange: 'NASDAQ',
      priceLow: null,
      priceHigh: null,
      sharesOffered: null,
      status: 'Filed',
      filedOn: '2024-10-11',
    });
    // A listed company's follow-on offering is read and makes no row.
    expect(await rowOf(TRAWS.cik)).toBeUndefined();
    const [traws] = await t.database.db.select().from(edgarFilings).where(eq(edgarFilings.accession, TRAWS.b4));
    expect(traws).toMatchObject({ status: 'done', outcome: 'not an initial public offering' });
  });

  it('answers the calendar with the filings’ figures, the filing’s link and its source', async () => {
    const { data, total, source } = await calendar();
    expect(total).toBe(2);
    expect(source).toMatch(/^SEC EDGAR: registration statements/);
    const camp = data.find((r) => r.symbol === 'CAMP');
    expect(camp).toMatchObject({
      company_name: 'CAMP4 Therapeutics Corporation',
      symbol: 'CAMP',
      price_range: null,
      offer_price: '$11.00',
      shares_offered: 6_820_000,
      deal_size: 75_020_000,
      expected_date: '2024-10-11',
      status: 'Priced',
      priced_date: '2024-10-11',
      listed_date: '2024-10-11',
      filing: `https://www.sec.gov/Archives/edgar/data/${CAMP4.cik}/${CAMP4.b4.replaceAll('-', '')}/${CAMP4.b4}-index.htm`,
    });
    expect(Object.keys(camp!).slice(0, 10)).toEqual([
      'company_name',
      'symbol',
      'exchange',
      'sector',
      'price_range',
      'shares_offered',
      'deal_size',
      'expected_date',
      'status',
      'lead_underwriter',
    ]);
  });

  it('does not read a listed company’s registration at all', async () => {
    await t.database.db
      .insert(companies)
      .values(importedCompany({ symbol: 'TRAW', name: 'Traws Pharma, Inc.', cik: TRAWS.cik }));
    const again = '0001104659-24-140000';
    edgar.put(
      '/Archives/edgar/daily-index/2024/QTR4/master.20241014.idx',
      masterIndex('2024-10-14', [`${TRAWS.cik}|Traws Pharma, Inc.|S-1|20241014|edgar/data/${TRAWS.cik}/${again}.txt`]),
    );
    const before = edgar.requests.length;
    await sync('2024-10-14', '2024-10-15T14:00:00Z');
    expect(edgar.requests.slice(before).some((r) => r.path.includes(again))).toBe(false);
    const [filing] = await t.database.db.select().from(edgarFilings).where(eq(edgarFilings.accession, again));
    expect(filing).toMatchObject({ status: 'done', outcome: 'a listed company’s registration, not an IPO' });
  });

  it('keeps staff’s corrections over later filings, and withdraws a row on its RW', async () => {
    const listed = (await t.call('GET', '/api/tools/ipos?pageSize=50', { headers: staff })).body as {
      data: { id: number; version: number; cik: number; filed: Record<string, unknown> }[];
    };
    const airbnb = listed.data.find((r) => r.cik === AIRBNB.cik)!;
    expect(airbnb.filed).toMatchObject({ symbol: 'ABNB', price_low: null });

    const corrected = await t.call('PUT', `/api/tools/ipos/${airbnb.id}`, {
      headers: staff,
      json: {
        version: airbnb.version,
        corrections: { price_low: 44, price_high: 50, lead_underwriter: 'Morgan Stanley' },
      },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ data: { version: airbnb.version + 1, corrections: { price_low: 44 } } });
    // An edit based on the version before is refused; bad figures are refused with what was wrong.
    const stale = await t.call('PUT', `/api/tools/ipos/${airbnb.id}`, {
      headers: staff,
      json: { version: airbnb.version, corrections: { symbol: 'ABN' } },
    });
    expect(stale.status).toBe(409);
    const bad = await t.call('PUT', `/api/tools/ipos/${airbnb.id}`, {
      headers: staff,
      json: { version: airbnb.version + 1, corrections: { price_low: 60, price_high: 50 } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('price_low (60) must not be above price_high (50)');
    expect(
      (await t.call('PUT', `/api/tools/ipos/${airbnb.id}`, { json: { version: 2, corrections: {} } })).status,
    ).toBe(401);

    edgar.put(
      '/Archives/edgar/daily-index/2024/QTR4/master.20241015.idx',
      masterIndex('2024-10-15', [`${AIRBNB.cik}|Airbnb, Inc.|RW|20241015|edgar/data/${AIRBNB.cik}/${AIRBNB.rw}.txt`]),
    );
    await sync('2024-10-15', '2024-10-16T14:00:00Z');
    const row = (await calendar()).data.find((r) => r.symbol === 'ABNB');
    expect(row).toMatchObject({
      status: 'Withdrawn',
      price_range: '$44.00 - $50.00',
      lead_underwriter: 'Morgan Stanley',
      // The link stays the offering's own document, the registration statement.
      filing: expect.stringContaining(AIRBNB.s1.replaceAll('-', '')),
    });

    // A correction taken back shows the filings' figure again.
    const { version } = (await rowOf(AIRBNB.cik))!;
    await t.call('PUT', `/api/tools/ipos/${airbnb.id}`, {
      headers: staff,
      json: { version, corrections: { lead_underwriter: null } },
    });
    expect((await calendar()).data.find((r) => r.symbol === 'ABNB')).toMatchObject({ lead_underwriter: null });
  });

  it('keeps a priced IPO as it priced when its company files other offerings, withdrawals and listings later', async () => {
    const before = await rowOf(CAMP4.cik);
    const followOn = '0001104659-25-000200';
    const resaleWithdrawal = '0001104659-25-000300';
    const warrants = '0001104659-25-000400';
    edgar.put(
      '/Archives/edgar/daily-index/2025/QTR1/master.20250303.idx',
      masterIndex('2025-03-03', [
        `${CAMP4.cik}|CAMP4 THERAPEUTICS CORP|424B4|20250303|edgar/data/${CAMP4.cik}/${followOn}.txt`,
        `${CAMP4.cik}|CAMP4 THERAPEUTICS CORP|8-A12B|20250303|edgar/data/${CAMP4.cik}/${warrants}.txt`,
        `${CAMP4.cik}|CAMP4 THERAPEUTICS CORP|RW|20250303|edgar/data/${CAMP4.cik}/${resaleWithdrawal}.txt`,
      ]),
    );
    // A follow-on's prospectus (Traws Pharma's real one, filed here under CAMP4's name).
    edgar.put(textPath(CAMP4.cik, followOn), fixture(`${TRAWS.b4}.txt`));
    await sync('2025-03-03', '2025-03-04T14:00:00Z');
    const after = await rowOf(CAMP4.cik);
    expect(after).toMatchObject({
      status: 'Priced',
      offerPrice: 11,
      sharesOffered: 6_820_000,
      pricedOn: '2024-10-11',
      listedOn: '2024-10-11',
    });
    expect(after!.filings).toEqual(before!.filings);
    const outcomes = await t.database.db
      .select({ accession: edgarFilings.accession, outcome: edgarFilings.outcome })
      .from(edgarFilings)
      .where(eq(edgarFilings.cik, CAMP4.cik));
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { accession: followOn, outcome: 'not an initial public offering' },
        { accession: warrants, outcome: 'IPO calendar: priced already' },
        { accession: resaleWithdrawal, outcome: 'IPO calendar: priced already' },
      ]),
    );
  });

  it('puts a registrant that withdrew back on the calendar when it files a new registration', async () => {
    const refiled = '0001193125-25-000500';
    edgar.put(
      '/Archives/edgar/daily-index/2025/QTR1/master.20250310.idx',
      masterIndex('2025-03-10', [`${AIRBNB.cik}|Airbnb, Inc.|S-1|20250310|edgar/data/${AIRBNB.cik}/${refiled}.txt`]),
    );
    edgar.put(
      textPath(AIRBNB.cik, refiled),
      submission({
        accession: refiled,
        form: 'S-1',
        day: '2025-03-10',
        cik: AIRBNB.cik,
        name: 'Airbnb, Inc.',
        sic: 'SERVICES-PREPACKAGED SOFTWARE [7372]',
        document: fixture('airbnb.S-1.cover.html'),
      }),
    );
    await sync('2025-03-10', '2025-03-11T14:00:00Z');
    expect(await rowOf(AIRBNB.cik)).toMatchObject({ status: 'Filed', filedOn: '2025-03-10', listedOn: null });
  });

  it('takes the listing certification filed the day before the pricing prospectus that makes the row', async () => {
    const cik = 2000002;
    const listing = '0002000002-25-000001';
    const prospectus = '0002000002-25-000002';
    edgar.put(
      '/Archives/edgar/daily-index/2025/QTR2/master.20250414.idx',
      masterIndex('2025-04-14', [`${cik}|LATE START THERAPEUTICS|8-A12B|20250414|edgar/data/${cik}/${listing}.txt`]),
    );
    edgar.put(
      '/Archives/edgar/daily-index/2025/QTR2/master.20250415.idx',
      masterIndex('2025-04-15', [`${cik}|LATE START THERAPEUTICS|424B4|20250415|edgar/data/${cik}/${prospectus}.txt`]),
    );
    edgar.put(
      textPath(cik, prospectus),
      submission({
        accession: prospectus,
        form: '424B4',
        day: '2025-04-15',
        cik,
        name: 'LATE START THERAPEUTICS',
        sic: 'PHARMACEUTICAL PREPARATIONS [2834]',
        document: fixture('camp4.424B4.document.txt'),
      }),
    );
    await sync('2025-04-14', '2025-04-16T14:00:00Z');
    expect(await rowOf(cik)).toMatchObject({ status: 'Priced', pricedOn: '2025-04-15', listedOn: '2025-04-14' });
  });
});
