/**
 * How raised alerts reach readers (docs/product.md §15.8): by email at once
 * with a stop link and one-click unsubscribe, by text message for the kinds
 * ticked, held through quiet hours, and each at most once per channel
 * however often delivery runs, stops half-way, or runs on two instances.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverAlerts } from '../../../../src/server/features/alerts/index.ts';
import { alertCompanyRules, companies, outboxMessages } from '../../../../src/server/schema.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import { createFileTransport } from '../../../../src/server/features/email/transport/transports.ts';
import { createOutboxWorker } from '../../../../src/server/platform/outbox/worker.ts';
import { addReader, deliveryOf, raise, setAlertSettings } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

const SITE = 'https://redcap.example';
/** 11:00 in New York (EDT). */
const MIDDAY = new Date('2026-03-10T15:00:00Z');

let t: TestApp;
let symbol: string;
let dir: string;
const options = { siteUrl: SITE, postalAddress: '1 Main Street, New York, NY 10001', batch: 50 };

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 12 });
  [{ symbol }] = (await t.database.db.select({ symbol: companies.symbol }).from(companies).limit(1)) as [
    { symbol: string },
  ];
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alert-delivery-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => t.database.db;
const messagesFor = (alertId: number) =>
  db()
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `alert:${alertId}:%`))
    .orderBy(outboxMessages.id);

describe('an alert by email', () => {
  it('goes at once with the stop link, the settings link and one-click unsubscribe headers', async () => {
    const reader = await addReader(db());
    const id = await raise(db(), reader.id, { symbol, title: `${symbol} filed an 8-K`, link: `/stocks/${symbol}` });
    await deliverAlerts(db(), MIDDAY, options);

    const [mail, ...others] = await messagesFor(id);
    expect(others).toHaveLength(0);
    expect(mail).toMatchObject({
      channel: 'email',
      recipient: reader.email,
      subject: `${symbol} filed an 8-K`,
      dedupeKey: `alert:${id}:email`,
    });
    expect(mail!.unsubscribeUrl).toMatch(new RegExp(`^${SITE}/api/alerts/stop\\?t=[\\w-]+\\.[\\w-]+$`));
    expect(mail!.text).toContain(`${SITE}/stocks/${symbol}`);
    expect(mail!.text).toMatch(new RegExp(`Stop these alerts: ${SITE}/alerts/stop/\\?t=[\\w-]+\\.[\\w-]+`));
    expect(mail!.text).toContain(`Change your alerts: ${SITE}/settings/Alerts`);
    expect(mail!.html).toContain(`href="${SITE}/settings/Alerts"`);
    expect((await deliveryOf(db(), id)).delivery).toBe('done');

    const worker = createOutboxWorker({
      db: db(),
      email: createFileTransport(dir),
      sms: createFileTransport(dir),
      logger: createLogger('silent'),
    });
    await worker.runOnce();
    const eml = fs.readFileSync(path.join(dir, `${String(mail!.id).padStart(6, '0')}-email.eml`), 'utf8');
    // Long header lines are folded; unfold before reading them.
    const headers = eml.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${mail!.unsubscribeUrl}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('has a stop link that works signed out and takes that kind off the company, keeping the others', async () => {
    const reader = await addReader(db());
    const id = await raise(db(), reader.id, { kind: 'news', symbol, title: `News: ${symbol} wins a contract` });
    await deliverAlerts(db(), MIDDAY, options);
    const [mail] = await messagesFor(id);
    const token = new URL(mail!.unsubscribeUrl!).searchParams.get('t')!;
    expect(mail!.text).toContain(`/alerts/stop/?t=${token}`);

    const shown = await t.call('GET', `/api/alerts/stop?t=${token}`);
    expect(shown.status).toBe(200);
    // It names the reader's screens and companies: no cache keeps it.
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.body).toEqual({
      data: { description: `News about the company alerts for ${symbol}`, done: false },
    });
    // Opening the page changes nothing.
    expect(await db().select().from(alertCompanyRules).where(eq(alertCompanyRules.userId, reader.id))).toHaveLength(0);

    // A mail provider's one-click POST: a form body, no session.
    const stopped = await t.call('POST', mail!.unsubscribeUrl!.replace(SITE, ''), {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stopped.status).toBe(200);
    expect(stopped.headers.get('cache-control')).toBe('no-store');
    expect(stopped.body).toEqual({
      data: { description: `News about the company alerts for ${symbol}`, done: true },
      message: `You will no longer get News about the company alerts for ${symbol}.`,
    });
    const [rule] = await db().select().from(alertCompanyRules).where(eq(alertCompanyRules.userId, reader.id));
    expect(rule).toMatchObject({ symbol, priceThreshold: 10 });
    expect(rule!.kinds).not.toContain('news');
    expect(rule!.kinds).toEqual(
      expect.arrayContaining(['filing-current', 'insider-buy', 'price-move', 'webinar-soon']),
    );
    expect(rule!.kinds).toHaveLength(11);

    // Twice is once.
    expect((await t.call('POST', `/api/alerts/stop?t=${token}`)).status).toBe(200);
    const [again] = await db().select().from(alertCompanyRules).where(eq(alertCompanyRules.userId, reader.id));
    expect(again!.kinds).toEqual(rule!.kinds);
  });

  it('starts the company’s rule from the kinds the reader chose for all followed companies', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { kinds: ['filing-current', 'news', 'price-move'], priceThreshold: 15 });
    const id = await raise(db(), reader.id, { kind: 'price-move', symbol, title: `${symbol} up 16.0% today` });
    await deliverAlerts(db(), MIDDAY, options);
    const [mail] = await messagesFor(id);
    const stop = await t.call('POST', mail!.unsubscribeUrl!.replace(SITE, ''));
    expect((stop.body as { data: { description: string } }).data.description).toBe(
      `Daily move beyond ±15% alerts for ${symbol}`,
    );
    const [rule] = await db().select().from(alertCompanyRules).where(eq(alertCompanyRules.userId, reader.id));
    expect(rule).toMatchObject({ kinds: ['filing-current', 'news'], priceThreshold: 15 });
  });

  it('is refused with the product’s words when the token is not one of ours, and no cache keeps the refusal', async () => {
    for (const [method, token] of [
      ['POST', ''],
      ['POST', 'abc'],
      ['POST', 'eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAA'],
      ['GET', 'eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAA'],
    ]) {
      const answer = await t.call(method!, `/api/alerts/stop?t=${token}`);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({
        message: 'This link is not valid. Open the alert settings to change your alerts.',
      });
    }
  });

  it('of a screen entry stops the screen’s alerts', async () => {
    const reader = await addReader(db());
    const [screen] = rowsOfScreens(
      await db().execute(sql`insert into saved_screens (user_id, name, query, columns, alert)
        values (${reader.id}, 'Cheap biotech', 'sector=Health', '{symbol}', true) returning id`),
    );
    const id = await raise(db(), reader.id, {
      kind: 'screen-entry',
      symbol,
      screenId: screen!.id,
      title: `${symbol} entered your screen “Cheap biotech”`,
    });
    await deliverAlerts(db(), MIDDAY, options);
    const [mail] = await messagesFor(id);
    const url = mail!.unsubscribeUrl!.replace(SITE, '');
    expect(((await t.call('GET', url)).body as { data: { description: string } }).data.description).toBe(
      'alerts for your screen “Cheap biotech”',
    );
    expect((await t.call('POST', url)).status).toBe(200);
    const [after] = rowsOfScreens(
      await db().execute(sql`select id, alert from saved_screens where id = ${screen!.id}`),
    );
    expect(after!.alert).toBe(false);
  });
});

