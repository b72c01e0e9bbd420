/**
 * Alert test helpers: readers and raised alerts written straight into the
 * database, and a push service on a free local port that keeps what it is
 * sent and decrypts it as a browser would (RFC 8291, aes128gcm).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';

import { rowsOf, type Db } from '../../src/server/platform/db/client.ts';
import { alertSettings, alerts, users } from '../../src/server/schema.ts';

let readers = 0;

/** A verified reader (phone optional); returns their id. */
export async function addReader(
  db: Db,
  options: { email?: string; phone?: string | null; verified?: boolean } = {},
): Promise<{ id: number; email: string }> {
  const n = ++readers;
  const email = options.email ?? `alert-reader-${n}-${randomBytes(3).toString('hex')}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: `Reader ${n}`,
      username: `reader${n}`,
      phone: options.phone ?? null,
      verified: options.verified ?? true,
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

export type SettingsRow = Omit<typeof alertSettings.$inferInsert, 'userId' | 'updatedAt'>;

/** The reader's settings: the defaults with `change` applied. */
export async function setAlertSettings(db: Db, userId: number, change: Partial<SettingsRow>): Promise<void> {
  const row: SettingsRow = {
    kinds: ['filing-current', 'filing-periodic', 'insider-buy', 'insider-sell', 'ownership', 'news', 'price-move'],
    priceThreshold: 10,
    email: 'instant',
    digestHour: 7,
    sms: false,
    smsKinds: ['filing-current', 'price-move'],
    push: true,
    quietStart: null,
    quietEnd: null,
    ...change,
  };
  await db
    .insert(alertSettings)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: alertSettings.userId, set: row });
}

let causes = 0;

/** An alert as raising stores it (pending); returns its id. */
export async function raise(
  db: Db,
  userId: number,
  alert: {
    kind?: string;
    symbol?: string | null;
    screenId?: number;
    title?: string;
    body?: string;
    link?: string;
  } = {},
): Promise<number> {
  const symbol = alert.symbol === undefined ? 'ABCD' : alert.symbol;
  const [row] = await db
    .insert(alerts)
    .values({
      userId,
      kind: alert.kind ?? 'filing-current',
      causeKey: `test:${++causes}:${randomBytes(4).toString('hex')}`,
      symbol,
      screenId: alert.screenId ?? null,
      title: alert.title ?? `${symbol ?? 'ABCD'} filed an 8-K`,
      body: alert.body ?? 'Current report: results of operations.',
      link: alert.link ?? `/stocks/${symbol ?? 'ABCD'}`,
    })
    .returning({ id: alerts.id });
  return row!.id;
}

export async function deliveryOf(db: Db, id: number): Promise<{ delivery: string; deliverAfter: Date | null }> {
  const [row] = rowsOf<{ delivery: string; deliverAfter: string | Date | null }>(
    await db.execute(sql`select delivery, deliver_after as "deliverAfter" from alerts where id = ${id}`),
  );
  return { delivery: row!.delivery, deliverAfter: row!.deliverAfter ? new Date(row!.deliverAfter) : null };
}

/** A browser's push subscription: its keys, and how it reads what its push service received. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of an aes128gcm body encrypted for this device. */
  decrypt(body: Buffer): string;
}

export function newDevice(endpoint: string): TestDevice {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body) {
      // RFC 8188 header: salt, record size, key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      // RFC 8291 §3.4: the input keying material from the shared secret and the auth secret.
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(-16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 2, then any padding zeros.
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not the last record of a push');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on this machine: answers 201, or what `answer` says for a path. */
export async function startPushService(): Promise<{
  url: string;
  received: ReceivedPush[];
  answer: Map<string, number>;
  close(): Promise<void>;
}> {
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
