/**
 * The analysts sync against a local server answering Finnhub's paths with recorded answers: each
 * imported company's consensus is stored (never as ratings of named analysts), and a company without
 * ratings of its own takes its analyst figures from it (the screener's columns, the page's analyst
 * area, the generated report and RedChat say whose consensus it is); a staff rating then wins, and
 * the consensus stands in again once it is removed. A run that finds nothing new changes no page; a
 * company the provider covers no longer loses its consensus. Without a key the source is off and the
 * console's Data tab says why.
 */
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFinnhubProvider,
  runAnalystsSync,
  type AnalystProvider,
} from '../../../../src/server/features/analyst-providers/index.ts';
import {
  analystConsensus,
  analystRatings,
  companies,
  contentChanges,
  sourceRuns,
} from '../../../../src/server/schema.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { ask } from '../../../helpers/chat.ts';
import { startEdgarServer, type EdgarServer } from '../../../helpers/edgar-server.ts';
import { importedCompany } from '../../../helpers/imports.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`../../../fixtures/finnhub/${name}`, import.meta.url));

let finnhubServer: EdgarServer;
let t: TestApp;
let provider: AnalystProvider;
let staff: Record<string, string>;
let reader: Record<string, string>;

const figures = async (symbol: string) =>
  (
    await t.database.db
      .select({
        buyRatings: companies.buyRatings,
        holdRatings: companies.holdRatings,
        sellRatings: companies.sellRatings,
        totalAnalysts: companies.totalAnalysts,
        priceTarget: companies.priceTarget,
        highPriceTarget: companies.highPriceTarget,
        lowPriceTarget: companies.lowPriceTarget,
        priceTargetUpside: companies.priceTargetUpside,
      })
      .from(companies)
      .where(eq(companies.symbol, symbol))
  )[0]!;
const companyId = async (symbol: string) =>
  (await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.symbol, symbol)))[0]!.id;
const changesOf = async (symbol: string) =>
  (
    await t.database.db
      .select()
      .from(contentChanges)
      .where(and(eq(contentChanges.kind, 'company'), eq(contentChanges.entityId, await companyId(symbol))))
  ).length;
const analystsAnswer = async (symbol: string) =>
  (await t.call('GET', `/api/stock/analysts/${symbol}`, { headers: reader })).body as {
    data: unknown[];
    total: number;
    consensus: { provider: string; period: string; analysts: number; line: string } | null;
  };

beforeAll(async () => {
  finnhubServer = await startEdgarServer();
  t = await createTestApp();
  provider = createFinnhubProvider({
    url: `${finnhubServer.url}/api/v1`,
    apiKey: 'test-key-1',
    requestsPerMinute: 1800,
    userAgent: 'RedCap Research admin@redcap.example',
    sleep: async () => {},
  });
  await t.database.db
    .insert(companies)
    .values([
      importedCompany({ symbol: 'TSLA', name: 'Tesla, Inc. Common Stock', lastSale: 300 }),
      importedCompany({ symbol: 'NOPE', name: 'Nope Holdings Inc. Common Stock', lastSale: 4 }),
    ]);
  finnhubServer.put('/api/v1/stock/recommendation?symbol=TSLA', fixture('recommendation-TSLA-2021-11-16.json'));
  finnhubServer.put('/api/v1/stock/price-target?symbol=TSLA', fixture('price-target-NFLX-documented.json'));
  finnhubServer.put(
    '/api/v1/stock/recommendation?symbol=NOPE',
    fixture('recommendation-INVALID_TICKER-2021-11-16.json'),
  );
  staff = await staffHeaders(t);
  reader = bearer(await verifiedUser(t, 'reader@example.com'));
});
afterAll(async () => {
  await t.close();
  await finnhubServer.close();
});