const rowsOfScreens = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number; alert?: boolean }[];

describe('an alert by text message', () => {
  it('goes only for the kinds ticked, to readers with a phone, in 160 characters at most', async () => {
    const reader = await addReader(db(), { phone: '+12125550123' });
    await setAlertSettings(db(), reader.id, { sms: true, smsKinds: ['filing-current'], email: 'off' });
    const filing = await raise(db(), reader.id, { kind: 'filing-current', symbol: 'WXYZ', title: 'WXYZ filed an 8-K' });
    const news = await raise(db(), reader.id, { kind: 'news', symbol: 'WXYZ', title: 'News: WXYZ hires' });
    const long = await raise(db(), reader.id, {
      kind: 'filing-current',
      symbol: 'WXYZ',
      title: `WXYZ filed an 8-K: ${'a very long description of the current report '.repeat(5)}`,
      link: 'https://www.sec.gov/Archives/edgar/data/123456/000123456726000001/0001234567-26-000001-index.htm',
    });
    await deliverAlerts(db(), MIDDAY, options);

    const [text] = await messagesFor(filing);
    expect(text).toMatchObject({ channel: 'sms', recipient: '+12125550123', dedupeKey: `alert:${filing}:sms` });
    expect(text!.text).toBe(`RedCap: WXYZ filed an 8-K ${SITE}/stocks/WXYZ`);
    expect(await messagesFor(news)).toHaveLength(0);
    const [longText] = await messagesFor(long);
    expect(longText!.text.length).toBeLessThanOrEqual(160);
    expect(longText!.text).toMatch(
      /^RedCap: WXYZ filed an 8-K: a very long.*… https:\/\/www\.sec\.gov\/Archives\/\S+$/,
    );
  });

  it('needs a phone on the profile', async () => {
    const reader = await addReader(db(), { phone: null });
    await setAlertSettings(db(), reader.id, { sms: true, email: 'off' });
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), MIDDAY, options);
    expect(await messagesFor(id)).toHaveLength(0);
    expect((await deliveryOf(db(), id)).delivery).toBe('done');
  });
});

