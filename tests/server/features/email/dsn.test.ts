/**
 * Delivery status notifications are built here as a receiving server writes them (multipart/report,
 * the fields in their own part, our headers returned), and read back as feedback, both directly and
 * through the SMTP listener the MTA relays them to.
 */
import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import type { BounceReceiver, BounceReceiverOptions } from '../../../../src/server/features/email/bounce-receiver.ts';
import { startBounceReceiver } from '../../../../src/server/features/email/bounce-receiver.ts';
import { readDeliveryStatus } from '../../../../src/server/features/email/dsn.ts';
import type { MailFeedback } from '../../../../src/server/features/email/feedback.ts';

/** References as our Message-IDs and return paths carry them (whether this database made them is not the reader's to judge). */
const RETURNED = 'k5vq2c7xw3mzj4ta6pnrbd2ey4';
const ENVELOPE = 'q2t7xe4mbr6jwa3nzk5vcpd7ua';

interface ReportOptions {
  action?: string;
  status?: string;
  /** Written as is after `Diagnostic-Code:`, folding included. */
  diagnostic?: string;
  recipient?: string;
  messageId?: string;
}

/** A delivery status notification as Postfix writes one, with CRLF line ends as it goes over SMTP. */
function report({
  action = 'failed',
  status = '5.1.1',
  diagnostic = 'smtp; 550 5.1.1 <ada@example.org>: Recipient address\r\n    rejected: User unknown in virtual mailbox table',
  recipient = 'Ada@Example.org',
  messageId = `<${RETURNED}@redcap.example>`,
}: ReportOptions = {}): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    `To: bounce+${ENVELOPE}@bounces.example.com`,
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Mon, 1 Dec 2025 10:00:00 +0000',
    'Message-ID: <dsn-1@mx.example.net>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="REPORT-BOUNDARY"',
    '',
    '--REPORT-BOUNDARY',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'I am sorry to have to inform you that your message could not be delivered.',
    // Prose that looks like fields must not be read as the report.
    'Final-Recipient: rfc822; prose@example.org',
    'Action: failed',
    'Status: 5.0.0',
    '',
    '--REPORT-BOUNDARY',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'X-Postfix-Queue-ID: 4Abc1XyZ',
    'Arrival-Date: Mon, 1 Dec 2025 09:59:58 +0000',
    '',
    `final-recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient.toLowerCase()}`,
    `ACTION: ${action}`,
    `Status: ${status}`,
    'Remote-MTA: dns; mail.example.org',
    `Diagnostic-Code: ${diagnostic}`,
    '',
    '--REPORT-BOUNDARY',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Redcap <news@redcap.example>',
    `To: ${recipient.toLowerCase()}`,
    'Subject: This week in small caps',
    `Message-ID: ${messageId}`,
    '',
    '--REPORT-BOUNDARY--',
    '',
  ].join('\r\n');
}

describe('reading a delivery status notification', () => {
  it('reads a 5.1.1 failure as hard feedback for the final recipient, the reference from the returned Message-ID', async () => {
    expect(await readDeliveryStatus(report())).toEqual([
      {
        kind: 'hard',
        email: 'ada@example.org',
        // The folded diagnostic on one line, its `smtp;` type dropped.
        detail: '5.1.1 550 5.1.1 <ada@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
        reference: RETURNED,
      },
    ]);
  });

  it('reads a 4.2.2 failure (mailbox full, retries given up) as soft', async () => {
    const feedback = await readDeliveryStatus(report({ status: '4.2.2', diagnostic: 'smtp; 452 4.2.2 Mailbox full' }));
    expect(feedback).toEqual([expect.objectContaining({ kind: 'soft', detail: '4.2.2 452 4.2.2 Mailbox full' })]);
  });

  it('reads nothing from a delayed action: the sending server is still trying', async () => {
    const feedback = await readDeliveryStatus(
      report({ action: 'delayed', status: '4.4.1', diagnostic: 'smtp; 421 4.4.1 Connection timed out' }),
    );
    expect(feedback).toEqual([]);
  });

  it('reads nothing from a report that the message was delivered', async () => {
    expect(
      await readDeliveryStatus(report({ action: 'delivered', status: '2.0.0', diagnostic: 'smtp; 250 OK' })),
    ).toEqual([]);
  });

  it('reads nothing from an ordinary message sent to the return path', async () => {
    const message = [
      'From: Someone <someone@example.org>',
      `To: bounce+${ENVELOPE}@bounces.example.com`,
      'Subject: Out of office',
      'Content-Type: text/plain',
      '',
      'Final-Recipient: rfc822; someone@example.org',
      'Action: failed',
      'Status: 5.1.1',
      '',
    ].join('\r\n');
    expect(await readDeliveryStatus(message, [`bounce+${ENVELOPE}@bounces.example.com`])).toEqual([]);
  });

  it('takes the reference from the VERP envelope recipient over the returned Message-ID, in lower case', async () => {
    const feedback = await readDeliveryStatus(Buffer.from(report()), [
      'postmaster@bounces.example.com',
      `bounce+${ENVELOPE.toUpperCase()}@bounces.example.com`,
    ]);
    expect(feedback).toEqual([expect.objectContaining({ kind: 'hard', reference: ENVELOPE })]);
  });

  it('names no reference when neither the envelope nor the returned headers carry one of ours', async () => {
    const feedback = await readDeliveryStatus(report({ messageId: '<outbox-1234@redcap.example>' }), [
      'bounces@bounces.example.com',
      'bounces+1234@bounces.example.com',
    ]);
    expect(feedback).toEqual([expect.objectContaining({ reference: null })]);
  });

  it('reads every recipient group of a report, skipping the delivered one, the detail on one line of 300 characters', async () => {
    const second = [
      '',
      'Final-Recipient: rfc822; grace@example.org',
      'Action: delivered',
      'Status: 2.0.0',
      '',
      'Final-Recipient: rfc822; <Linus@Example.org>',
      'Action: failed',
      'Status: 5.7.1',
      `Diagnostic-Code: smtp; 550 5.7.1 refused\u0007 ${'because '.repeat(60)}`,
    ].join('\r\n');
    // After the first recipient's folded Diagnostic-Code.
    const message = report().replace(/(Diagnostic-Code: [^\r]*\r\n[^\r]*)/, (group) => `${group}${second}`);
    const feedback = await readDeliveryStatus(message);
    expect(feedback.map((item) => [item.kind, item.email])).toEqual([
      ['hard', 'ada@example.org'],
      ['hard', 'linus@example.org'],
    ]);
    const detail = feedback[1]!.detail;
    expect(detail).toHaveLength(300);
    expect(detail.startsWith('5.7.1 550 5.7.1 refused because because')).toBe(true);
  });

  it('reads an internationalized report (message/global-delivery-status in base64)', async () => {
    const fields = [
      'Reporting-MTA: dns; mx.example.net',
      '',
      'Final-Recipient: utf-8; J\\x{F6}rg@Example.de',
      'Action: failed',
      'Status: 5.1.1 (bad destination mailbox)',
      '',
    ].join('\r\n');
    const message = report()
      .replace(
        /Content-Type: message\/delivery-status\r\n\r\n[\s\S]*?\r\n(?=--REPORT-BOUNDARY)/,
        `Content-Type: message/global-delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(fields).toString('base64')}\r\n`,
      )
      .replace('Content-Type: text/rfc822-headers', 'Content-Type: message/rfc822\r\nContent-Disposition: inline');
    expect(await readDeliveryStatus(message)).toEqual([
      { kind: 'hard', email: 'jörg@example.de', detail: '5.1.1', reference: RETURNED },
    ]);
  });
});

