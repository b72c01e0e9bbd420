/**
 * The bounce port is open to whoever can reach the return path's mail server, so it is tried here the
 * way an attacker would: real messages are sent over SMTP (a code to the attacker's own account, a
 * reset and a newsletter to the victim), then delivery status notifications are made up from what the
 * attacker can see or guess and sent to the bounce listener over SMTP. None of them may silence the
 * victim; a genuine report about a recent bulk message still does.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordFeedback,
  startBounceReceiver,
  type BounceReceiver,
} from '../../../../src/server/features/email/index.ts';
import { receiveBounces } from '../../../../src/server/start/bounces.ts';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import { createBulkWorker } from '../../../../src/server/features/email/bulk/bulk-worker.ts';
import { enqueue } from '../../../../src/server/platform/outbox/enqueue.ts';
import { mailLinkSecret } from '../../../../src/server/features/email/list-links.ts';
import { messageReferences, openReference } from '../../../../src/server/features/email/transport/message-reference.ts';
import {
  createBulkSmtpTransport,
  createSmtpTransport,
  type MailOptions,
} from '../../../../src/server/features/email/transport/transports.ts';
import { createOutboxWorker } from '../../../../src/server/platform/outbox/worker.ts';
import { mailSoftBounces, mailSuppressions, outboxMessages } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { startSmtpSink, type SmtpSink, type SunkMessage } from '../../../helpers/smtp-sink.ts';

const logger = createLogger('silent');
const BOUNCES = 'bounces.redcap.example';

let t: TestApp;
let sink: SmtpSink;
let receiver: BounceReceiver;

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  receiver = await startBounceReceiver({
    port: 0,
    domains: [BOUNCES],
    logger,
    onFeedback: async (feedback) => void (await recordFeedback(t.database.db, feedback, 'smtp')),
  });
});
afterAll(async () => {
  await receiver.close();
  await sink.close();
  await t.close();
});

const mail = (): MailOptions => ({
  from: 'RedCap <news@redcap.example>',
  returnPath: `bounces@${BOUNCES}`,
  references: messageReferences(() => mailLinkSecret(t.database.db)),
});

/** Queues and sends, over SMTP to the sink, what is given; answers each message's row and what went over the wire. */
async function send(
  messages: { recipient: string; list?: 'newsletter' | 'announcements'; key: string }[],
): Promise<{ id: number; sent: SunkMessage }[]> {
  const ids: number[] = [];
  for (const m of messages) {
    const id = await enqueue(t.database.db, {
      channel: 'email',
      recipient: m.recipient,
      subject: m.list ? 'This week in small caps' : 'Your code',
      text: m.list ? 'News' : 'Use this code: 7KX2PQ',
      ...(m.list && { list: m.list }),
      dedupeKey: m.key,
    });
    ids.push(id!);
  }
  const before = sink.messages.length;
  const transactional = createSmtpTransport(sink.url, mail());
  const bulk = createBulkSmtpTransport(sink.url, { ...mail(), pool: 1 });
  try {
    await createOutboxWorker({ db: t.database.db, email: transactional, sms: transactional, logger }).runOnce();
    await createBulkWorker({
      db: t.database.db,
      transport: bulk,
      logger,
      siteUrl: 'https://redcap.example',
      postalAddress: '100 Harbor Street, Orlando, FL 32801',
      ratePerSecond: 1000,
      concurrency: 2,
      renderers: {},
    }).runOnce();
  } finally {
    transactional.close?.();
    bulk.close?.();
  }
  await sink.waitFor(before + messages.length);
  const secret = await mailLinkSecret(t.database.db);
  const byId = new Map(
    sink.messages.slice(before).map((s) => [openReference(secret, s.header('message-id')!.slice(1, 27)), s]),
  );
  return ids.map((id) => ({ id, sent: byId.get(id)! }));
}

