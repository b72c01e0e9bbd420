import { generateKeyPairSync } from 'node:crypto';
import { snsSigningCertificate, snsSigningKey } from '../../../helpers/sns-certificates.ts';
import { signSns, type SnsEnvelope } from '../../../helpers/sns-messages.ts';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_FAILURE_MEMORY_MS,
  createCertificateFetcher,
  readSnsMessage,
  signingKeyOf,
  SnsRejected,
  type SnsOptions,
} from '../../../../src/server/features/email/sns.ts';

/** Amazon's key and certificate, as far as these tests go, and a stranger's key. */
const amazon = { privateKey: snsSigningKey() };
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const AMAZON_PEM = snsSigningCertificate('signing-cert.pem');
const REFERENCE = 'k5vq2c7xw3mzj4ta6pnrbd2ey4';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-feedback';
const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0123456789abcdef.pem';
const NOW = new Date('2025-03-04T12:00:00.000Z');

type Envelope = SnsEnvelope;

const sign = (envelope: Envelope, key = amazon.privateKey): Envelope => signSns(envelope, key);

function notification(message: unknown, extra: Partial<Envelope> = {}): Envelope {
  return {
    Type: 'Notification',
    MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
    TopicArn: TOPIC,
    Message: typeof message === 'string' ? message : JSON.stringify(message),
    Timestamp: '2025-03-04T11:59:30.000Z',
    SignatureVersion: '2',
    SigningCertURL: CERT_URL,
    UnsubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=x',
    ...extra,
  };
}

const SUBSCRIBE_URL = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=2336412f37`;

function subscription(type = 'SubscriptionConfirmation'): Envelope {
  return {
    Type: type,
    MessageId: '165545c9-2a5c-472c-8df2-7ff2be2b3b1b',
    Token: '2336412f37',
    TopicArn: TOPIC,
    Message: `You have chosen to subscribe to the topic ${TOPIC}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
    SubscribeURL: SUBSCRIBE_URL,
    Timestamp: '2025-03-04T11:58:00.000Z',
    SignatureVersion: '1',
    SigningCertURL: CERT_URL,
  };
}

const mail = (messageId = `<${REFERENCE}@mail.example.com>`) => ({
  source: 'news@example.com',
  messageId: '0100018f-ses-own-id',
  commonHeaders: { messageId, subject: 'Weekly small caps' },
});

const bounce = (bounceType: string, bounceSubType: string, recipients: object[], mailPart: object = mail()) => ({
  notificationType: 'Bounce',
  bounce: { bounceType, bounceSubType, bouncedRecipients: recipients, timestamp: '2025-03-04T11:59:00.000Z' },
  mail: mailPart,
});

/** Options whose certificate fetches are counted, answering Amazon's key unless told otherwise. */
function options(pem = AMAZON_PEM, extra: Partial<SnsOptions> = {}) {
  const fetched: string[] = [];
  const opts: SnsOptions = {
    allowedTopics: [TOPIC],
    fetchCertificate: async (url) => {
      fetched.push(url);
      return pem;
    },
    now: () => NOW,
    ...extra,
  };
  return { opts, fetched };
}

const read = (envelope: Envelope | string, opts = options().opts) =>
  readSnsMessage(typeof envelope === 'string' ? envelope : JSON.stringify(envelope), opts);

async function refusal(envelope: Envelope | string, opts = options().opts): Promise<string> {
  const error: unknown = await read(envelope, opts).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SnsRejected);
  return (error as SnsRejected).message;
}

