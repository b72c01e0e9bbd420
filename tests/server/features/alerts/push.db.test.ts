/**
 * Pushes (docs/product.md §15.8, §18.15): the site's VAPID key, a reader's
 * devices subscribing and leaving, an alert pushed to a push service on
 * this machine and read back as the browser would decrypt it, and a device
 * its push service forgot being forgotten too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushTransport, deliverAlerts, vapidKeys } from '../../../../src/server/features/alerts/index.ts';
import { MAX_PUSH_DEVICES } from '../../../../src/server/features/alerts/push/subscriptions.ts';
import { outboxMessages, pushSubscriptions, users } from '../../../../src/server/schema.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import type { Transport } from '../../../../src/server/platform/outbox/transport.ts';
import { createOutboxWorker } from '../../../../src/server/platform/outbox/worker.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { addReader, newDevice, raise, setAlertSettings, startPushService } from '../../../helpers/alerts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

const SITE = 'https://redcap.example';
const MIDDAY = new Date('2026-03-10T15:00:00Z');
const options = { siteUrl: SITE, postalAddress: null, batch: 50 };

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
let push: Transport;
const nothing: Transport = { name: 'nothing', send: async () => {} };

beforeAll(async () => {
  // The tests' push service runs on this machine.
  t = await createTestApp({ env: { PUSH_LOCAL_SERVICES: 'true' } });
  service = await startPushService();
  push = createPushTransport({ db: t.database.db, subject: 'mailto:alerts@redcap.example', localServices: true });
}, 120_000);
afterAll(async () => {
  push.close?.();
  await service.close();
  await t.close();
});

const db = () => t.database.db;
const worker = () =>
  createOutboxWorker({
    db: db(),
    email: nothing,
    sms: nothing,
    push,
    logger: createLogger('silent'),
    backoffMs: () => 0,
  });
const subscriptionsOf = (userId: number) =>
  db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('the push key', () => {
  it('is made once, kept in the database, and given to anyone', async () => {
    const first = await t.call('GET', '/api/alerts/push-key');
    const second = await t.call('GET', '/api/alerts/push-key');
    expect(first.status).toBe(200);
    const key = (first.body as { data: { publicKey: string } }).data.publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((second.body as { data: { publicKey: string } }).data.publicKey).toBe(key);
    expect((await vapidKeys(db())).publicKey).toBe(key);
  });
});

describe('a reader’s devices', () => {
  it('subscribe signed in, subscribe again without a copy, pass to whoever subscribes the endpoint next', async () => {
    const ann = bearer(await verifiedUser(t, 'push-ann@example.com'));
    const bob = bearer(await verifiedUser(t, 'push-bob@example.com'));
    const device = newDevice(`${service.url}/device/shared`);
    const body = { endpoint: device.endpoint, keys: device.keys, expirationTime: null };

    expect((await t.call('POST', '/api/alerts/push-subscriptions', { json: body })).status).toBe(401);
    const made = await t.call('POST', '/api/alerts/push-subscriptions', { json: body, headers: ann });
    expect(made.status).toBe(201);
    const id = (made.body as { data: { id: number } }).data.id;
    const again = await t.call('POST', '/api/alerts/push-subscriptions', { json: body, headers: ann });
    expect(again).toMatchObject({ status: 200, body: { data: { id } } });

    const taken = await t.call('POST', '/api/alerts/push-subscriptions', { json: body, headers: bob });
    expect(taken).toMatchObject({ status: 200, body: { data: { id } } });
    const [bobRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'push-bob@example.com'));
    const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(row!.userId).toBe(bobRow!.id);
  });

  it('are refused when the endpoint is no push service’s or the keys are not a browser’s', async () => {
    const ann = bearer(await verifiedUser(t, 'push-refused@example.com'));
    const device = newDevice('https://push.example.com/x');
    const cases = [
      { endpoint: 'http://push.example.com/plain', keys: device.keys },
      { endpoint: 'not an address', keys: device.keys },
      { endpoint: device.endpoint, keys: { ...device.keys, p256dh: 'AAAA' } },
      { endpoint: device.endpoint, keys: { ...device.keys, auth: 'AAAA' } },
    ];
    for (const json of cases) {
      const answer = await t.call('POST', '/api/alerts/push-subscriptions', { json, headers: ann });
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(/endpoint|keys/);
    }
  });

  it('are kept twenty to a reader: a new one past that replaces the one registered longest ago', async () => {
    const ann = bearer(await verifiedUser(t, 'push-many@example.com'));
    const endpoints: string[] = [];
    for (let i = 0; i < MAX_PUSH_DEVICES + 3; i++) {
      const device = newDevice(`${service.url}/device/many-${i}`);
      endpoints.push(device.endpoint);
      const answer = await t.call('POST', '/api/alerts/push-subscriptions', { json: device, headers: ann });
      expect(answer.status).toBe(201);
    }
    const [annRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'push-many@example.com'));
    const kept = (await subscriptionsOf(annRow!.id)).map((s) => s.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(3).sort());
    // Subscribing a kept device again makes it the newest.
    await t.call('POST', '/api/alerts/push-subscriptions', { json: newDevice(endpoints[3]!), headers: ann });
    await t.call('POST', '/api/alerts/push-subscriptions', {
      json: newDevice(`${service.url}/device/many-x`),
      headers: ann,
    });
    const after = (await subscriptionsOf(annRow!.id)).map((s) => s.endpoint);
    expect(after).toHaveLength(MAX_PUSH_DEVICES);
    expect(after).toContain(endpoints[3]);
    expect(after).not.toContain(endpoints[4]);
  });

  it('leave by their endpoint, signed out too', async () => {
    const ann = bearer(await verifiedUser(t, 'push-leaves@example.com'));
    const device = newDevice(`${service.url}/device/leaving`);
    await t.call('POST', '/api/alerts/push-subscriptions', { json: device, headers: ann });
    const gone = await t.call('DELETE', '/api/alerts/push-subscriptions', { json: { endpoint: device.endpoint } });
    expect(gone).toMatchObject({ status: 200, body: { data: { removed: true } } });
    const twice = await t.call('DELETE', '/api/alerts/push-subscriptions', { json: { endpoint: device.endpoint } });
    expect(twice).toMatchObject({ status: 200, body: { data: { removed: false } } });
  });
});

describe('an alert by push', () => {
  it('reaches each of the reader’s devices, signed with the site’s key and readable only by the device', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { email: 'off' });
    const phone = newDevice(`${service.url}/device/phone-${reader.id}`);
    const laptop = newDevice(`${service.url}/device/laptop-${reader.id}`);
    for (const device of [phone, laptop])
      await db()
        .insert(pushSubscriptions)
        .values({ userId: reader.id, endpoint: device.endpoint, ...device.keys });
    const id = await raise(db(), reader.id, {
      symbol: 'ABCD',
      title: 'ABCD filed an 8-K',
      body: 'Current report: a new chief executive.',
      link: '/stocks/ABCD',
    });
    await deliverAlerts(db(), MIDDAY, options);
    const queued = await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'push'));
    const mine = queued.filter((m) => m.dedupeKey?.startsWith(`alert:${id}:push:`));
    expect(mine).toHaveLength(2);

    await worker().runOnce();
    const { publicKey } = await vapidKeys(db());
    for (const device of [phone, laptop]) {
      const path = new URL(device.endpoint).pathname;
      const requests = service.received.filter((r) => r.path === path);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request!.headers['content-encoding']).toBe('aes128gcm');
      expect(request!.headers.ttl).toBe('86400');
      expect(request!.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      expect(JSON.parse(device.decrypt(request!.body))).toEqual({
        title: 'ABCD filed an 8-K',
        body: 'Current report: a new chief executive.',
        url: '/stocks/ABCD',
        tag: `alert-${id}`,
      });
    }
    for (const message of mine)
      expect((await db().select().from(outboxMessages).where(eq(outboxMessages.id, message.id)))[0]!.status).toBe(
        'sent',
      );
  });

  it('is not sent when the reader turned pushes off', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { email: 'off', push: false });
    const device = newDevice(`${service.url}/device/off-${reader.id}`);
    await db()
      .insert(pushSubscriptions)
      .values({ userId: reader.id, endpoint: device.endpoint, ...device.keys });
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), MIDDAY, options);
    const queued = await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'push'));
    expect(queued.filter((m) => m.dedupeKey?.startsWith(`alert:${id}:`))).toHaveLength(0);
  });

  for (const status of [404, 410])
    it(`to a device its push service answers ${status} for removes the device and is not retried`, async () => {
      const reader = await addReader(db());
      await setAlertSettings(db(), reader.id, { email: 'off' });
      const device = newDevice(`${service.url}/device/gone-${status}`);
      service.answer.set(`/device/gone-${status}`, status);
      await db()
        .insert(pushSubscriptions)
        .values({ userId: reader.id, endpoint: device.endpoint, ...device.keys });
      const id = await raise(db(), reader.id);
      await deliverAlerts(db(), MIDDAY, options);
      await worker().runOnce();
      await worker().runOnce();
      expect(await subscriptionsOf(reader.id)).toHaveLength(0);
      const [message] = await db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.dedupeKey, `alert:${id}:push:${await subscriptionIdOf(id)}`));
      expect(message).toMatchObject({ status: 'cancelled', attempts: 1 });
      expect(service.received.filter((r) => r.path === `/device/gone-${status}`)).toHaveLength(1);
    });

  it('never goes to a device whose push service is inside the server’s own network, and forgets that device', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { email: 'off' });
    const device = newDevice(`${service.url}/device/inside`);
    await db()
      .insert(pushSubscriptions)
      .values({ userId: reader.id, endpoint: device.endpoint, ...device.keys });
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), MIDDAY, options);
    // A server that allows no push service on its machine (the default).
    const guarded = createPushTransport({ db: db(), subject: 'mailto:alerts@redcap.example' });
    try {
      await createOutboxWorker({
        db: db(),
        email: nothing,
        sms: nothing,
        push: guarded,
        logger: createLogger('silent'),
        backoffMs: () => 0,
      }).runOnce();
    } finally {
      guarded.close?.();
    }
    expect(service.received.filter((r) => r.path === '/device/inside')).toHaveLength(0);
    expect(await subscriptionsOf(reader.id)).toHaveLength(0);
    const [message] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `alert:${id}:push:${await subscriptionIdOf(id)}`));
    expect(message).toMatchObject({ status: 'cancelled' });
  });

  for (const inside of ['127.0.0.1', '10.0.0.7', '::ffff:7f00:1', '64:ff9b:1::7f00:1', '2002:7f00:1::1'])
    it(`never goes to a device whose host name resolves to ${inside} when the push connects, and forgets it`, async () => {
      const reader = await addReader(db());
      await setAlertSettings(db(), reader.id, { email: 'off' });
      const device = newDevice(`https://push.resolves-inside.example/device/${reader.id}`);
      await db()
        .insert(pushSubscriptions)
        .values({ userId: reader.id, endpoint: device.endpoint, ...device.keys });
      const id = await raise(db(), reader.id);
      await deliverAlerts(db(), MIDDAY, options);
      const resolving = createPushTransport({
        db: db(),
        subject: 'mailto:alerts@redcap.example',
        resolve: (_host, _options, callback) =>
          callback(null, [{ address: inside, family: inside.includes(':') ? 6 : 4 }]),
      });
      try {
        await createOutboxWorker({
          db: db(),
          email: nothing,
          sms: nothing,
          push: resolving,
          logger: createLogger('silent'),
          backoffMs: () => 0,
        }).runOnce();
      } finally {
        resolving.close?.();
      }
      expect(await subscriptionsOf(reader.id)).toHaveLength(0);
      const [message] = await db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.dedupeKey, `alert:${id}:push:${await subscriptionIdOf(id)}`));
      expect(message).toMatchObject({ status: 'cancelled', attempts: 1 });
    });

  it('is retried when the push service fails for a while', async () => {
    const reader = await addReader(db());
    await setAlertSettings(db(), reader.id, { email: 'off' });
    const device = newDevice(`${service.url}/device/busy`);
    service.answer.set('/device/busy', 503);
    await db()
      .insert(pushSubscriptions)
      .values({ userId: reader.id, endpoint: device.endpoint, ...device.keys });
    const id = await raise(db(), reader.id);
    await deliverAlerts(db(), MIDDAY, options);
    await worker().runOnce();
    const [failed] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, String((await subscriptionsOf(reader.id))[0]!.id)));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toContain('503');
    service.answer.delete('/device/busy');
    await worker().runOnce();
    const [sent] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, failed!.id));
    expect(sent!.status).toBe('sent');
    expect(await subscriptionsOf(reader.id)).toHaveLength(1);
    expect(failed!.dedupeKey).toMatch(new RegExp(`^alert:${id}:push:\\d+$`));
  });
});

/** The subscription a push was queued for (found by its queued message, the subscription being gone). */
async function subscriptionIdOf(alertId: number): Promise<string> {
  const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'push'));
  return rows.find((m) => m.dedupeKey?.startsWith(`alert:${alertId}:push:`))!.recipient;
}
