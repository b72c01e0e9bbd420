/** The SNS signing certificates of tests/fixtures/sns (its README says where each comes from). */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SNS_FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'sns');

export type SnsCertificateFixture =
  'signing-cert.pem' | 'expired-cert.pem' | 'other-name-cert.pem' | 'other-issuer-cert.pem' | 'amazon-sns-2022.pem';

export const snsSigningCertificate = (name: SnsCertificateFixture): string =>
  fs.readFileSync(path.join(SNS_FIXTURES, name), 'utf8');

/** The key of signing-cert.pem (and of the certificates to be refused). */
export const snsSigningKey = (): KeyObject =>
  createPrivateKey(fs.readFileSync(path.join(SNS_FIXTURES, 'signing-key.pem'), 'utf8'));