describe('SES feedback read from signed SNS notifications', () => {
  it('turns a signed permanent bounce into hard feedback for the outbox message its Message-ID names', async () => {
    const { opts, fetched } = options();
    const message = bounce('Permanent', 'General', [
      {
        emailAddress: '"Jane Doe" <Jane.Doe@Example.COM>',
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: 'smtp; 550 5.1.1 user unknown',
      },
      { emailAddress: ' Other@Example.org ' },
    ]);
    const outcome = await read(sign(notification(message, { SignatureVersion: '1' })), opts);
    expect(outcome).toEqual({
      type: 'feedback',
      topicArn: TOPIC,
      feedback: [
        {
          kind: 'hard',
          email: 'jane.doe@example.com',
          detail: 'Permanent/General 5.1.1 smtp; 550 5.1.1 user unknown',
          reference: REFERENCE,
        },
        { kind: 'hard', email: 'other@example.org', detail: 'Permanent/General', reference: REFERENCE },
      ],
    });
    expect(fetched).toEqual([CERT_URL]);
  });

  it('counts transient and undetermined bounces as soft, finding the Message-ID among the raw headers', async () => {
    const rawHeaders = {
      headers: [
        { name: 'From', value: 'news@example.com' },
        { name: 'Message-ID', value: '<Q2T7XE4MBR6JWA3NZK5VCPD7UA@mail.example.com>' },
      ],
    };
    for (const type of ['Transient', 'Undetermined']) {
      const message = bounce(type, 'MailboxFull', [{ emailAddress: 'full@example.com', status: '4.2.2' }], rawHeaders);
      const outcome = await read(sign(notification(message)));
      expect(outcome).toEqual({
        type: 'feedback',
        topicArn: TOPIC,
        feedback: [
          {
            kind: 'soft',
            email: 'full@example.com',
            detail: `${type}/MailboxFull 4.2.2`,
            reference: 'q2t7xe4mbr6jwa3nzk5vcpd7ua',
          },
        ],
      });
    }
  });

  it('cuts a long diagnostic to one short line', async () => {
    const diagnosticCode = `smtp; 550-5.1.1 the account\r\n does not exist ${'x'.repeat(400)}`;
    const message = bounce('Permanent', 'NoEmail', [{ emailAddress: 'a@example.com', diagnosticCode }]);
    const outcome = await read(sign(notification(message)));
    if (outcome.type !== 'feedback') throw new Error(`expected feedback, got ${outcome.type}`);
    const detail = outcome.feedback[0]?.detail ?? '';
    expect(detail.length).toBe(300);
    expect(detail).toMatch(/^Permanent\/NoEmail smtp; 550-5\.1\.1 the account does not exist x+…$/);
  });

  it('turns a complaint into complaint feedback, with the feedback type as the detail', async () => {
    const message = {
      eventType: 'Complaint',
      complaint: {
        complaintFeedbackType: 'abuse',
        complainedRecipients: [{ emailAddress: 'Reader@Example.com' }],
      },
      mail: mail(),
    };
    expect(await read(sign(notification(message)))).toEqual({
      type: 'feedback',
      topicArn: TOPIC,
      feedback: [{ kind: 'complaint', email: 'reader@example.com', detail: 'abuse', reference: REFERENCE }],
    });
    // A complaint without a feedback type, of a message that is not ours.
    const plain = {
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'r@example.com' }] },
      mail: mail('<0100018f@email.amazonses.com>'),
    };
    expect(await read(sign(notification(plain)))).toEqual({
      type: 'feedback',
      topicArn: TOPIC,
      feedback: [{ kind: 'complaint', email: 'r@example.com', detail: 'complaint', reference: null }],
    });
  });

  it('hands back the subscribe URL of a signed subscription confirmation', async () => {
    expect(await read(sign(subscription()))).toEqual({
      type: 'subscribe',
      topicArn: TOPIC,
      subscribeUrl: SUBSCRIBE_URL,
    });
  });

  it('ignores an unsubscribe confirmation, a delivery, and a message that is not JSON', async () => {
    expect(await read(sign(subscription('UnsubscribeConfirmation')))).toMatchObject({ type: 'ignored' });
    const delivery = { notificationType: 'Delivery', mail: mail(), delivery: { recipients: ['a@example.com'] } };
    expect(await read(sign(notification(delivery)))).toMatchObject({ type: 'ignored', topicArn: TOPIC });
    expect(await read(sign(notification('Hello from the console')))).toMatchObject({ type: 'ignored' });
  });

  it('verifies a notification with a Subject over the Subject too', async () => {
    const message = bounce('Permanent', 'General', [{ emailAddress: 'a@example.com' }]);
    const signed = sign(notification(message, { Subject: 'Amazon SES Email Event Notification' }));
    expect(await read(signed)).toMatchObject({ type: 'feedback' });
    expect(await refusal({ ...signed, Subject: 'Something else' })).toBe('The signature does not match the message.');
    const { Subject: _dropped, ...withoutSubject } = signed;
    expect(await refusal(withoutSubject)).toBe('The signature does not match the message.');
  });

  it('refuses a message whose Message was changed after signing', async () => {
    const signed = sign(notification(bounce('Transient', 'General', [{ emailAddress: 'a@example.com' }])));
    const tampered = {
      ...signed,
      Message: JSON.stringify(bounce('Permanent', 'General', [{ emailAddress: 'a@example.com' }])),
    };
    expect(await refusal(tampered)).toBe('The signature does not match the message.');
  });

  it('refuses a message signed with a key other than the certificate’s', async () => {
    const message = bounce('Permanent', 'General', [{ emailAddress: 'victim@example.com' }]);
    for (const version of ['1', '2']) {
      const forged = sign(notification(message, { SignatureVersion: version }), stranger.privateKey);
      expect(await refusal(forged)).toBe('The signature does not match the message.');
    }
    // The right signature checked with another of Amazon's certificates fails too.
    const during2022 = { now: () => new Date('2022-09-02T13:33:30.000Z') };
    const message2022 = notification(message, { Timestamp: '2022-09-02T13:33:04.483Z' });
    expect(
      await refusal(sign(message2022), options(snsSigningCertificate('amazon-sns-2022.pem'), during2022).opts),
    ).toBe('The signature does not match the message.');
  });

  it('refuses a topic it was not told to accept, without fetching the certificate', async () => {
    const { opts, fetched } = options();
    const other = sign(notification(bounce('Permanent', 'General', []), { TopicArn: `${TOPIC}-other` }));
    expect(await refusal(other, opts)).toMatch(/topic/);
    expect(fetched).toEqual([]);
  });

  it('refuses a certificate URL that is not on an Amazon SNS host over https, without fetching it', async () => {
    const { opts, fetched } = options();
    for (const url of [
      'https://sns.us-east-1.amazonaws.com.evil.com/x.pem',
      'http://sns.us-east-1.amazonaws.com/x.pem',
      'https://evil.com/sns.us-east-1.amazonaws.com/x.pem',
      'https://s3.us-east-1.amazonaws.com/x.pem',
      // An S3 bucket's host, and other names under amazonaws.com that are not SNS regional endpoints.
      'https://sns.s3.amazonaws.com/SimpleNotificationService-x.pem',
      'https://sns.amazonaws.com/SimpleNotificationService-x.pem',
      'https://sns.my-bucket.amazonaws.com/SimpleNotificationService-x.pem',
      'https://sns.us-east-1.s3.amazonaws.com/SimpleNotificationService-x.pem',
      'https://attacker@sns.us-east-1.amazonaws.com/x.pem',
      'https://sns.us-east-1.amazonaws.com:8443/x.pem',
      'https://sns.us-east-1.amazonaws.com/x.txt',
      'not a url',
    ]) {
      const message = sign(notification(bounce('Permanent', 'General', []), { SigningCertURL: url }));
      expect(await refusal(message, opts), url).toMatch(/certificate URL/);
    }
    expect(fetched).toEqual([]);
    // China's regions are Amazon's too.
    const china = 'https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-x.pem';
    await read(sign(notification(bounce('Permanent', 'General', []), { SigningCertURL: china })), opts);
    expect(fetched).toEqual([china]);
  });

  it('refuses a message more than an hour old or dated in the future, without fetching the certificate', async () => {
    const { opts, fetched } = options();
    const stale = sign(notification(bounce('Permanent', 'General', []), { Timestamp: '2025-03-04T10:59:59.000Z' }));
    expect(await refusal(stale, opts)).toBe('The message is more than an hour old.');
    const early = sign(notification(bounce('Permanent', 'General', []), { Timestamp: '2025-03-04T12:05:01.000Z' }));
    expect(await refusal(early, opts)).toBe('The message is dated in the future.');
    expect(fetched).toEqual([]);
    // Fifty-nine minutes late is a retry, not a replay.
    const late = sign(
      notification(bounce('Permanent', 'General', [{ emailAddress: 'a@example.com' }]), {
        Timestamp: '2025-03-04T11:01:00.000Z',
      }),
    );
    expect(await read(late, opts)).toMatchObject({ type: 'feedback' });
  });

  it('refuses bodies that are not SNS messages, saying what is wrong', async () => {
    expect(await refusal('{"Type":')).toBe('The body is not JSON.');
    expect(await refusal('[1,2]')).toBe('The body is not a JSON object.');
    const { Signature: _gone, ...unsigned } = sign(notification({}));
    expect(await refusal(unsigned)).toBe('The message has no Signature.');
    expect(await refusal(sign({ ...notification({}), Type: 'Greeting' }))).toMatch(/type "Greeting"/);
    expect(await refusal({ ...sign(notification({})), SignatureVersion: '3' })).toBe(
      'The signature version is not 1 or 2.',
    );
    const { Token: _token, ...tokenless } = sign(subscription());
    expect(await refusal(tokenless)).toBe('The message has no Token.');
    expect(await refusal(sign(notification({})), options('not a key').opts)).toMatch(/certificate could not be read/);
    // A bare public key is not a certificate.
    const bare = stranger.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(await refusal(sign(notification({})), options(bare).opts)).toMatch(/certificate could not be read/);
  });
});

