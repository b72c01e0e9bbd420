/**
 * The console's account of the EDGAR sync: off (and why) on the demo universe or without a
 * User-Agent; on, its runs and when it runs next; staff's "Sync now" taken by the job at its next
 * look, which records the run as asked for in the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs as edgarJobs } from '../../../../src/server/features/edgar/index.ts';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import { companies, edgarSyncRuns } from '../../../../src/server/schema.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { startEdgarServer, type EdgarServer } from '../../../helpers/edgar-server.ts';

const USER_AGENT = 'RedCap Research admin@redcap.example';
/** EDGAR among the sources the Data tab lists. */
const edgarOf = (body: unknown): Record<string, unknown> | undefined =>
  (body as { data: { id: string }[] }).data.find((s) => s.id === 'edgar');
let edgar: EdgarServer;

beforeAll(async () => {
  edgar = await startEdgarServer();
});
afterAll(async () => {
  await edgar.close();
});

describe('the Data tab’s EDGAR sync', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('is off on the demo universe, says why, and refuses Sync now; only staff see it', async () => {
    t = await createTestApp({ env: { SEC_USER_AGENT: USER_AGENT } });
    // A company as the demo lists it: no CIK.
    await t.database.db.insert(companies).values({
      symbol: 'DEMO',
      name: 'Demo Corp.',
      sicCode: 3720,
      sectorName: 'Manufacturing',
      industry: 'Aircraft & Parts',
      market: 'NASDAQ',
      country: 'United States',
      dataSource: 'demo',
    });
    const staff = await staffHeaders(t);
    const listed = await t.call('GET', '/api/tools/data-sources', { headers: staff });
    expect(listed.status).toBe(200);
    expect(edgarOf(listed.body)).toMatchObject({
      id: 'edgar',
      name: 'SEC EDGAR',
      off: 'No listed company has a CIK: the site holds the demo universe.',
      nextRunAt: null,
      runs: [],
    });
    const asked = await t.call('POST', '/api/tools/data-sources/edgar/sync', { headers: staff });
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({
      message: 'The EDGAR sync is off. No listed company has a CIK: the site holds the demo universe.',
    });
    expect((await t.call('GET', '/api/tools/data-sources', {})).status).toBe(401);
  });
});

describe('Sync now', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('is taken by the job at its next look and recorded as asked for in the console', async () => {
    const env = { SEC_USER_AGENT: USER_AGENT, SEC_WWW_URL: edgar.url, SEC_DATA_URL: edgar.url };
    t = await createTestApp({ env });
    await t.database.db.insert(companies).values({
      symbol: 'AIR',
      name: 'AAR Corp.',
      cik: 1750,
      sicCode: 3720,
      sectorName: 'Manufacturing',
      industry: 'Aircraft & Parts',
      market: 'NYSE',
      country: 'United States',
      dataSource: 'nasdaq-screener',
    });
    const staff = await staffHeaders(t);
    const before = await t.call('GET', '/api/tools/data-sources', { headers: staff });
    expect(edgarOf(before.body)).toMatchObject({
      off: null,
      figures: expect.arrayContaining([{ label: 'Companies with a CIK', value: 1 }]),
      runs: [],
    });

    const asked = await t.call('POST', '/api/tools/data-sources/edgar/sync', { headers: staff });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ requestedAt: expect.any(String) });

    const [job] = edgarJobs({
      db: t.database.db,
      config: loadConfig({ ...env, SEC_REQUESTS_PER_SECOND: '10' }).edgar,
      logger: createLogger('silent'),
      onRecords: () => {},
    });
    expect(await job!.task(new AbortController().signal)).toBe('synced');
    // Looked again within the five minutes, with nothing asked: not due.
    expect(await job!.task(new AbortController().signal)).toBe('not due');

    const after = await t.call('GET', '/api/tools/data-sources', { headers: staff });
    const source = edgarOf(after.body) as unknown as { requestedAt: string | null; nextRunAt: string; runs: unknown[] };
    expect(source.requestedAt).toBeNull();
    expect(source.runs).toEqual([expect.objectContaining({ trigger: 'console', status: 'finished' })]);
    const runs = await t.database.db.select().from(edgarSyncRuns);
    expect(Date.parse(source.nextRunAt) - runs[0]!.startedAt.getTime()).toBe(5 * 60 * 1000);
  });
});
