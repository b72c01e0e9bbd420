import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../../src/server/schema.ts';
import { type Delivery, type Transport } from '../../../src/server/platform/outbox/transport.ts';
import {
  createFileTransport,
  createSmsHttpTransport,
  createSmtpTransport,
} from '../../../src/server/features/email/transport/transports.ts';
import { createLogger } from '../../../src/server/platform/logger.ts';
import { createOutboxWorker } from '../../../src/server/platform/outbox/worker.ts';
import { mailLinkSecret } from '../../../src/server/features/email/list-links.ts';
import { messageReferences, sealReference } from '../../../src/server/features/email/transport/message-reference.ts';
import { createJobScheduler } from '../../../src/server/platform/jobs.ts';
import { enqueue, onMessagesQueued, type OutgoingMessage } from '../../../src/server/platform/outbox/enqueue.ts';
import { transaction } from '../../../src/server/platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const logger = createLogger('silent');
const message = (recipient: string, channel: 'email' | 'sms' = 'email') => ({
  channel,
  recipient,
  subject: 'RedCap: Your verification code',
  text: `Hello,\n\nUse this code to verify your account: 7KX2PQ\n`,
  html: '<p>7KX2PQ</p>',
});
/** Queues a message that has no dedupe key, so it is always queued. */
const queued = async (m: OutgoingMessage) => (await enqueue(t.database.db, m))!;
const statusOf = async (id: number) =>
  (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

function recording(failTimes = 0): Transport & { sent: Delivery[] } {
  let failures = failTimes;
  const sent: Delivery[] = [];
  return {
    name: 'recording',
    sent,
    async send(m) {
      if (failures-- > 0) throw new Error('provider down');
      sent.push(m);
    },
  };
}

describe('outbox delivery', () => {
  it('writes emails as .eml and texts as .json files when no provider is configured, and announces the code', async () => {
    const lines: string[] = [];
    const file = createFileTransport(dir, (l) => lines.push(l));
    const worker = createOutboxWorker({ db: t.database.db, email: file, sms: file, logger });
    const emailId = await queued(message('ann@example.com'));
    const smsId = await queued(message('+12125550123', 'sms'));
    await worker.runOnce();
    const eml = fs.readFileSync(path.join(dir, `${String(emailId).padStart(6, '0')}-email.eml`), 'utf8');
    expect(eml).toContain('To: ann@example.com');
    expect(eml).toContain('Subject: RedCap: Your verification code');
    expect(eml).toContain('7KX2PQ');
    const sms = JSON.parse(fs.readFileSync(path.join(dir, `${String(smsId).padStart(6, '0')}-sms.json`), 'utf8'));
    expect(sms).toMatchObject({ to: '+12125550123' });
    expect(lines.some((l) => l.includes('ann@example.com') && l.includes('code 7KX2PQ'))).toBe(true);
    expect((await statusOf(emailId)).status).toBe('sent');
  });

  it('retries a failing provider with backoff and sends each message once', async () => {
    const flaky = recording(2);
    const worker = createOutboxWorker({ db: t.database.db, email: flaky, sms: flaky, logger, backoffMs: () => 0 });
    const id = await queued(message('retry@example.com'));
    await worker.runOnce();
    expect((await statusOf(id)).attempts).toBe(1);
    expect((await statusOf(id)).lastError).toBe('provider down');
    await worker.runOnce();
    await worker.runOnce();
    await worker.runOnce();
    const row = await statusOf(id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(3);
    expect(flaky.sent.filter((m) => m.id === id)).toHaveLength(1);
  });

  it('waits out the backoff before trying again', async () => {
    const down = recording(1);
    const worker = createOutboxWorker({ db: t.database.db, email: down, sms: down, logger, backoffMs: () => 60_000 });
    const id = await queued(message('later@example.com'));
    await worker.runOnce();
    await worker.runOnce();
    expect((await statusOf(id)).attempts).toBe(1);
    expect(down.sent).toHaveLength(0);
  });

  it('gives up after the last attempt and marks the message dead', async () => {
    const broken = recording(100);
    const worker = createOutboxWorker({
      db: t.database.db,
      email: broken,
      sms: broken,
      logger,
      backoffMs: () => 0,
      maxAttempts: 3,
    });
    const id = await queued(message('dead@example.com'));
    for (let i = 0; i < 5; i++) await worker.runOnce();
    expect((await statusOf(id)).status).toBe('dead');
    expect((await statusOf(id)).attempts).toBe(3);
  });

  it('loses nothing across a restart: a new worker delivers what the stopped one left', async () => {
    const id = await queued(message('restart@example.com'));
    const scheduler = createJobScheduler(logger);
    const first = createOutboxWorker({ db: t.database.db, email: recording(), sms: recording(), logger });
    scheduler.every('outbox', 60_000, (signal) => first.runOnce(signal));
    await scheduler.stop();
    const second = recording();
    await createOutboxWorker({ db: t.database.db, email: second, sms: second, logger }).runOnce();
    expect(second.sent.map((m) => m.id)).toContain(id);
  });
});

describe('hearing of queued messages', () => {
  it('tells the listeners once the transaction that queued a message commits, and never when it rolls back', async () => {
    const db = t.database.db;
    const heard: string[] = [];
    const stop = onMessagesQueued(db, () => heard.push('queued'));
    try {
      await transaction(db, async (tx) => {
        await enqueue(tx, message('committed@example.com'));
        // A savepoint inside waits for the outermost commit too.
        await transaction(tx, (inner) => enqueue(inner, message('nested@example.com')));
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['queued', 'queued']);
      await expect(
        transaction(db, async (tx) => {
          await enqueue(tx, message('rolled-back@example.com'));
          throw new Error('the write fails after queueing');
        }),
      ).rejects.toThrow('the write fails');
      expect(heard).toHaveLength(2);
      // Outside a transaction the message is committed when enqueue returns.
      await enqueue(db, message('alone@example.com'));
      expect(heard).toHaveLength(3);
      // A dedupe key queued before queues nothing, and tells nobody.
      await enqueue(db, { ...message('once@example.com'), dedupeKey: 'hearing-once' });
      await enqueue(db, { ...message('once@example.com'), dedupeKey: 'hearing-once' });
      expect(heard).toHaveLength(4);
    } finally {
      stop();
    }
    await enqueue(db, message('unheard@example.com'));
    expect(heard).toHaveLength(4);
  });
});

describe('providers', () => {
  it('send email through a real SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const smtp = createSmtpTransport(`smtp://127.0.0.1:${port}`, {
        from: 'RedCap <no-reply@redcap.example>',
        references: messageReferences(() => mailLinkSecret(t.database.db)),
      });
      const worker = createOutboxWorker({ db: t.database.db, email: smtp, sms: recording(), logger });
      const id = await queued(message('smtp@example.com'));
      await worker.runOnce();
      expect((await statusOf(id)).status).toBe('sent');
      const mail = received.find((m) => m.to.includes('smtp@example.com'))!;
      expect(mail.from).toBe('no-reply@redcap.example');
      expect(mail.data).toContain('Subject: RedCap: Your verification code');
      const reference = sealReference(await mailLinkSecret(t.database.db), id);
      expect(mail.data).toContain(`Message-ID: <${reference}@127.0.0.1>`);
      expect(mail.data).toContain('7KX2PQ');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('send texts through the HTTP provider with basic auth, and retry when it answers an error', async () => {
    const requests: { auth: string; body: URLSearchParams; url: string }[] = [];
    let failNext = true;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests.push({ auth: req.headers.authorization ?? '', body: new URLSearchParams(body), url: req.url ?? '' });
        if (failNext) {
          failNext = false;
          res.writeHead(503).end('busy');
        } else res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const sms = createSmsHttpTransport({
        baseUrl: `http://127.0.0.1:${port}/2010-04-01`,
        accountSid: 'AC123',
        authToken: 'secret',
        from: '+15550000000',
      });
      const worker = createOutboxWorker({ db: t.database.db, email: recording(), sms, logger, backoffMs: () => 0 });
      const id = await queued(message('+13125550199', 'sms'));
      await worker.runOnce();
      expect((await statusOf(id)).lastError).toContain('SMS provider answered 503');
      await worker.runOnce();
      expect((await statusOf(id)).status).toBe('sent');
      const last = requests.at(-1)!;
      expect(last.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(last.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
      expect(last.body.get('To')).toBe('+13125550199');
      expect(last.body.get('From')).toBe('+15550000000');
      expect(last.body.get('Body')).toContain('7KX2PQ');
    } finally {
      server.close();
    }
  });
});
