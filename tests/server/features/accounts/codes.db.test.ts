/**
 * One-time codes as readers type them (docs/product.md §4.7): spaces and dashes inside a code are ignored by every
 * call that takes one, and something that cannot be a code is refused without using one of the code's tries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { bearer, latestCode, signupBody, verifiedUser } from '../../../helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** "JDCF8T" as a reader copies it from a message: "jdc-f8t", "JDC F8T". */
const withDash = (code: string) => `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`;
const withSpaces = (code: string) => ` ${code.slice(0, 3)} ${code.slice(3)} `;

describe('codes with spaces and dashes', () => {
  it('verify an account when the code is sent with a dash or spaces inside', async () => {
    const dashed = 'dashed-code@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(dashed) });
    const first = await t.call('POST', '/api/auth/verify', {
      json: { email: dashed, code: withDash(await latestCode(t.database.db, dashed)) },
    });
    expect(first.status).toBe(200);

    const spaced = 'spaced-code@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(spaced) });
    const second = await t.call('POST', '/api/auth/verify', {
      json: { email: spaced, code: withSpaces(await latestCode(t.database.db, spaced)) },
    });
    expect(second.status).toBe(200);
  });

  it('reset and change a password when the code is sent with a dash', async () => {
    const email = 'dashed-reset@example.com';
    await verifiedUser(t, email);
    await t.call('POST', '/api/auth/forgot-password', { json: { email } });
    const reset = await t.call('POST', '/api/auth/reset-password', {
      json: { email, code: withDash(await latestCode(t.database.db, email)), newPassword: 'N3w!Password' },
    });
    expect(reset.status).toBe(200);

    const other = 'dashed-change@example.com';
    const otherToken = await verifiedUser(t, other);
    await t.call('POST', '/api/auth/change-password/request', { json: {}, headers: bearer(otherToken) });
    const change = await t.call('POST', '/api/auth/change-password', {
      json: { code: withDash(await latestCode(t.database.db, other)), newPassword: 'Ch4nged!Pass' },
      headers: bearer(otherToken),
    });
    expect(change.status).toBe(200);
  });
});

describe('what cannot be a code', () => {
  it('is refused without using a try, so the right code still works after five of them', async () => {
    const email = 'not-a-code@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(email) });
    const code = await latestCode(t.database.db, email);
    // Too short, too long, and characters no code has (0, O, 1, I, L, punctuation).
    for (const wrong of ['JDC', `${code}2`, 'O0O0O0', 'IL1IL1', 'ABC!EF']) {
      const res = await t.call('POST', '/api/auth/verify', { json: { email, code: wrong } });
      expect(res.status, wrong).toBe(400);
      expect(res.body).toEqual({ message: 'Confirmation code is incorrect' });
    }
    expect((await t.call('POST', '/api/auth/verify', { json: { email, code } })).status).toBe(200);
  });
});