describe('the analysts sync', () => {
  it('stores each covered company’s consensus, and a company without ratings takes its figures from it', async () => {
    const report = await runAnalystsSync(t.database.db, provider, { trigger: 'command' });
    expect(report).toMatchObject({
      companies: 2,
      itemsDone: 2,
      itemsRead: 1,
      recordsAdded: 1,
      removed: 0,
      stopped: false,
    });
    expect(report.requests).toBe(3);
    const [stored] = await t.database.db.select().from(analystConsensus);
    expect(stored).toMatchObject({
      companySymbol: 'TSLA',
      provider: 'finnhub',
      period: '2021-11-01',
      strongBuy: 13,
      buy: 10,
      hold: 13,
      sell: 6,
      strongSell: 4,
      targetMean: 364.37,
      targetMedian: 359.04,
      targetHigh: 462,
      targetLow: 217.15,
      targetAnalysts: 39,
      targetUpdatedOn: '2023-04-06',
    });
    // An aggregate is never turned into ratings of named analysts.
    expect(await t.database.db.select().from(analystRatings)).toEqual([]);
    expect(await figures('TSLA')).toEqual({
      buyRatings: 23,
      holdRatings: 13,
      sellRatings: 10,
      totalAnalysts: 46,
      priceTarget: 364.37,
      highPriceTarget: 462,
      lowPriceTarget: 217.15,
      priceTargetUpside: 21.46,
    });
    expect((await figures('NOPE')).totalAnalysts).toBe(0);
    expect(await changesOf('TSLA')).toBe(1);
    const [run] = await t.database.db.select().from(sourceRuns).where(eq(sourceRuns.source, 'analysts'));
    expect(run).toMatchObject({ status: 'finished', trigger: 'command', itemsDone: 2, itemsRead: 1, recordsAdded: 1 });
  });

  it('has the page, the report and RedChat say whose consensus the figures are', async () => {
    const line = 'Consensus of 46 analysts, Finnhub, November 2021.';
    expect(await analystsAnswer('TSLA')).toEqual({
      data: [],
      total: 0,
      consensus: { provider: 'finnhub', period: '2021-11-01', analysts: 46, line },
    });
    const urls = await t.call('GET', '/api/tipranks?symbol=TSLA', { headers: reader });
    expect(urls.body).toEqual({ urls: ['/api/stock/analyst-report/TSLA'] });
    const report = await t.call('GET', '/api/stock/analyst-report/TSLA', { headers: reader });
    expect(report.text).toContain(line);
    expect(report.text).toContain('23 Buy · 13 Hold · 10 Sell');
    expect(report.text).not.toContain('<table>');
    expect((await t.call('GET', '/api/tipranks?symbol=NOPE', { headers: reader })).body).toEqual({ urls: [] });

    const answer = await ask(t, 'what do analysts say about TSLA?', { headers: reader });
    expect(answer.text).toContain('46 analysts rate');
    expect(answer.text).toContain('**23 Buy, 13 Hold, 10 Sell**');
    expect(answer.text).toContain('Consensus of 46 analysts, Finnhub, November 2021');
    expect(answer.text).not.toContain('Latest ratings');
  });

  it('changes no page when the provider answers what is held', async () => {
    const report = await runAnalystsSync(t.database.db, provider, { trigger: 'schedule' });
    expect(report).toMatchObject({ itemsRead: 1, recordsAdded: 0, removed: 0 });
    expect(await changesOf('TSLA')).toBe(1);
  });

  it('lets a staff rating win over the consensus, which stands in again once the rating is removed', async () => {
    const added = await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: {
        company_symbol: 'TSLA',
        firm_name: 'Acme Securities',
        analyst_name: 'Jane Roe',
        recommendation: 'Sell',
        recommendation_date: '2021-11-20',
        price_target: 150,
      },
    });
    expect(added.status).toBe(201);
    expect(await figures('TSLA')).toMatchObject({
      buyRatings: 0,
      sellRatings: 1,
      totalAnalysts: 1,
      priceTarget: 150,
      highPriceTarget: 150,
    });
    expect(await analystsAnswer('TSLA')).toMatchObject({ total: 1, consensus: null });
    const report = await t.call('GET', '/api/stock/analyst-report/TSLA', { headers: reader });
    expect(report.text).toContain('Jane Roe');
    expect(report.text).not.toContain('Consensus of 46 analysts');
    // The next sync keeps the consensus, and the rating still wins.
    await runAnalystsSync(t.database.db, provider, { trigger: 'schedule' });
    expect((await figures('TSLA')).totalAnalysts).toBe(1);

    const { id, version } = (added.body as { data: { id: number; version: number } }).data;
    expect(
      (await t.call('DELETE', `/api/tools/analyst-ratings/${id}?version=${version}`, { headers: staff })).status,
    ).toBe(204);
    expect((await figures('TSLA')).totalAnalysts).toBe(46);
  });

  it('removes the consensus of a company the provider covers no longer', async () => {
    finnhubServer.put(
      '/api/v1/stock/recommendation?symbol=TSLA',
      fixture('recommendation-INVALID_TICKER-2021-11-16.json'),
    );
    const before = await changesOf('TSLA');
    const report = await runAnalystsSync(t.database.db, provider, { trigger: 'schedule', symbols: ['TSLA'] });
    expect(report).toMatchObject({ companies: 1, itemsRead: 0, removed: 1 });
    expect(await t.database.db.select().from(analystConsensus)).toEqual([]);
    expect(await figures('TSLA')).toMatchObject({ totalAnalysts: 0, priceTarget: null });
    expect(await changesOf('TSLA')).toBe(before + 1);
  });

  it('stops with Finnhub’s words when the key is refused, keeping what it stored', async () => {
    finnhubServer.put('/api/v1/stock/recommendation?symbol=TSLA', fixture('recommendation-TSLA-2021-11-16.json'));
    finnhubServer.fail(
      '/api/v1/stock/recommendation?symbol=NOPE',
      { kind: 'status', status: 401, body: fixture('invalid-api-key-2023-02-03.json').toString() },
      1,
    );
    const report = await runAnalystsSync(t.database.db, provider, { trigger: 'command' });
    // NOPE is asked first (the companies go by symbol): the run stops before TSLA.
    expect(report).toMatchObject({ stopped: true, itemsDone: 0 });
    const [run] = await t.database.db
      .select()
      .from(sourceRuns)
      .where(eq(sourceRuns.source, 'analysts'))
      .orderBy(sourceRuns.id)
      .then((runs) => runs.slice(-1));
    expect(run).toMatchObject({
      status: 'stopped',
      note: 'Finnhub refused the API key ("Invalid API key"): check FINNHUB_API_KEY.',
    });
  });
});

describe('the console’s Data tab', () => {
  it('shows the analysts sync off without a key, and refuses a run', async () => {
    const listed = await t.call('GET', '/api/tools/data-sources', { headers: staff });
    const source = (listed.body as { data: { id: string }[] }).data.find((s) => s.id === 'analysts');
    expect(source).toMatchObject({
      name: 'Finnhub analyst consensus',
      off: 'FINNHUB_API_KEY is not set: Finnhub answers an account’s key only.',
      nextRunAt: null,
      figures: [
        { label: 'Companies with a consensus', value: 0 },
        { label: 'Companies with ratings of their own', value: 0 },
      ],
      itemNames: { read: 'Companies covered', done: 'Companies asked' },
    });
    const asked = await t.call('POST', '/api/tools/data-sources/analysts/sync', { headers: staff });
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({
      message:
        'The Finnhub analyst consensus sync is off. FINNHUB_API_KEY is not set: Finnhub answers an account’s key only.',
    });
  });
});