describe('channels turned off', () => {
  it('send nothing, and the alert is done (the bell still lists it)', async () => {
    const reader = await addReader(db(), { phone: '+12125550124' });
    await setAlertSettings(db(), reader.id, { email: 'off', sms: false, push: false });
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), MIDDAY, options);
    expect(await messagesFor(id)).toHaveLength(0);
    expect((await deliveryOf(db(), id)).delivery).toBe('done');
  });

  it('email by digest keeps the alert for the digest and sends no email now', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { email: 'digest' });
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), MIDDAY, options);
    expect(await messagesFor(id)).toHaveLength(0);
    expect((await deliveryOf(db(), id)).delivery).toBe('digest');
  });
});

describe('quiet hours', () => {
  it('hold email and texts until they end, then deliver them', async () => {
    const reader = await addReader(db(), { phone: '+12125550125' });
    await setAlertSettings(db(), reader.id, { sms: true, quietStart: 22, quietEnd: 7 });
    const night = new Date('2026-03-11T03:00:00Z'); // 23:00 EDT
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), night, options);
    expect(await messagesFor(id)).toHaveLength(0);
    const held = await deliveryOf(db(), id);
    expect(held.delivery).toBe('held');
    // 07:00 EDT the next morning.
    expect(held.deliverAfter?.toISOString()).toBe('2026-03-11T11:00:00.000Z');

    await deliverAlerts(db(), new Date('2026-03-11T10:59:00Z'), options);
    expect(await messagesFor(id)).toHaveLength(0);
    await deliverAlerts(db(), new Date('2026-03-11T11:00:00Z'), options);
    expect((await messagesFor(id)).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect((await deliveryOf(db(), id)).delivery).toBe('done');
  });

  it('end at the same Eastern hour across the change to summer time', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { quietStart: 21, quietEnd: 6 });
    // Saturday 7 March 2026, 22:00 EST; clocks go forward that night.
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), new Date('2026-03-08T03:00:00Z'), options);
    expect((await deliveryOf(db(), id)).deliverAfter?.toISOString()).toBe('2026-03-08T10:00:00.000Z'); // 06:00 EDT
  });

  it('do not hold an alert that only waits for the digest', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { email: 'digest', quietStart: 0, quietEnd: 23 });
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), MIDDAY, options);
    expect((await deliveryOf(db(), id)).delivery).toBe('digest');
  });
});

describe('at most once per channel', () => {
  it('after a stop between queueing and marking, and when delivery runs again', async () => {
    const reader = await addReader(db(), { phone: '+12125550126' });
    await setAlertSettings(db(), reader.id, { sms: true });
    const id = await raise(db(), reader.id);
    await expect(
      deliverAlerts(db(), MIDDAY, {
        ...options,
        beforeMarking: () => Promise.reject(new Error('the process stopped')),
      }),
    ).rejects.toThrow('the process stopped');
    // Nothing half done: the alert waits, nothing was queued.
    expect((await deliveryOf(db(), id)).delivery).toBe('pending');
    expect(await messagesFor(id)).toHaveLength(0);

    await deliverAlerts(db(), MIDDAY, options);
    await deliverAlerts(db(), MIDDAY, options);
    // Even an alert found pending again (its mark lost) queues nothing twice.
    await db().execute(sql`update alerts set delivery = 'pending' where id = ${id}`);
    await deliverAlerts(db(), MIDDAY, options);
    expect((await messagesFor(id)).map((m) => m.dedupeKey).sort()).toEqual([`alert:${id}:email`, `alert:${id}:sms`]);
  });

  it('with two instances delivering at once', async () => {
    const reader = await addReader(db(), { phone: '+12125550127' });
    await setAlertSettings(db(), reader.id, { sms: true });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await raise(db(), reader.id, { title: `Alert ${i}` }));
    const small = { ...options, batch: 4 };
    const [a, b] = await Promise.all([deliverAlerts(db(), MIDDAY, small), deliverAlerts(db(), MIDDAY, small)]);
    expect(a + b).toBeGreaterThanOrEqual(30);
    const queued = await db()
      .select({ key: outboxMessages.dedupeKey })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, reader.email)));
    const texts = await db()
      .select({ key: outboxMessages.dedupeKey })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+12125550127'));
    expect(queued).toHaveLength(30);
    expect(texts).toHaveLength(30);
    for (const id of ids) expect((await deliveryOf(db(), id)).delivery).toBe('done');
  });
});
