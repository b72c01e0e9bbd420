/**
 * What mailbox providers report, acted on: a signed SNS complaint or hard
 * bounce suppresses the address for bulk mail at once (never for codes), a
 * bad signature is refused, soft bounces count and then suppress, a
 * delivery status notification received by SMTP suppresses the address it
 * names (and a made-up one for another address does not), and staff lift a
 * suppression.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFeedback, startBounceReceiver } from '../../../../src/server/features/email/index.ts';
import { createLogger } from '../../../../src/server/platform/logger.ts';
import { enqueue } from '../../../../src/server/platform/outbox/enqueue.ts';
import { mailLinkSecret } from '../../../../src/server/features/email/list-links.ts';
import { sealReference } from '../../../../src/server/features/email/transport/message-reference.ts';
import { createBulkWorker } from '../../../../src/server/features/email/bulk/bulk-worker.ts';
import { createOutboxWorker } from '../../../../src/server/platform/outbox/worker.ts';
import type { Delivery, Transport } from '../../../../src/server/platform/outbox/transport.ts';
import { mailSoftBounces, mailSuppressions, outboxMessages } from '../../../../src/server/schema.ts';
import { staffHeaders } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { snsSigningCertificate, snsSigningKey } from '../../../helpers/sns-certificates.ts';
import { signSns } from '../../../helpers/sns-messages.ts';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-feedback';
const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem';
const amazon = { privateKey: snsSigningKey() };
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const logger = createLogger('silent');

let t: TestApp;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    env: { MAIL_SNS_TOPIC_ARNS: TOPIC },
    sns: {
      fetchCertificate: async () => snsSigningCertificate('signing-cert.pem'),
      confirmSubscription: async () => {},
    },
  });
  staff = await staffHeaders(t);
});
afterAll(() => t.close());

function recording(): Transport & { sent: Delivery[] } {
  const sent: Delivery[] = [];
  return { name: 'recording', sent, send: async (m) => void sent.push(m) };
}

const bulkWorker = (transport: Transport) =>
  createBulkWorker({
    db: t.database.db,
    transport,
    logger,
    siteUrl: 'https://redcap.example',
    postalAddress: '100 Harbor Street, Orlando, FL 32801',
    ratePerSecond: 1000,
    concurrency: 4,
    renderers: {},
  });

const bulk = (recipient: string, key: string) =>
  enqueue(t.database.db, {
    channel: 'email',
    recipient,
    subject: 'Weekly',
    text: 'News',
    list: 'announcements',
    dedupeKey: key,
  });

const snsPost = (message: unknown, key = amazon.privateKey) => {
  const envelope = signSns(
    {
      Type: 'Notification',
      MessageId: crypto.randomUUID(),
      TopicArn: TOPIC,
      Message: JSON.stringify(message),
      Timestamp: new Date().toISOString(),
      SignatureVersion: '2',
      SigningCertURL: CERT_URL,
    },
    key,
  );
  return t.call('POST', '/api/email/sns', {
    body: JSON.stringify(envelope),
    headers: { 'content-type': 'text/plain' },
  });
};

const complaint = (email: string) => ({
  notificationType: 'Complaint',
  mail: { messageId: 'ses-1', commonHeaders: { messageId: '<k5vq2c7xw3mzj4ta6pnrbd2ey4@redcap.example>' } },
  complaint: { complainedRecipients: [{ emailAddress: email }], complaintFeedbackType: 'abuse' },
});

describe('mail feedback', () => {
  it('suppresses an address an SNS complaint names, for bulk mail only, and refuses a bad signature', async () => {
    const refused = await snsPost(complaint('forged@example.com'), stranger.privateKey);
    expect(refused.status).toBe(403);
    expect(
      await t.database.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, 'forged@example.com')),
    ).toEqual([]);

    const waiting = await bulk('angry@example.com', 'a:1');
    const accepted = await snsPost(complaint('Angry@Example.com'));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ data: { outcome: 'feedback', suppressed: 1 } });
    const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, waiting!));
    expect(row?.status).toBe('suppressed');

    // Later bulk mail does not go; a code does.
    const later = await bulk('angry@example.com', 'a:2');
    const code = await enqueue(t.database.db, {
      channel: 'email',
      recipient: 'angry@example.com',
      subject: 'Code',
      text: 'Use this code: 7KX2PQ',
    });
    const sent = recording();
    await bulkWorker(sent).runOnce();
    await createOutboxWorker({ db: t.database.db, email: sent, sms: sent, logger }).runOnce();
    expect(sent.sent.map((m) => m.id)).toEqual([code]);
    const [skipped] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, later!));
    expect(skipped?.status).toBe('suppressed');
  });

  it('marks a soft-bounced message bounced without sending it again, and suppresses the address after three soft bounces', async () => {
    const id = await bulk('full@example.com', 'b:1');
    await bulkWorker(recording()).runOnce();
    const reference = sealReference(await mailLinkSecret(t.database.db), id!);
    await recordFeedback(
      t.database.db,
      [{ kind: 'soft', email: 'full@example.com', detail: '4.2.2 mailbox full', reference }],
      'sns',
    );
    const [again] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id!));
    expect(again?.status).toBe('bounced');
    for (let i = 0; i < 2; i++)
      await recordFeedback(
        t.database.db,
        [{ kind: 'soft', email: 'full@example.com', detail: '4.2.2', reference: null }],
        'sns',
      );
    const [suppressed] = await t.database.db
      .select()
      .from(mailSuppressions)
      .where(eq(mailSuppressions.email, 'full@example.com'));
    expect(suppressed?.reason).toBe('soft-bounces');
  });

  it('suppresses the address a delivery status notification received by SMTP names, and ignores one about another address', async () => {
    const id = await bulk('gone@example.com', 'c:1');
    await bulkWorker(recording()).runOnce();
    const receiver = await startBounceReceiver({
      port: 0,
      domains: ['bounces.redcap.example'],
      logger,
      onFeedback: async (feedback) => void (await recordFeedback(t.database.db, feedback, 'smtp')),
    });
    const dsn = (recipient: string) =>
      [
        'From: MAILER-DAEMON@mx.example.com',
        'To: bounces@bounces.redcap.example',
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
        'Reporting-MTA: dns; mx.example.com',
        '',
        `Final-Recipient: rfc822; ${recipient}`,
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 no such user',
        '--b1--',
        '',
      ].join('\r\n');
    const mailer = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      // Made up: the return path names message `id`, which was not sent to this address.
      const reference = sealReference(await mailLinkSecret(t.database.db), id!);
      await mailer.sendMail({
        envelope: { from: '', to: `bounces+${reference}@bounces.redcap.example` },
        raw: dsn('victim@example.com'),
      });
      await mailer.sendMail({
        envelope: { from: '', to: `bounces+${reference}@bounces.redcap.example` },
        raw: dsn('gone@example.com'),
      });
    } finally {
      mailer.close();
      await receiver.close();
    }
    const suppressed = (await t.database.db.select().from(mailSuppressions)).map((s) => s.email);
    expect(suppressed).toContain('gone@example.com');
    expect(suppressed).not.toContain('victim@example.com');
    const [bounced] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id!));
    expect(bounced?.status).toBe('bounced');
  });

  it('lets staff see and lift a suppression, after which bulk mail goes to the address again', async () => {
    const listed = await t.call('GET', '/api/tools/email/suppressions?q=gone', { headers: staff });
    expect((listed.body as { data: { email: string }[] }).data.map((s) => s.email)).toEqual(['gone@example.com']);
    expect((await t.call('GET', '/api/tools/email/suppressions', {})).status).toBe(401);
    const lifted = await t.call('DELETE', '/api/tools/email/suppressions/gone@example.com', { headers: staff });
    expect(lifted.status).toBe(204);
    expect((await t.call('DELETE', '/api/tools/email/suppressions/gone@example.com', { headers: staff })).status).toBe(
      404,
    );
    expect(
      await t.database.db.select().from(mailSoftBounces).where(eq(mailSoftBounces.email, 'gone@example.com')),
    ).toEqual([]);
    const id = await bulk('gone@example.com', 'c:2');
    const sent = recording();
    await bulkWorker(sent).runOnce();
    expect(sent.sent.map((m) => m.id)).toEqual([id]);
  });
});
