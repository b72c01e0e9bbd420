import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../../src/lib/alerts.ts';
import {
  createContentWatch,
  createMarketAlerts,
  raiseFilingAlerts,
  type MarketAlerts,
} from '../../../../src/server/features/alerts/index.ts';
import type { AddedSecFiling } from '../../../../src/server/features/companies/index.ts';
import { alerts, companies, insiderTransactions } from '../../../../src/server/schema.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
let ada: Record<string, string>;
let bob: Record<string, string>;
let cy: Record<string, string>;
let staff: Record<string, string>;
let followed: string;
let other: string;
let market: MarketAlerts;
const batch = 3;

const alertsOf = async (headers: Record<string, string>) =>
  (await t.call('GET', '/api/alerts?limit=50', { headers })).body as { data: Alert[]; unread: number };
const follow = (headers: Record<string, string>, symbol: string) =>
  t.call('PATCH', '/api/stock/favorites', { headers, json: { symbol } });

async function setCompany(symbol: string, values: Partial<typeof companies.$inferInsert>) {
  await t.database.db.update(companies).set(values).where(eq(companies.symbol, symbol));
  t.snapshots.invalidate();
}

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 20 });
  ada = bearer(await verifiedUser(t, 'ada.raising@example.com'));
  bob = bearer(await verifiedUser(t, 'bob.raising@example.com'));
  cy = bearer(await verifiedUser(t, 'cy.raising@example.com'));
  staff = await staffHeaders(t, 'desk.raising@example.com');
  const list = await t.database.db.select().from(companies).orderBy(companies.symbol);
  followed = list[3]!.symbol;
  other = list[4]!.symbol;
  // Ada and Bob follow the company; Cy follows another; Bob hears only of filings.
  for (const headers of [ada, bob]) expect((await follow(headers, followed)).status).toBe(200);
  expect((await follow(cy, other)).status).toBe(200);
  await t.call('PUT', `/api/alerts/companies/${followed}`, {
    headers: bob,
    json: { kinds: ['filing-current'], priceThreshold: 10 },
  });
  // What the seed scheduled is older than anything the tests publish.
  await t.database.db.execute(
    sql`update events set created_at = created_at - interval '2 days', updated_at = updated_at - interval '2 days'`,
  );
  // A quiet market to start from: no company has moved yet today.
  await t.database.db.update(companies).set({ changePercent: 0, netChange: 0 });
  t.snapshots.invalidate();
  market = createMarketAlerts({ db: t.database.db, snapshots: t.snapshots, batch });
  await market.evaluate(new Date('2026-11-23T16:00:00Z'));
});
afterAll(() => t.close());

const filing = (accession: string, form: string): AddedSecFiling => ({
  accessionKey: accession,
  companySymbol: followed,
  filingType: form,
  description: 'Current report',
  rawTextLink: `https://www.sec.gov/Archives/edgar/data/1/${accession.replace(/-/g, '')}/doc.htm`,
  dateAsOfChange: '2026-11-20',
});