describe('the bounce receiver', () => {
  let receiver: BounceReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  const silent: BounceReceiverOptions['logger'] = { info: () => {}, warn: () => {}, error: () => {} };

  const start = async (onFeedback: BounceReceiverOptions['onFeedback'], logger = silent) => {
    receiver = await startBounceReceiver({ port: 0, domains: ['Bounces.Example.com'], onFeedback, logger });
    return receiver;
  };

  const send = (port: number, to: string, raw: string) =>
    createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
      envelope: { from: '', to },
      raw,
    });

  it('hands the feedback of a report it receives by SMTP to the caller', async () => {
    const received: MailFeedback[][] = [];
    const { port } = await start(async (feedback) => {
      received.push(feedback);
    });
    await send(port, `bounce+${ENVELOPE}@bounces.example.com`, report());
    expect(received).toEqual([
      [expect.objectContaining({ kind: 'hard', email: 'ada@example.org', reference: ENVELOPE })],
    ]);
  });

  it('refuses a recipient at another domain with 550', async () => {
    const received: MailFeedback[][] = [];
    const { port } = await start(async (feedback) => {
      received.push(feedback);
    });
    await expect(send(port, `bounce+${ENVELOPE}@elsewhere.example`, report())).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(received).toEqual([]);
  });

  it('answers 4xx while the caller cannot store the feedback, and takes the report when it is sent again', async () => {
    const received: MailFeedback[][] = [];
    let failing = true;
    const { port } = await start(async (feedback) => {
      if (failing) throw new Error('database unavailable');
      received.push(feedback);
    });
    const refused = await send(port, `bounce+${ENVELOPE}@bounces.example.com`, report()).then(
      () => null,
      (error: { responseCode?: number }) => error,
    );
    expect(refused?.responseCode).toBeGreaterThanOrEqual(400);
    expect(refused?.responseCode).toBeLessThan(500);

    failing = false;
    await send(port, `bounce+${ENVELOPE}@bounces.example.com`, report());
    expect(received).toEqual([[expect.objectContaining({ kind: 'hard', reference: ENVELOPE })]]);
  });

  it('refuses a message over the size limit with 552', async () => {
    receiver = await startBounceReceiver({
      port: 0,
      domains: [],
      onFeedback: async () => {},
      logger: silent,
      maxMessageBytes: 2048,
    });
    const large = report({ diagnostic: `smtp; 550 ${'x'.repeat(4000)}` });
    await expect(send(receiver.port, `bounce+${ENVELOPE}@anywhere.example`, large)).rejects.toMatchObject({
      responseCode: 552,
    });
  });

  it('takes an ordinary message to the return path and drops it, saying so at info', async () => {
    const received: MailFeedback[][] = [];
    const infos: unknown[][] = [];
    const recording = { ...silent, info: (...args: unknown[]) => void infos.push(args) };
    const { port } = await start(async (feedback) => {
      received.push(feedback);
    }, recording);
    const info = await send(
      port,
      `bounce+${ENVELOPE}@bounces.example.com`,
      'Subject: hello\r\n\r\nJust saying hello.\r\n',
    );
    expect(info.accepted).toEqual([`bounce+${ENVELOPE}@bounces.example.com`]);
    expect(received).toEqual([]);
    expect(infos).toEqual([
      [
        expect.objectContaining({ recipients: [`bounce+${ENVELOPE}@bounces.example.com`] }),
        expect.stringContaining('dropped'),
      ],
    ]);
  });
});
