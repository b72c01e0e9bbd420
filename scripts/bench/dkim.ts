/**
 * What DKIM signing costs a newsletter's bulk sending: the same newsletter-sized
 * message (about 20 KB, two parts) written and signed for BENCH_DKIM_MESSAGES
 * readers, by mailauth's signer (which parses each message and hashes it before
 * signing) and by the site's own writer and signer (the message written already
 * in canonical form, the RSA signature made in place or on a signing thread,
 * ten messages in flight as the bulk worker keeps them). Prints messages a
 * second for each, two rounds, and the own signer's rate over mailauth's.
 */
import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';
import { createSigner } from '../../src/server/features/email/transport/dkim-signer.ts';
import { writeMime, type MimeMessage } from '../../src/server/features/email/transport/mime.ts';
import { createJudge } from './server.ts';

const { emit, summarize } = createJudge('dkim');
const MESSAGES = Number(process.env.BENCH_DKIM_MESSAGES ?? 2000);
const IN_FLIGHT = 10;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
const html = `<p>${'Small caps this week: a paragraph of the issue, as long as a real one. '.repeat(250)}</p>`;
const text = 'Small caps this week: a paragraph of the issue. '.repeat(250);
const message = (i: number): MimeMessage => ({
  from: 'RedCap <news@redcap.example>',
  to: `reader${i}@example.com`,
  subject: 'RedCap Weekly: the week in small caps',
  messageId: `<bench-${i}@redcap.example>`,
  date: new Date(),
  headers: { 'List-Unsubscribe': '<https://redcap.example/api/email/unsubscribe?t=x>', 'List-Id': '<newsletter>' },
  text,
  html,
});

const perSecond = (started: number) => MESSAGES / ((performance.now() - started) / 1000);

async function mailauthRate(): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    const unsigned = await writeMime(message(i), null);
    const { signatures, errors } = await dkimSign(unsigned, {
      canonicalization: 'relaxed/relaxed',
      algorithm: 'rsa-sha256',
      // The types name one signature's fields; the signer reads its list of signatures.
      signingDomain: 'redcap.example',
      selector: 'bench',
      privateKey: pem,
      signatureData: [{ signingDomain: 'redcap.example', selector: 'bench', privateKey: pem }],
    });
    if (!signatures) throw new Error(`mailauth did not sign: ${JSON.stringify(errors)}`);
  }
  return perSecond(started);
}

async function ownRate(threads: number): Promise<number> {
  const signer = createSigner(privateKey, threads);
  try {
    const key = { domainName: 'redcap.example', keySelector: 'bench', signer };
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i += IN_FLIGHT)
      await Promise.all(Array.from({ length: IN_FLIGHT }, (_, k) => writeMime(message(i + k), key)));
    return perSecond(started);
  } finally {
    signer.close();
  }
}

for (let round = 1; round <= 2; round++) {
  const library = await mailauthRate();
  const inPlace = await ownRate(0);
  const threaded = await ownRate(1);
  emit(`round${round}_mailauth_messages_per_s`, library, 'messages/s');
  emit(`round${round}_own_in_place_messages_per_s`, inPlace, 'messages/s');
  emit(`round${round}_own_signing_thread_messages_per_s`, threaded, 'messages/s');
  emit(`round${round}_own_over_mailauth`, threaded / library, 'ratio');
}
summarize();
