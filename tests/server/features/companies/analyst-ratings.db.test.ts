/**
 * Analyst ratings on real data (docs/product.md §9.8): staff add, change and remove a company's
 * ratings, versioned and audited, and the company's analyst figures follow at once (the screener's
 * columns, the page and RedChat read them); a provider's CSV export is imported with its words for a
 * rating read as Buy, Hold or Sell, an analyst's newer rating replacing the one held, and a file with
 * a row that cannot be read refused with its line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnalystRatings } from '../../../../src/server/features/companies/index.ts';
import { ImportError } from '../../../../src/server/features/imports/index.ts';
import { analystRatings, auditEntries, companies } from '../../../../src/server/schema.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { ask } from '../../../helpers/chat.ts';
import { importedCompany } from '../../../helpers/imports.ts';

let t: TestApp;
let staff: Record<string, string>;
const figures = async (symbol: string) =>
  (
    await t.database.db
      .select({
        totalAnalysts: companies.totalAnalysts,
        buyRatings: companies.buyRatings,
        holdRatings: companies.holdRatings,
        priceTarget: companies.priceTarget,
      })
      .from(companies)
      .where(eq(companies.symbol, symbol))
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(companies)
    .values([
      importedCompany({ symbol: 'NEU', name: 'Neuren Pharmaceuticals Limited', lastSale: 10 }),
      importedCompany({ symbol: 'XYN', name: 'Xynomic Pharmaceuticals Inc.', lastSale: 2 }),
    ]);
  staff = await staffHeaders(t);
});
afterAll(() => t.close());

describe('staff’s analyst ratings', () => {
  it('are added, and the company’s analyst figures follow', async () => {
    const added = await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: {
        company_symbol: 'neu',
        firm_name: 'Acme Securities',
        analyst_name: 'Jane Roe',
        recommendation: 'Buy',
        recommendation_date: '2026-11-02',
        price_target: 14,
      },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      data: { company_symbol: 'NEU', firm_name: 'Acme Securities', version: 1, source: 'staff', price_target: 14 },
    });
    expect(await figures('NEU')).toEqual({ totalAnalysts: 1, buyRatings: 1, holdRatings: 0, priceTarget: 14 });
    // One current rating per analyst: a second is refused, the first is to be changed.
    const twice = await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: {
        company_symbol: 'NEU',
        firm_name: 'Acme Securities',
        analyst_name: 'Jane Roe',
        recommendation: 'Sell',
        recommendation_date: '2026-11-03',
      },
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      message: 'NEU already has a rating by Jane Roe (Acme Securities): change that one instead.',
    });
    const [entry] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.kind, 'analyst-rating'));
    expect(entry).toMatchObject({ action: 'create', actorEmail: 'editor@example.com' });

    const answer = await ask(t, 'what do analysts say about NEU?');
    expect(answer.text).toContain('1 analyst rate');
    expect(answer.text).toContain('**1 Buy, 0 Hold, 0 Sell**');
  });

  it('are changed from the version loaded, a stale edit refused, and removed', async () => {
    const [rating] = await t.database.db.select().from(analystRatings).where(eq(analystRatings.companySymbol, 'NEU'));
    const body = {
      firm_name: 'Acme Securities',
      analyst_name: 'Jane Roe',
      recommendation: 'Hold',
      recommendation_date: '2026-11-20',
      price_target: 11,
    };
    const changed = await t.call('PUT', `/api/tools/analyst-ratings/${rating!.id}`, {
      headers: staff,
      json: { ...body, version: 1 },
    });
    expect(changed.status).toBe(200);
    expect(await figures('NEU')).toMatchObject({ holdRatings: 1, buyRatings: 0, priceTarget: 11 });
    const stale = await t.call('PUT', `/api/tools/analyst-ratings/${rating!.id}`, {
      headers: staff,
      json: { ...body, version: 1 },
    });
    expect(stale.status).toBe(409);
    const removed = await t.call('DELETE', `/api/tools/analyst-ratings/${rating!.id}?version=2`, { headers: staff });
    expect(removed.status).toBe(204);
    expect(await figures('NEU')).toMatchObject({ totalAnalysts: 0, priceTarget: null });
  });

  it('refuse bad input with the field named, an unknown company with 404, and anyone but staff', async () => {
    const base = {
      company_symbol: 'NEU',
      firm_name: 'Acme',
      analyst_name: 'Jane Roe',
      recommendation: 'Buy',
      recommendation_date: '2026-11-02',
    };
    const future = await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: { ...base, recommendation_date: '2999-01-01' },
    });
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toContain('recommendation_date must not be in the future');
    const rating = await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: { ...base, recommendation: 'Strong Buy' },
    });
    expect(rating.status).toBe(400);
    const target = await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: { ...base, price_target: -3 },
    });
    expect(target.status).toBe(400);
    const unknown = await t.call('POST', '/api/tools/analyst-ratings', {
      headers: staff,
      json: { ...base, company_symbol: 'NOPE' },
    });
    expect(unknown.status).toBe(404);
    expect((await t.call('POST', '/api/tools/analyst-ratings', { json: base })).status).toBe(401);
    expect((await t.call('GET', '/api/tools/analyst-ratings/NEU', {})).status).toBe(401);
  });
});

describe('npm run import -- analysts', () => {
  const write = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analysts-'));
    const file = path.join(dir, 'ratings.csv');
    fs.writeFileSync(file, text);
    return file;
  };

  it('reads a provider’s words for a rating, replaces an analyst’s older rating and leaves unknown symbols out', async () => {
    const file = write(
      [
        'Ticker,Broker,Analyst,Rating,Price Target,Date',
        'XYN,Beta Capital,Ann Lee,Outperform,$4.50,2026-10-01',
        'XYN,Gamma Partners,Bo Chan,Market Perform,,2026-10-03',
        'XYN,Beta Capital,Ann Lee,Underweight,1.5,2026-11-01',
        'ZZZZ,Beta Capital,Ann Lee,Buy,3,2026-11-01',
      ].join('\n'),
    );
    const dry = await importAnalystRatings(t.database.db, file, true);
    expect(dry).toMatchObject({ read: 4, added: 2, updated: 1 });
    expect(await figures('XYN')).toMatchObject({ totalAnalysts: 0 });

    const report = await importAnalystRatings(t.database.db, file, false);
    expect(report).toMatchObject({ read: 4, added: 2, updated: 1 });
    expect(report.skipped['symbols not in the universe']).toEqual({ count: 1, where: ['line 5'] });
    const held = await t.database.db.select().from(analystRatings).where(eq(analystRatings.companySymbol, 'XYN'));
    expect(held.map((r) => [r.firmName, r.recommendation, r.priceTarget, r.source]).sort()).toEqual([
      ['Beta Capital', 'Sell', 1.5, 'import'],
      ['Gamma Partners', 'Hold', null, 'import'],
    ]);
    expect(await figures('XYN')).toMatchObject({ totalAnalysts: 2, holdRatings: 1, priceTarget: 1.5 });
  });

  it('refuses a file with a row it cannot read, naming the line, and changes nothing', async () => {
    const before = await t.database.db.select().from(analystRatings);
    const bad = write('symbol,firm,analyst,rating,price_target,date\nXYN,Beta,Ann,Sideways,3,2026-11-02\n');
    await expect(importAnalystRatings(t.database.db, bad, false)).rejects.toThrow(ImportError);
    await expect(importAnalystRatings(t.database.db, bad, false)).rejects.toThrow(
      'line 2: the rating is not one read "Sideways".',
    );
    const missing = write('symbol,firm,rating\nXYN,Beta,Buy\n');
    await expect(importAnalystRatings(t.database.db, missing, false)).rejects.toThrow(
      'line 1 has no column analyst, date.',
    );
    expect(await t.database.db.select().from(analystRatings)).toEqual(before);
  });
});