/** A delivery status notification as a receiving server writes one, our message's headers returned. */
function dsn(o: { recipient: string; messageId?: string; action?: string; status?: string }): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    `To: bounces@${BOUNCES}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    `Final-Recipient: rfc822; ${o.recipient}`,
    `Action: ${o.action ?? 'failed'}`,
    `Status: ${o.status ?? '5.1.1'}`,
    `Diagnostic-Code: smtp; ${o.status?.startsWith('4') ? '452 4.2.2 mailbox full' : '550 5.1.1 no such user'}`,
    '',
    '--b1',
    'Content-Type: text/rfc822-headers',
    '',
    'From: RedCap <news@redcap.example>',
    `To: ${o.recipient}`,
    ...(o.messageId ? [`Message-ID: ${o.messageId}`] : []),
    '',
    '--b1--',
    '',
  ].join('\r\n');
}

async function report(to: string, raw: string): Promise<void> {
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
  try {
    await mailer.sendMail({ envelope: { from: '', to }, raw });
  } finally {
    mailer.close();
  }
}

const suppressed = async (email: string) =>
  (await t.database.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email))).length > 0;
const statusOf = async (id: number) =>
  (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]?.status;

describe('made-up delivery reports', () => {
  it('carry no message number: Message-IDs and return paths hold an opaque reference only this database reads', async () => {
    const [a, b] = await send([
      { recipient: 'seq1@example.com', key: 'seq:1' },
      { recipient: 'seq2@example.com', key: 'seq:2' },
    ]);
    for (const { id, sent } of [a!, b!]) {
      const messageId = sent.header('message-id')!;
      expect(messageId).toMatch(/^<[a-z2-7]{26}@127\.0\.0\.1>$/);
      expect(sent.from).toBe(`bounces+${messageId.slice(1, 27)}@${BOUNCES}`);
      const secret = await mailLinkSecret(t.database.db);
      expect(openReference(secret, messageId.slice(1, 27))).toBe(id);
    }
  });

  it('do not suppress a reader through the number of their password reset, guessed from the attacker’s own code', async () => {
    const [own, reset, weekly] = await send([
      { recipient: 'attacker@example.com', key: 'code:attacker' },
      { recipient: 'victim@example.com', key: 'reset:victim' },
      { recipient: 'victim@example.com', list: 'newsletter', key: 'weekly:victim' },
    ]);
    // The number as the old return paths and Message-IDs carried it, next after the attacker's own.
    await report(`bounces+${reset!.id}@${BOUNCES}`, dsn({ recipient: 'victim@example.com' }));
    await report(`bounces@${BOUNCES}`, dsn({ recipient: 'victim@example.com', messageId: `<outbox-${reset!.id}@x>` }));
    // The attacker's own code email's genuine reference, naming the victim.
    const ownReference = own!.sent.from.slice('bounces+'.length, 'bounces+'.length + 26);
    await report(own!.sent.from, dsn({ recipient: 'victim@example.com' }));
    await report(`bounces@${BOUNCES}`, dsn({ recipient: 'victim@example.com', messageId: `<${ownReference}@x>` }));
    // Guessed Message-IDs, one after the other.
    for (let n = 1; n <= 15; n++)
      await report(`bounces@${BOUNCES}`, dsn({ recipient: 'victim@example.com', messageId: `<outbox-${n}@x>` }));
    // The reset's genuine reference, had it leaked: a report about a transactional message is never believed.
    await report(reset!.sent.from, dsn({ recipient: 'victim@example.com' }));
    expect(await suppressed('victim@example.com')).toBe(false);
    expect(await statusOf(weekly!.id)).toBe('sent');
  });

  it('do not count delays, and a soft bounce never sends a message again', async () => {
    const [weekly] = await send([{ recipient: 'staff@example.com', list: 'announcements', key: 'ann:staff' }]);
    for (let i = 0; i < 3; i++)
      await report(weekly!.sent.from, dsn({ recipient: 'staff@example.com', action: 'delayed', status: '4.4.1' }));
    expect(await suppressed('staff@example.com')).toBe(false);
    expect(
      await t.database.db.select().from(mailSoftBounces).where(eq(mailSoftBounces.email, 'staff@example.com')),
    ).toEqual([]);

    // Reported again and again, one failed delivery counts once and the message stays where it is.
    for (let i = 0; i < 3; i++)
      await report(weekly!.sent.from, dsn({ recipient: 'staff@example.com', status: '4.2.2' }));
    expect(await statusOf(weekly!.id)).toBe('bounced');
    const [run] = await t.database.db
      .select()
      .from(mailSoftBounces)
      .where(eq(mailSoftBounces.email, 'staff@example.com'));
    expect(run?.count).toBe(1);
    expect(await suppressed('staff@example.com')).toBe(false);
  });

  it('about a bulk message sent more than a week ago are not believed', async () => {
    const [old] = await send([{ recipient: 'old@example.com', list: 'newsletter', key: 'weekly:old' }]);
    await t.database.db
      .update(outboxMessages)
      .set({ sentAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(outboxMessages.id, old!.id));
    await report(old!.sent.from, dsn({ recipient: 'old@example.com' }));
    expect(await suppressed('old@example.com')).toBe(false);
  });
});

describe('a genuine delivery report', () => {
  it('about a recent bulk message suppresses its recipient, named by the return path or by the returned Message-ID', async () => {
    const [byPath, byId] = await send([
      { recipient: 'gone@example.com', list: 'newsletter', key: 'weekly:gone' },
      { recipient: 'moved@example.com', list: 'announcements', key: 'ann:moved' },
    ]);
    await report(byPath!.sent.from.toUpperCase(), dsn({ recipient: 'gone@example.com' }));
    await report(
      `bounces@${BOUNCES}`,
      dsn({ recipient: 'Moved@Example.com', messageId: byId!.sent.header('message-id')! }),
    );
    expect(await suppressed('gone@example.com')).toBe(true);
    expect(await suppressed('moved@example.com')).toBe(true);
    expect(await statusOf(byPath!.id)).toBe('bounced');
  });
});

describe('the bounce port', () => {
  it('listens on loopback when the site listens on every address', async () => {
    const config = loadConfig({ HOST: '0.0.0.0', MAIL_BOUNCE_SMTP_PORT: '0', MAIL_BOUNCE_DOMAINS: BOUNCES });
    const started = await receiveBounces(config, t.database.db, logger);
    try {
      expect(started?.host).toBe('127.0.0.1');
    } finally {
      await started?.close();
    }
  });

  it('listens where MAIL_BOUNCE_HOST says', async () => {
    const config = loadConfig({ MAIL_BOUNCE_SMTP_PORT: '0', MAIL_BOUNCE_HOST: '::1' });
    const started = await receiveBounces(config, t.database.db, logger);
    try {
      expect(started?.host).toBe('::1');
    } finally {
      await started?.close();
    }
  });
});
