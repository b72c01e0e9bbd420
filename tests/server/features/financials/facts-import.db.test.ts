/**
 * Company facts imported from the SEC's documents (tests/fixtures/sec-facts, real ones) to what
 * readers get at GET /api/stock/financials/{symbol}: a us-gaap filer and an ifrs-full filer, the
 * SEC's bulk zip read only for the universe's CIKs, a document that cannot be read reported with its
 * file and key while the rest go on, and the same document again changing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCompanyFacts } from '../../../../src/server/features/financials/index.ts';
import { companies, companyFinancials, contentChanges } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { importedCompany, tableDigests } from '../../../helpers/imports.ts';
import { writeZip } from '../../../helpers/zip-writer.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/sec-facts');
const SNOWFLAKE = path.join(FIXTURES, 'CIK0001640147.json');
const LPA = path.join(FIXTURES, 'CIK0001997711.json');

let t: TestApp;
let dir: string;

interface Answer {
  data: {
    source: string;
    taxonomy: string;
    currency: string;
    period: string;
    periods: {
      start: string;
      end: string;
      fiscal_year: number;
      fiscal_quarter: number | null;
      lines: Record<
        string,
        {
          value: number;
          unit: string;
          concept: string;
          derived: boolean;
          filing: { accession: string; form: string; url: string };
        }
      >;
    }[];
    key_figures: { runway: { status: string }; shares_growth_1y: number | null };
  };
}

const financials = async (symbol: string, period = 'annual') => {
  const answer = await t.call('GET', `/api/stock/financials/${symbol}?period=${period}`);
  expect(answer.status).toBe(200);
  return (answer.body as Answer).data;
};

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-facts-'));
  await t.database.db
    .insert(companies)
    .values([
      importedCompany({ symbol: 'SNOW', name: 'Snowflake Inc. Class A Common Stock', cik: 1640147 }),
      importedCompany({ symbol: 'LPA', name: 'Logistic Properties of the Americas Ordinary Shares', cik: 1997711 }),
      importedCompany({ symbol: 'NONE', name: 'No Facts Corp. Common Stock', cik: 1234567 }),
    ]);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('importing the SEC’s company facts', () => {
  it('gives a us-gaap filer its years with every figure’s unit, concept and filing on sec.gov', async () => {
    const report = await importCompanyFacts(t.database.db, [SNOWFLAKE], { dryRun: false });
    expect(report.added).toBe(1);
    const snow = await financials('SNOW');
    expect(snow).toMatchObject({ source: 'sec-companyfacts', taxonomy: 'us-gaap', currency: 'USD', period: 'annual' });
    // Fiscal 2024 runs from 2023-02-01 to 2024-01-31, as its own 10-K names it.
    const fy2024 = snow.periods.find((p) => p.end === '2024-01-31')!;
    expect(fy2024).toMatchObject({ start: '2023-02-01', fiscal_year: 2024, fiscal_quarter: null });
    expect(fy2024.lines.revenue).toMatchObject({ value: 2806489000, unit: 'USD', derived: false });
    expect(fy2024.lines.revenue!.concept).toMatch(/^us-gaap:/);
    expect(fy2024.lines.revenue!.filing.form).toBe('10-K');
    expect(fy2024.lines.revenue!.filing.url).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1640147\/\d{18}\/\d{10}-\d{2}-\d{6}-index\.htm$/,
    );
    expect(fy2024.lines.epsBasic).toMatchObject({ unit: 'USD/shares' });
  });

  it('gives the quarters, a fourth quarter worked out from the year and marked so', async () => {
    const quarters = (await financials('SNOW', 'quarterly')).periods;
    const q4 = quarters.find((p) => p.end === '2024-01-31')!;
    expect(q4).toMatchObject({ fiscal_year: 2024, fiscal_quarter: 4 });
    expect(q4.lines.revenue!.derived).toBe(true);
    expect(quarters.find((p) => p.end === '2023-10-31')!.lines.revenue!.derived).toBe(false);
  });

  it('reads an ifrs-full filer of 20-Fs, years only', async () => {
    await importCompanyFacts(t.database.db, [LPA], { dryRun: false });
    const lpa = await financials('LPA');
    expect(lpa.taxonomy).toBe('ifrs-full');
    expect(lpa.periods.length).toBeGreaterThan(0);
    const concepts = Object.values(lpa.periods.at(-1)!.lines).map((f) => f.concept.split(':')[0]);
    // The statements' figures are ifrs-full; a share count may come from the report's cover (dei).
    expect(new Set(concepts)).toEqual(new Set(['ifrs-full', 'dei']));
    expect((await financials('LPA', 'quarterly')).periods).toEqual([]);
  });

  it('changes nothing when the same document comes again', async () => {
    const before = await tableDigests(t.database.db);
    const report = await importCompanyFacts(t.database.db, [SNOWFLAKE, LPA], { dryRun: false });
    expect(report).toMatchObject({ read: 2, unchanged: 2, added: 0, updated: 0 });
    expect(await tableDigests(t.database.db)).toEqual(before);
  });

  it('reads a bulk zip for the universe’s CIKs only, reports what it cannot read, and goes on', async () => {
    await t.database.db.delete(companyFinancials);
    const zip = path.join(dir, 'companyfacts.zip');
    const snowText = fs.readFileSync(SNOWFLAKE, 'utf8');
    await writeZip(zip, [
      { name: 'CIK0000320193.json', content: '{"not": "read: Apple is not in this universe"}' },
      // Cut short: the report names the file and where it broke off.
      { name: 'CIK0001234567.json', content: snowText.slice(0, 5000) },
      { name: 'CIK0001640147.json', content: snowText },
      { name: 'CIK0001997711.json', content: fs.readFileSync(LPA) },
    ]);
    const changesBefore = (await t.database.db.select().from(contentChanges)).length;
    const report = await importCompanyFacts(t.database.db, [zip], { dryRun: false });
    expect(report.added).toBe(2);
    expect(report.skipped['CIK not in the universe']?.count).toBe(1);
    const broken = report.skipped['not a company-facts document']!;
    expect(broken.count).toBe(1);
    expect(broken.where[0]).toMatch(
      /^companyfacts\.zip: CIK0001234567\.json: facts\.[\w.-]+\[\d+\] breaks off .* the JSON is cut short$/,
    );
    const stored = await t.database.db.select({ symbol: companyFinancials.companySymbol }).from(companyFinancials);
    expect(stored.map((r) => r.symbol).sort()).toEqual(['LPA', 'SNOW']);
    // Each company stored is rebuilt: a change is recorded for it.
    expect((await t.database.db.select().from(contentChanges)).length).toBe(changesBefore + 2);
  });

  it('refuses an entry over the size cap, naming it, and stores the others', async () => {
    await t.database.db.delete(companyFinancials);
    const zip = path.join(dir, 'capped.zip');
    await writeZip(zip, [
      { name: 'CIK0001640147.json', content: fs.readFileSync(SNOWFLAKE) },
      { name: 'CIK0001997711.json', content: fs.readFileSync(LPA) },
    ]);
    const report = await importCompanyFacts(t.database.db, [zip], { dryRun: false, maxDocumentBytes: 300_000 });
    expect(report.skipped['over the size cap']?.where).toEqual([
      'capped.zip: CIK0001640147.json (316 KB, the cap 293 KB)',
    ]);
    expect(report.added).toBe(1);
  });

  it('writes nothing on a dry run', async () => {
    await t.database.db.delete(companyFinancials);
    const report = await importCompanyFacts(t.database.db, [SNOWFLAKE], { dryRun: true });
    expect(report.added).toBe(1);
    expect(
      await t.database.db.select().from(companyFinancials).where(eq(companyFinancials.companySymbol, 'SNOW')),
    ).toEqual([]);
  });
});

describe('GET /api/stock/financials/{symbol}', () => {
  beforeAll(async () => {
    await importCompanyFacts(t.database.db, [SNOWFLAKE], { dryRun: false });
  });

  it('answers CSV with a column per period, newest first, and the filings', async () => {
    const answer = await t.call('GET', '/api/stock/financials/SNOW?period=annual&format=csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toContain('SNOW-financials-annual.csv');
    const lines = String(answer.text).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Line,Unit,FY \d{4},/);
    expect(lines.find((l) => l.startsWith('Revenue,USD,'))).toContain('2806489000');
    // The latest year's share count comes from the cover of the next report, a 10-Q.
    expect(lines.at(-1)).toMatch(/^Filings,,10-[KQ] 0001640147-\d{2}-\d{6}/);
  });

  it('says clearly what it cannot answer', async () => {
    expect((await t.call('GET', '/api/stock/financials/NONE')).status).toBe(404);
    expect((await t.call('GET', '/api/stock/financials/NOSUCH')).status).toBe(404);
    const bad = await t.call('GET', '/api/stock/financials/SNOW?period=monthly');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('period is annual or quarterly');
  });
});