describe('the signing certificate', () => {
  it('is Amazon’s real one while it is in force, and refused before and after', () => {
    const real = snsSigningCertificate('amazon-sns-2022.pem');
    expect(signingKeyOf(real, new Date('2022-09-02T13:33:04Z')).asymmetricKeyType).toBe('rsa');
    expect(() => signingKeyOf(real, new Date('2023-06-04T00:00:00Z'))).toThrow(
      'The signing certificate is not in force.',
    );
    expect(() => signingKeyOf(real, new Date('2022-06-28T23:59:59Z'))).toThrow(
      'The signing certificate is not in force.',
    );
  });

  it('must be issued by Amazon for sns.amazonaws.com and in force, or the message is refused', async () => {
    const message = sign(notification(bounce('Permanent', 'General', [{ emailAddress: 'victim@example.com' }])));
    expect(await read(message)).toMatchObject({ type: 'feedback' });
    expect(await refusal(message, options(snsSigningCertificate('other-name-cert.pem')).opts)).toBe(
      'The signing certificate is not issued for Amazon SNS.',
    );
    expect(await refusal(message, options(snsSigningCertificate('other-issuer-cert.pem')).opts)).toBe(
      'The signing certificate is not issued by Amazon.',
    );
    expect(await refusal(message, options(snsSigningCertificate('expired-cert.pem')).opts)).toBe(
      'The signing certificate is not in force.',
    );
  });

  it('that cannot be fetched refuses the message instead of failing', async () => {
    const { opts } = options();
    const failing: SnsOptions = {
      ...opts,
      fetchCertificate: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const message = sign(notification(bounce('Permanent', 'General', [{ emailAddress: 'victim@example.com' }])));
    expect(await refusal(message, failing)).toBe('The signing certificate could not be fetched.');
  });
});

describe('the signing-certificate fetcher', () => {
  /** A fetch that answers `body` and records the URLs asked for. */
  function fakeFetch(body: string, init: ResponseInit = {}) {
    const asked: string[] = [];
    const impl = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response(body, init);
    }) as typeof fetch;
    return { impl, asked };
  }

  it('fetches each certificate once and answers later calls from memory', async () => {
    const { impl, asked } = fakeFetch(AMAZON_PEM);
    const fetchCertificate = createCertificateFetcher(impl);
    expect(await fetchCertificate(CERT_URL)).toBe(AMAZON_PEM);
    expect(await fetchCertificate(CERT_URL)).toBe(AMAZON_PEM);
    expect(asked).toEqual([CERT_URL]);
    // Another fetcher keeps a memory of its own.
    await createCertificateFetcher(impl)(CERT_URL);
    expect(asked).toEqual([CERT_URL, CERT_URL]);
  });

  it('refuses a URL that is not https without fetching it', async () => {
    const { impl, asked } = fakeFetch(AMAZON_PEM);
    await expect(createCertificateFetcher(impl)('http://sns.us-east-1.amazonaws.com/x.pem')).rejects.toThrow(
      SnsRejected,
    );
    expect(asked).toEqual([]);
  });

  it('refuses an answer that fails, is too large or is not PEM, and remembers a failure for a minute', async () => {
    let now = 1_000_000;
    const failing = fakeFetch('gone', { status: 404 });
    const fetchCertificate = createCertificateFetcher(failing.impl, () => now);
    await expect(fetchCertificate(CERT_URL)).rejects.toThrow(SnsRejected);
    await expect(fetchCertificate(CERT_URL)).rejects.toThrow(/HTTP 404/);
    expect(failing.asked).toHaveLength(1);
    now += CERTIFICATE_FAILURE_MEMORY_MS;
    await expect(fetchCertificate(CERT_URL)).rejects.toThrow(/HTTP 404/);
    expect(failing.asked).toHaveLength(2);
    const huge = fakeFetch(`-----BEGIN CERTIFICATE-----\n${'A'.repeat(70_000)}`);
    await expect(createCertificateFetcher(huge.impl)(CERT_URL)).rejects.toThrow(/too large/);
    const html = fakeFetch('<html>hello</html>');
    await expect(createCertificateFetcher(html.impl)(CERT_URL)).rejects.toThrow(/not PEM/);
  });

  it('refuses, rather than fails, when the certificate host cannot be reached', async () => {
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const error: unknown = await createCertificateFetcher(unreachable)(CERT_URL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnsRejected);
    expect((error as SnsRejected).message).toBe('The signing certificate could not be fetched.');
  });

  it('feeds readSnsMessage end to end', async () => {
    const { impl } = fakeFetch(AMAZON_PEM);
    const outcome = await readSnsMessage(JSON.stringify(sign(subscription())), {
      allowedTopics: [TOPIC],
      fetchCertificate: createCertificateFetcher(impl),
      now: () => NOW,
    });
    expect(outcome).toMatchObject({ type: 'subscribe', subscribeUrl: SUBSCRIBE_URL });
  });
});
