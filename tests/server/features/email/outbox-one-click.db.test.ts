/**
 * A transactional email with an unsubscribe address of its own (an alert)
 * carries RFC 8058's one-click headers, written to a file or sent over SMTP
 * alike; a recipient that is gone ends its message without a retry.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../../../src/server/schema.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import { enqueue } from '../../../../src/server/platform/outbox/enqueue.ts';
import { RecipientGone, type Transport } from '../../../../src/server/platform/outbox/transport.ts';
import {
  createFileTransport,
  createSmtpTransport,
} from '../../../../src/server/features/email/transport/transports.ts';
import { createOutboxWorker } from '../../../../src/server/platform/outbox/worker.ts';
import { mailLinkSecret } from '../../../../src/server/features/email/list-links.ts';
import { messageReferences } from '../../../../src/server/features/email/transport/message-reference.ts';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.ts';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-one-click-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const logger = createLogger('silent');
const STOP = 'https://redcap.example/api/alerts/stop?t=abc.def';
const nowhere: Transport = { name: 'nowhere', send: () => Promise.reject(new Error('not this channel')) };

const alertMail = (recipient: string, unsubscribeUrl?: string) => ({
  channel: 'email' as const,
  recipient,
  subject: 'ABCD filed an 8-K',
  text: 'ABCD filed an 8-K\n\nhttps://redcap.example/stocks/ABCD\n',
  html: '<p>ABCD filed an 8-K</p>',
  unsubscribeUrl,
});
const statusOf = async (id: number) =>
  (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

describe('one-click unsubscribe of a transactional email', () => {
  it('is written into the file the development transport makes', async () => {
    const files = createFileTransport(dir);
    const id = (await enqueue(t.database.db, alertMail('file-stop@example.com', STOP)))!;
    await createOutboxWorker({ db: t.database.db, email: files, sms: nowhere, logger }).runOnce();
    const eml = fs.readFileSync(path.join(dir, `${String(id).padStart(6, '0')}-email.eml`), 'utf8');
    expect(eml).toContain(`List-Unsubscribe: <${STOP}>`);
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toContain('Subject: ABCD filed an 8-K');
  });

  it('is sent over SMTP, and a message without one carries no such header', async () => {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const smtp = createSmtpTransport(`smtp://127.0.0.1:${port}`, {
        from: 'RedCap <alerts@redcap.example>',
        references: messageReferences(() => mailLinkSecret(t.database.db)),
      });
      await enqueue(t.database.db, alertMail('smtp-stop@example.com', STOP));
      await enqueue(t.database.db, alertMail('smtp-plain@example.com'));
      await createOutboxWorker({ db: t.database.db, email: smtp, sms: nowhere, logger }).runOnce();
      const stoppable = received.find((m) => m.to.includes('smtp-stop@example.com'))!;
      // Long header lines are folded; unfold before reading them.
      const headers = stoppable.data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toContain(`List-Unsubscribe: <${STOP}>`);
      expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const plain = received.find((m) => m.to.includes('smtp-plain@example.com'))!;
      expect(plain.data).not.toContain('List-Unsubscribe');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a recipient that is gone', () => {
  it('cancels its message at once instead of retrying it', async () => {
    let calls = 0;
    const push: Transport = {
      name: 'gone',
      async send() {
        calls++;
        throw new RecipientGone('The push service no longer knows this subscription (410)');
      },
    };
    const id = (await enqueue(t.database.db, {
      channel: 'push',
      recipient: '999',
      subject: 'ABCD filed an 8-K',
      text: '{"title":"ABCD filed an 8-K"}',
    }))!;
    const worker = createOutboxWorker({
      db: t.database.db,
      email: nowhere,
      sms: nowhere,
      push,
      logger,
      backoffMs: () => 0,
    });
    await worker.runOnce();
    await worker.runOnce();
    const row = await statusOf(id);
    expect(row.status).toBe('cancelled');
    expect(row.lastError).toContain('410');
    expect(calls).toBe(1);
  });
});