describe('raising alerts', () => {
  it('turns a new 8-K into an alert for each follower who keeps current reports on, linking to the filing', async () => {
    const added = await raiseFilingAlerts(
      t.database.db,
      [filing('0000000001-26-000001', '8-K')],
      { batch },
      new Date('2026-11-23T16:00:00Z'),
    );
    expect(added).toBe(2);
    const [first] = (await alertsOf(ada)).data;
    expect(first).toMatchObject({
      kind: 'filing-current',
      symbol: followed,
      title: `${followed} filed an 8-K`,
      link: 'https://www.sec.gov/Archives/edgar/data/1/000000000126000001/doc.htm',
      read: false,
    });
    expect((await alertsOf(bob)).data[0]).toMatchObject({ kind: 'filing-current' });
    expect((await alertsOf(cy)).data).toEqual([]);
  });

  it('raises a cause once however often and however concurrently it is raised', async () => {
    const again = [filing('0000000001-26-000001', '8-K')];
    const now = new Date('2026-11-23T16:00:00Z');
    expect(await raiseFilingAlerts(t.database.db, again, { batch }, now)).toBe(0);
    const both = await Promise.all([
      raiseFilingAlerts(t.database.db, [filing('0000000001-26-000002', '10-Q')], { batch }, now),
      raiseFilingAlerts(t.database.db, [filing('0000000001-26-000002', '10-Q')], { batch }, now),
    ]);
    // Ada keeps periodic reports on; Bob's own rule does not.
    expect(both[0] + both[1]).toBe(1);
    const periodic = (await alertsOf(ada)).data.filter((a) => a.kind === 'filing-periodic');
    expect(periodic).toEqual([expect.objectContaining({ title: `${followed} filed a 10-Q` })]);
  });

  it('alerts ownership filings, not old filings an import stored for the first time', async () => {
    const now = new Date('2026-11-23T16:00:00Z');
    const old = { ...filing('0000000001-25-000003', 'SC 13G'), dateAsOfChange: '2025-01-10' };
    expect(await raiseFilingAlerts(t.database.db, [old], { batch }, now)).toBe(0);
    expect(await raiseFilingAlerts(t.database.db, [filing('0000000001-26-000004', 'SC 13D')], { batch }, now)).toBe(1);
    expect((await alertsOf(ada)).data[0]).toMatchObject({ kind: 'ownership', title: `${followed} filed an SC 13D` });
  });

  it('tells insider purchases from sales by the transaction, for transactions new since the watch last looked', async () => {
    const watch = createContentWatch(t.database.db, { batch });
    await watch.look(new Date());
    await t.database.db.insert(insiderTransactions).values([
      {
        companySymbol: followed,
        purchaser: 'Jane Roe',
        amountPurchased: 12000,
        dateOfPurchase: '2026-11-20',
        isBuy: true,
      },
      {
        companySymbol: followed,
        purchaser: 'John Doe',
        amountPurchased: 3500,
        dateOfPurchase: '2026-11-20',
        isBuy: false,
      },
    ]);
    await watch.look(new Date(Date.now() + 1000));
    const kinds = (await alertsOf(ada)).data.map((a) => [a.kind, a.title]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['insider-buy', `${followed} insider bought 12,000 shares`],
        ['insider-sell', `${followed} insider sold 3,500 shares`],
      ]),
    );
    expect((await alertsOf(cy)).data).toEqual([]);
  });

  it('alerts on an insider’s market purchases and sales only, never on grants, exercises or tax withholding', async () => {
    const watch = createContentWatch(t.database.db, { batch });
    await watch.look(new Date());
    const before = (await alertsOf(ada)).data.length;
    const row = (code: string, isBuy: boolean, amountPurchased: number, extra = {}) => ({
      companySymbol: followed,
      purchaser: 'Rajesh Melkote',
      amountPurchased,
      dateOfPurchase: '2026-11-23',
      isBuy,
      code,
      ...extra,
    });
    await t.database.db
      .insert(insiderTransactions)
      .values([
        row('A', false, 757756),
        row('M', false, 20000),
        row('F', false, 5100),
        row('G', false, 1000),
        row('P', true, 25000, { price: 4.12 }),
        row('S', false, 8000, { price: 4.5, tradingPlan: true }),
      ]);
    await watch.look(new Date(Date.now() + 1000));
    const fresh = (await alertsOf(ada)).data.slice(0, (await alertsOf(ada)).data.length - before);
    expect(fresh.map((a) => [a.kind, a.title]).sort()).toEqual([
      ['insider-buy', `${followed} insider bought 25,000 shares`],
      ['insider-sell', `${followed} insider sold 8,000 shares`],
    ]);
    expect(fresh.find((a) => a.kind === 'insider-sell')!.body).toMatch(
      /at \$4\.50, under a Rule 10b5-1 trading plan\.$/,
    );
  });

  it('alerts followers of an article staff publish about the company, linking to the article', async () => {
    const watch = createContentWatch(t.database.db, { batch });
    const saved = await t.call('POST', '/api/tools/news', {
      headers: staff,
      json: { title: 'Trial results are in', company_symbol: followed, description: '<p>Good news.</p>' },
    });
    expect(saved.status).toBe(201);
    const id = (saved.body as { data: { id: number } }).data.id;
    await watch.look(new Date(Date.now() + 1000));
    expect((await alertsOf(ada)).data[0]).toMatchObject({
      kind: 'news',
      title: 'News: Trial results are in',
      link: `/news/${id}`,
    });
    expect((await alertsOf(bob)).data.some((a) => a.kind === 'news')).toBe(false);
  });

  it('alerts followers of a video staff publish about the company as news, linking to the video', async () => {
    const watch = createContentWatch(t.database.db, { batch });
    await watch.look(new Date());
    const saved = await t.call('POST', '/api/tools/videos', {
      headers: staff,
      json: { name: 'The CEO on the new plant', company_symbol: followed, youtubeId: 'dQw4w9WgXcQ' },
    });
    expect(saved.status).toBe(201);
    const id = (saved.body as { data: { id: number } }).data.id;
    await watch.look(new Date(Date.now() + 1000));
    expect((await alertsOf(ada)).data[0]).toMatchObject({
      kind: 'news',
      title: 'Video: The CEO on the new plant',
      link: `/video/${id}`,
    });
    expect((await alertsOf(bob)).data.some((a) => a.link === `/video/${id}`)).toBe(false);
  });

  it('alerts a webinar scheduled for the company, and again one hour before it starts', async () => {
    const watch = createContentWatch(t.database.db, { batch });
    const startsAt = new Date(Date.now() + 3 * 3600_000);
    const saved = await t.call('POST', '/api/tools/events', {
      headers: staff,
      json: { title: 'Quarterly update', company_symbol: followed, upcoming_date: startsAt.toISOString() },
    });
    expect(saved.status).toBe(201);
    await watch.look(new Date(Date.now() + 1000));
    expect((await alertsOf(ada)).data[0]).toMatchObject({ kind: 'webinar-scheduled', link: '/events' });
    await watch.look(new Date(startsAt.getTime() - 50 * 60_000));
    expect((await alertsOf(ada)).data[0]).toMatchObject({
      kind: 'webinar-soon',
      title: `Webinar with ${followed} in one hour`,
    });
    await watch.look(new Date(startsAt.getTime() - 40 * 60_000));
    expect((await alertsOf(ada)).data.filter((a) => a.kind === 'webinar-soon')).toHaveLength(1);
  });

  it('alerts a daily move past the reader’s threshold and a new 52-week high after a market-data update', async () => {
    const [row] = await t.database.db.select().from(companies).where(eq(companies.symbol, followed));
    const price = Number((row!.week52High! * 1.2).toFixed(2));
    await setCompany(followed, {
      lastSale: price,
      preClose: Number((price / 1.15).toFixed(2)),
      changePercent: 15,
    });
    const result = await market.evaluate(new Date('2026-11-23T16:05:00Z'));
    expect(result).toMatchObject({ priceAlerts: 2 });
    const mine = (await alertsOf(ada)).data;
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'price-move',
          title: `${followed} up 15.0% today`,
          link: `/stocks/${followed}`,
        }),
        expect.objectContaining({
          kind: 'high-52w',
          title: `${followed} hit a new 52-week high at $${price.toFixed(2)}`,
        }),
      ]),
    );
    // The same move seen again raises nothing more; Bob's rule and Cy (not following) get none.
    t.snapshots.invalidate();
    expect(await market.evaluate(new Date('2026-11-23T16:06:00Z'))).toMatchObject({ priceAlerts: 0 });
    expect((await alertsOf(bob)).data.some((a) => a.kind === 'price-move')).toBe(false);
    expect((await alertsOf(cy)).data.filter((a) => a.symbol === followed)).toEqual([]);
  });

  it('alerts a move only readers whose threshold it crossed, a higher threshold later', async () => {
    await t.call('PUT', '/api/alerts/settings', { headers: cy, json: { priceThreshold: 25 } });
    await setCompany(other, { lastSale: 12, preClose: 10, changePercent: 20 });
    await market.evaluate(new Date('2026-11-23T16:07:00Z'));
    const moves = async () => (await alertsOf(cy)).data.filter((a) => a.kind === 'price-move');
    expect(await moves()).toEqual([]);
    await setCompany(other, { lastSale: 13, preClose: 10, changePercent: 30 });
    await market.evaluate(new Date('2026-11-23T16:08:00Z'));
    expect(await moves()).toEqual([expect.objectContaining({ title: `${other} up 30.0% today` })]);
  });

  it('takes note of a screen’s companies at its first check and alerts those entering it later', async () => {
    const created = await t.call('POST', '/api/screens', {
      headers: cy,
      json: { name: 'Under a dollar', query: 'Last Price=0 to 1', columns: [] },
    });
    const id = (created.body as { data: { id: number } }).data.id;
    await t.call('PUT', `/api/screens/${id}/alert`, { headers: cy, json: { alert: true } });
    const before = (await alertsOf(cy)).data.length;
    t.snapshots.invalidate();
    await market.evaluate(new Date('2026-11-23T16:09:00Z'));
    expect((await alertsOf(cy)).data).toHaveLength(before);
    const [entering] = await t.database.db
      .select()
      .from(companies)
      .where(sql`${companies.lastSale} > 1`)
      .orderBy(companies.symbol)
      .limit(1);
    await setCompany(entering!.symbol, { lastSale: 0.5 });
    const result = await market.evaluate(new Date('2026-11-23T16:10:00Z'));
    expect(result).toMatchObject({ screenAlerts: 1 });
    expect((await alertsOf(cy)).data[0]).toMatchObject({
      kind: 'screen-entry',
      symbol: entering!.symbol,
      title: `${entering!.symbol} entered your screen “Under a dollar”`,
    });
    // Ada, without the screen, hears nothing of it.
    expect((await alertsOf(ada)).data.some((a) => a.kind === 'screen-entry')).toBe(false);
  });

  it('after a restart alerts the companies that entered a screen since its members were stored, once', async () => {
    const entries = async () => (await alertsOf(cy)).data.filter((a) => a.kind === 'screen-entry');
    const before = await entries();
    const [entering] = await t.database.db
      .select()
      .from(companies)
      .where(sql`${companies.lastSale} > 1`)
      .orderBy(companies.symbol)
      .limit(1);
    await setCompany(entering!.symbol, { lastSale: 0.4 });
    // Another process, knowing only what the database holds.
    const restarted = createMarketAlerts({ db: t.database.db, snapshots: t.snapshots, batch });
    expect(await restarted.evaluate(new Date('2026-11-23T16:11:00Z'))).toMatchObject({ screenAlerts: 1 });
    expect((await entries()).map((a) => a.symbol)).toEqual([entering!.symbol, ...before.map((a) => a.symbol)]);
    // Seen again by a third one: nothing new.
    t.snapshots.invalidate();
    const again = createMarketAlerts({ db: t.database.db, snapshots: t.snapshots, batch });
    expect(await again.evaluate(new Date('2026-11-23T16:12:00Z'))).toMatchObject({ screenAlerts: 0 });
  });

  it('marks alerts read one at a time or all at once', async () => {
    const { data, unread } = await alertsOf(ada);
    expect(unread).toBe(data.length);
    const one = await t.call('POST', `/api/alerts/${data[0]!.id}/read`, { headers: ada });
    expect(one.body).toEqual({ data: { unread: unread - 1 } });
    expect((await t.call('POST', `/api/alerts/${data[0]!.id}/read`, { headers: cy })).status).toBe(404);
    const page = (await t.call('GET', `/api/alerts?limit=2&before=${data[0]!.id}`, { headers: ada })).body as {
      data: Alert[];
    };
    expect(page.data.map((a) => a.id)).toEqual(data.slice(1, 3).map((a) => a.id));
    expect((await t.call('POST', '/api/alerts/read-all', { headers: ada })).body).toEqual({ data: { unread: 0 } });
    expect((await alertsOf(ada)).unread).toBe(0);
    const rows = await t.database.db
      .select()
      .from(alerts)
      .where(sql`${alerts.delivery} = 'pending'`);
    expect(rows.length).toBeGreaterThan(0);
  });
});
