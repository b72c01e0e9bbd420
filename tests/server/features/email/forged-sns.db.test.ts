/**
 * Made-up SNS notifications posted to the endpoint as anyone on the internet can: the configured
 * topic, a signature of the poster's own, and a signing certificate URL of their choosing. Each is
 * refused with a 4xx, and a stream of them costs at most one certificate fetch a minute.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateFetcher } from '../../../../src/server/features/email/index.ts';
import { mailSuppressions } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { signSns } from '../../../helpers/sns-messages.ts';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-feedback';
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const fetched: string[] = [];

let t: TestApp;
beforeAll(async () => {
  // Amazon's hosts cannot be reached from here, as for a host that does not answer.
  const unreachable = (async (input: string | URL | Request) => {
    fetched.push(String(input));
    throw new TypeError('fetch failed');
  }) as typeof fetch;
  t = await createTestApp({
    env: { MAIL_SNS_TOPIC_ARNS: TOPIC },
    sns: { fetchCertificate: createCertificateFetcher(unreachable), confirmSubscription: async () => {} },
  });
});
afterAll(() => t.close());

const post = (certificateUrl: string) =>
  t.call('POST', '/api/email/sns', {
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(
      signSns(
        {
          Type: 'Notification',
          MessageId: crypto.randomUUID(),
          TopicArn: TOPIC,
          Message: JSON.stringify({
            notificationType: 'Complaint',
            complaint: { complainedRecipients: [{ emailAddress: 'victim@example.com' }] },
          }),
          Timestamp: new Date().toISOString(),
          SignatureVersion: '2',
          SigningCertURL: certificateUrl,
        },
        forger.privateKey,
      ),
    ),
  });

describe('a made-up SNS notification', () => {
  it('naming a certificate that cannot be fetched is refused with 403, fetched once for many messages', async () => {
    const url = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0000.pem';
    for (let i = 0; i < 5; i++) {
      const answer = await post(url);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'The signing certificate could not be fetched.' });
    }
    expect(fetched).toEqual([url]);
  });

  it('naming a certificate on a host that is not an SNS endpoint is refused without a fetch', async () => {
    fetched.length = 0;
    for (const url of [
      'https://sns.s3.amazonaws.com/SimpleNotificationService-0000.pem',
      'https://sns.attacker-bucket.amazonaws.com/SimpleNotificationService-0000.pem',
    ]) {
      const answer = await post(url);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'The signing certificate URL is not on an Amazon SNS host.' });
    }
    expect(fetched).toEqual([]);
    expect(await t.database.db.select().from(mailSuppressions)).toEqual([]);
  });
});
