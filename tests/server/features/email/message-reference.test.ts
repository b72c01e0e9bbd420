import { createSecretKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  messageReferences,
  openReference,
  REFERENCE_LENGTH,
  sealReference,
} from '../../../../src/server/features/email/transport/message-reference.ts';

const secret = createSecretKey(randomBytes(32));
const other = createSecretKey(randomBytes(32));

describe('a message reference', () => {
  it('reads back as its message, in either case', () => {
    for (const id of [0, 1, 2, 41, 4711, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER]) {
      const reference = sealReference(secret, id);
      expect(reference).toMatch(new RegExp(`^[a-z2-7]{${REFERENCE_LENGTH}}$`));
      expect(openReference(secret, reference)).toBe(id);
      expect(openReference(secret, reference.toUpperCase())).toBe(id);
    }
  });

  it('reveals no sequence: consecutive messages share no more of their references than chance', () => {
    const references = Array.from({ length: 200 }, (_, i) => sealReference(secret, 1000 + i));
    let shared = 0;
    for (let i = 1; i < references.length; i++)
      for (let c = 0; c < REFERENCE_LENGTH; c++) if (references[i]![c] === references[i - 1]![c]) shared++;
    // 32 symbols: about one position in 32 agrees by chance.
    expect(shared / ((references.length - 1) * REFERENCE_LENGTH)).toBeLessThan(0.08);
    expect(references.join()).not.toContain('1000');
  });

  it('is not read by another database’s secret, nor when changed, cut or made up', () => {
    const reference = sealReference(secret, 123);
    expect(openReference(other, reference)).toBeNull();
    const changed = reference.slice(0, 5) + (reference[5] === 'a' ? 'b' : 'a') + reference.slice(6);
    expect(openReference(secret, changed)).toBeNull();
    expect(openReference(secret, reference.slice(1))).toBeNull();
    expect(openReference(secret, `${reference}a`)).toBeNull();
    expect(openReference(secret, 'outbox-123')).toBeNull();
    expect(openReference(secret, '0'.repeat(REFERENCE_LENGTH))).toBeNull();
    let believed = 0;
    for (let i = 0; i < 2000; i++) {
      const guess = sealReference(other, i);
      if (openReference(secret, guess) !== null) believed++;
    }
    expect(believed).toBe(0);
  });

  it('is made with the secret read once, when the first message goes', async () => {
    let reads = 0;
    const references = messageReferences(async () => {
      reads++;
      return secret;
    });
    expect(reads).toBe(0);
    const [a, b] = await Promise.all([references.of(1), references.of(2)]);
    expect(openReference(secret, a)).toBe(1);
    expect(openReference(secret, b)).toBe(2);
    expect(reads).toBe(1);
  });
});
