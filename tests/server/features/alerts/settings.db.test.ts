import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, COMPANY_ALERT_KINDS, DEFAULT_ALERT_SETTINGS } from '../../../../src/lib/alerts.ts';
import { companies, users } from '../../../../src/server/schema.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
let ada: Record<string, string>;
let symbols: string[];

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 12 });
  ada = bearer(await verifiedUser(t, 'ada.alert-settings@example.com'));
  symbols = (await t.database.db.select({ symbol: companies.symbol }).from(companies).orderBy(companies.symbol)).map(
    (c) => c.symbol,
  );
});
afterAll(() => t.close());

const put = (json: unknown) => t.call('PUT', '/api/alerts/settings', { headers: ada, json });

describe('alert settings', () => {
  it('start from the defaults for a reader who never chose', async () => {
    const answer = await t.call('GET', '/api/alerts/settings', { headers: ada });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { ...DEFAULT_ALERT_SETTINGS, companies: [], screens: [] } });
  });

  it('keep the channels a reader changes and leave the others as they were', async () => {
    const saved = await put({ email: 'digest', digestHour: 18, quietHours: { start: 22, end: 7 }, priceThreshold: 5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: ALERT_MESSAGES.settingsSaved,
      data: { email: 'digest', digestHour: 18, quietHours: { start: 22, end: 7 }, priceThreshold: 5, push: true },
    });
    const again = await put({ kinds: ['news', 'filing-current'], quietHours: null });
    expect(again.body).toMatchObject({
      data: { kinds: ['filing-current', 'news'], quietHours: null, email: 'digest', priceThreshold: 5 },
    });
  });

  it('refuse thresholds, hours and kinds outside their limits with a 400 that says why', async () => {
    for (const priceThreshold of [0, 101, 2.5, '10']) {
      const refused = await put({ priceThreshold });
      expect(refused.status).toBe(400);
      expect((refused.body as { message: string }).message).toContain(ALERT_MESSAGES.thresholdInvalid);
    }
    const sameHours = await put({ quietHours: { start: 3, end: 3 } });
    expect(sameHours.status).toBe(400);
    expect((sameHours.body as { message: string }).message).toContain(ALERT_MESSAGES.quietHoursInvalid);
    expect((await put({ digestHour: 24 })).status).toBe(400);
    expect((await put({ kinds: ['screen-entry'] })).status).toBe(400);
    expect((await put({ email: 'sometimes' })).status).toBe(400);
    expect((await put({ companies: [] })).status).toBe(400);
  });

  it('turn text messages on only for a reader with a phone number on the profile', async () => {
    expect((await put({ sms: true, smsKinds: ['price-move'] })).status).toBe(200);
    const [ann] = await t.database.db
      .update(users)
      .set({ phone: null })
      .where(eq(users.email, 'ada.alert-settings@example.com'))
      .returning({ id: users.id });
    expect(ann).toBeDefined();
    await put({ sms: false });
    const refused = await put({ sms: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: ALERT_MESSAGES.needsPhone });
  });

  it('are for signed-in readers', async () => {
    expect((await t.call('GET', '/api/alerts/settings')).status).toBe(401);
    expect((await t.call('GET', '/api/alerts')).status).toBe(401);
    expect(
      (await t.call('PUT', `/api/alerts/companies/${symbols[0]}`, { json: { kinds: [], priceThreshold: 5 } })).status,
    ).toBe(401);
  });
});

describe('company alert rules', () => {
  it('follow the company when a reader sets a rule for one they did not follow', async () => {
    const symbol = symbols[1]!;
    const before = await t.call('GET', `/api/alerts/companies/${symbol.toLowerCase()}`, { headers: ada });
    expect(before.body).toMatchObject({ data: { symbol, followed: false, custom: false } });
    const saved = await t.call('PUT', `/api/alerts/companies/${symbol}`, {
      headers: ada,
      json: { kinds: ['price-move', 'news'], priceThreshold: 20 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: `Alerts for ${symbol} saved.`,
      data: { symbol, followed: true, custom: true, kinds: ['news', 'price-move'], priceThreshold: 20 },
    });
    const favorites = await t.call('GET', '/api/stock/favorites', { headers: ada });
    expect(JSON.stringify(favorites.body)).toContain(symbol);
    const settings = (await t.call('GET', '/api/alerts/settings', { headers: ada })).body as {
      data: { companies: { symbol: string; custom: boolean }[] };
    };
    expect(settings.data.companies).toEqual([expect.objectContaining({ symbol, custom: true })]);
  });

  it('go back to the rule for all followed companies when deleted, the company still followed', async () => {
    const symbol = symbols[1]!;
    const reset = await t.call('DELETE', `/api/alerts/companies/${symbol}`, { headers: ada });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      message: `${symbol} uses your alerts for all followed companies.`,
      data: { symbol, followed: true, custom: false, kinds: ['filing-current', 'news'], priceThreshold: 5 },
    });
  });

  it('refuse unknown companies, kinds outside a company’s and bad thresholds', async () => {
    expect((await t.call('GET', '/api/alerts/companies/NOPEX', { headers: ada })).status).toBe(404);
    const call = (json: unknown) => t.call('PUT', `/api/alerts/companies/${symbols[2]}`, { headers: ada, json });
    expect((await call({ kinds: ['screen-entry'], priceThreshold: 10 })).status).toBe(400);
    expect((await call({ kinds: [...COMPANY_ALERT_KINDS], priceThreshold: 0 })).status).toBe(400);
    expect((await call({ kinds: ['news'] })).status).toBe(400);
  });
});

describe('saved screens’ alert switch', () => {
  it('turns alerts on and off with the screen named, and every screen answers its switch', async () => {
    const created = await t.call('POST', '/api/screens', {
      headers: ada,
      json: { name: 'Cheap biotech', query: 'sector=life-sciences', columns: [] },
    });
    expect(created.body).toMatchObject({ data: { alert: false } });
    const id = (created.body as { data: { id: number } }).data.id;
    const on = await t.call('PUT', `/api/screens/${id}/alert`, { headers: ada, json: { alert: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: 'Alerts on for “Cheap biotech”.', data: { id, alert: true } });
    expect((await t.call('GET', '/api/screens', { headers: ada })).body).toMatchObject({ data: [{ id, alert: true }] });
    const off = await t.call('PUT', `/api/screens/${id}/alert`, { headers: ada, json: { alert: false } });
    expect(off.body).toMatchObject({ message: 'Alerts off for “Cheap biotech”.', data: { alert: false } });
    expect((await t.call('PUT', `/api/screens/${id}/alert`, { headers: ada, json: {} })).status).toBe(400);
    expect((await t.call('PUT', '/api/screens/999999/alert', { headers: ada, json: { alert: true } })).status).toBe(
      404,
    );
  });
});
