import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSigner } from '../../../../src/server/features/email/transport/dkim-signer.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKey = createPublicKey(privateKey);

describe('the DKIM signer on worker threads', () => {
  it('answers each request with the signature of its own data, many at once', async () => {
    const signer = createSigner(privateKey, 2);
    try {
      const data = Array.from({ length: 40 }, (_, i) => `header block ${i}`);
      const signatures = await Promise.all(data.map((d) => signer.sign(d)));
      for (const [i, signature] of signatures.entries())
        expect(verify('sha256', Buffer.from(data[i]!), publicKey, Buffer.from(signature, 'base64'))).toBe(true);
    } finally {
      signer.close();
    }
  });

  it('fails the signatures still waiting when it is closed, instead of leaving them unanswered', async () => {
    const signer = createSigner(privateKey, 1);
    const waiting = [signer.sign('one'), signer.sign('two')];
    signer.close();
    for (const result of await Promise.allSettled(waiting)) expect(result.status).toBe('rejected');
    // And it can sign again afterwards, on new threads.
    expect(await signer.sign('three')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    signer.close();
  });
});
