/**
 * The sync's company facts (docs/product.md §9.11, §9.12): a company that files a periodic report has
 * its facts read from data.sec.gov's companyfacts API (a real document, tests/fixtures/sec-facts) and
 * its statements stored; asked again only when it files another, and then conditionally; a document
 * that cannot be read is reported and stops nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEdgarSync } from '../../../../src/server/features/edgar/index.ts';
import { companies, companyFinancials } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import {
  dailyIndexPath,
  masterIndex,
  startEdgarServer,
  testEdgarClient,
  type EdgarServer,
} from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const SNOWFLAKE_FACTS = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../fixtures/sec-facts/CIK0001640147.json'),
);
const FACTS_PATH = '/api/xbrl/companyfacts/CIK0001640147.json';

let t: TestApp;
let edgar: EdgarServer;

const syncDay = (day: string, lines: string[]) => {
  edgar.put(dailyIndexPath(day), masterIndex(day, lines));
  return runEdgarSync(t.database.db, testEdgarClient(edgar), {
    trigger: 'command',
    since: day,
    // The morning after: the day's index is written in its evening.
    now: new Date(Date.parse(`${day}T15:00:00Z`) + 86_400_000),
  });
};
const factsRequests = () => edgar.requests.filter((r) => r.path === FACTS_PATH);

beforeAll(async () => {
  t = await createTestApp();
  edgar = await startEdgarServer();
  await t.database.db
    .insert(companies)
    .values(importedCompany({ symbol: 'SNOW', name: 'Snowflake Inc. Class A Common Stock', cik: 1640147 }));
});
afterAll(async () => {
  await edgar.close();
  await t.close();
});

describe('the sync’s company facts', () => {
  it('reads the facts of a company that filed a 10-Q and stores its statements', async () => {
    edgar.put(FACTS_PATH, SNOWFLAKE_FACTS);
    const report = await syncDay('2025-05-30', [
      '1640147|Snowflake Inc.|10-Q|20250530|edgar/data/1640147/0001640147-25-000110.txt',
    ]);
    expect(report.problems).toEqual([]);
    expect(factsRequests()).toHaveLength(1);
    expect(factsRequests()[0]!.headers['user-agent']).toMatch(/admin@redcap\.example/);
    const [row] = await t.database.db
      .select()
      .from(companyFinancials)
      .where(eq(companyFinancials.companySymbol, 'SNOW'));
    expect(row).toMatchObject({ source: 'sec-companyfacts', currency: 'USD', cik: 1640147 });
    expect(row!.record.quarterly.periods.at(-1)!.end).toBe('2025-04-30');
    expect(report.notes).toContain('SNOW: financial statements added');
  });

  it('does not ask again for a day with no periodic report of the company', async () => {
    await syncDay('2025-06-02', ['1640147|Snowflake Inc.|S-8|20250602|edgar/data/1640147/0001640147-25-000120.txt']);
    expect(factsRequests()).toHaveLength(1);
  });

  it('asks conditionally after the next report, and an unchanged document changes nothing', async () => {
    const before = await t.database.db.select().from(companyFinancials);
    await syncDay('2025-06-03', ['1640147|Snowflake Inc.|10-Q/A|20250603|edgar/data/1640147/0001640147-25-000130.txt']);
    expect(factsRequests()).toHaveLength(2);
    expect(factsRequests()[1]!.headers['if-none-match']).toBeTruthy();
    expect(await t.database.db.select().from(companyFinancials)).toEqual(before);
  });

  it('reports a document that cannot be read, keeps what it had, and goes on', async () => {
    // Changed a minute later: a conditional request made within the same second would otherwise hear 304.
    edgar.put(FACTS_PATH, SNOWFLAKE_FACTS.subarray(0, 4000), new Date(Date.now() + 60_000));
    // A quarterly report: an annual one would also have its business section read (annual-reports.ts).
    const report = await syncDay('2025-06-04', [
      '1640147|Snowflake Inc.|10-Q|20250604|edgar/data/1640147/0001640147-25-000140.txt',
    ]);
    expect(report.stopped).toBeNull();
    expect(report.problems).toEqual([
      { document: FACTS_PATH, problem: expect.stringMatching(/the JSON is cut short$/) },
    ]);
    const [row] = await t.database.db.select().from(companyFinancials);
    expect(row!.record.quarterly.periods.at(-1)!.end).toBe('2025-04-30');
  });
});
