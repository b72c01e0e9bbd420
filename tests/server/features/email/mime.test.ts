import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { createSigner } from '../../../../src/server/features/email/transport/dkim-signer.ts';
import { writeMime, type MimeMessage } from '../../../../src/server/features/email/transport/mime.ts';

const DOMAIN = 'redcap.example';
const SELECTOR = 'mail2026';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[record]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};
// On a thread of its own, as the server signs when it has a core to spare.
const signer = createSigner(privateKey, 1);
const key = { domainName: DOMAIN, keySelector: SELECTOR, signer };
afterAll(() => signer.close());

const message = (overrides: Partial<MimeMessage> = {}): MimeMessage => ({
  from: 'RedCap Wöchentlich <news@redcap.example>',
  to: 'reader@example.com',
  subject: 'This week: Ölfeld Energy — up 12%',
  messageId: '<outbox-7@redcap.example>',
  date: new Date('2026-12-01T15:00:00Z'),
  headers: {
    'List-Unsubscribe': '<https://redcap.example/api/email/unsubscribe?t=abc.def>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  text: 'Hello   Ada,\n\nspaces  in runs and at the end   \n\n\n',
  html: '<p>Hello   Ada, <b>€</b></p>\n\n',
  ...overrides,
});

describe('bulk messages as written for SMTP', () => {
  it('carry a DKIM signature an independent verifier accepts, whatever spacing and characters they hold', async () => {
    const samples = [message(), message({ text: '', html: '' }), message({ text: 'x'.repeat(5000), subject: 'plain' })];
    const raws = await Promise.all(samples.map((sample) => writeMime(sample, key)));
    for (const raw of raws) {
      const verified = await dkimVerify(Buffer.from(raw), { resolver });
      expect(verified.results[0]).toMatchObject({ signingDomain: DOMAIN, status: { result: 'pass' } });
    }
  });

  it('fail verification once a signed header or the body is changed', async () => {
    const raw = await writeMime(message(), key);
    for (const altered of [
      raw.replace('reader@example.com', 'other@example.com'),
      raw.replace(/\r\n\r\n(.)/, '\r\n\r\nX$1'),
    ]) {
      const verified = await dkimVerify(Buffer.from(altered), { resolver });
      // mailauth calls a body that no longer matches its hash 'neutral', a broken signature 'fail'.
      expect(verified.results[0]?.status.result).not.toBe('pass');
    }
  });

  it('read back in a mail client as sent: both parts, the subject and sender names in full', async () => {
    const sample = message();
    const mail = await simpleParser(await writeMime(sample, null));
    expect(mail.subject).toBe(sample.subject);
    expect(mail.from?.value[0]).toEqual({ name: 'RedCap Wöchentlich', address: 'news@redcap.example' });
    expect(mail.text).toBe(sample.text);
    expect(mail.html).toBe(sample.html);
    expect(mail.messageId).toBe(sample.messageId);
    expect(mail.headerLines.map((h) => h.line)).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('each have their own part boundary', async () => {
    const boundary = (raw: string) => /boundary="([^"]+)"/.exec(raw)?.[1];
    const [a, b] = await Promise.all([writeMime(message(), null), writeMime(message(), null)]);
    expect(boundary(a)).toBeTruthy();
    expect(boundary(a)).not.toBe(boundary(b));
  });
});
