import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, users, verificationCodes } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import {
  GOOD_PASSWORD,
  bearer,
  countMessages,
  latestCode,
  signupBody,
  verifiedUser,
} from '../../../helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => Number((await t.database.db.select({ n: count() }).from(users))[0]?.n);
const cookiesOf = (headers: Headers) => headers.getSetCookie();

describe('sign-up', () => {
  it('creates an unverified account and emails it a 6-character code', async () => {
    const res = await t.call('POST', '/api/auth/register', { json: signupBody('new@example.com') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      user: { email: 'new@example.com', phone_number: '2125550123', verified: false, googleUser: false },
    });
    expect(await latestCode(t.database.db, 'new@example.com')).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new@example.com'));
    expect(row?.phone).toBe('+12125550123');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('texts the code when the contact method is phone', async () => {
    const res = await t.call('POST', '/api/auth/register', {
      json: signupBody('texter@example.com', { message_preference: 'phone', phone_number: '3105550188' }),
    });
    expect(res.status).toBe(201);
    expect(await latestCode(t.database.db, '+13105550188')).toHaveLength(6);
    expect(await countMessages(t.database.db, 'texter@example.com')).toBe(0);
  });

  it('answers a sign-up with a taken email like a new one, and tells the holder instead', async () => {
    const fresh = await t.call('POST', '/api/auth/register', { json: signupBody('someone-new@example.com') });
    const taken = await t.call('POST', '/api/auth/register', { json: signupBody('NEW@Example.com') });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body as object)).toEqual(Object.keys(fresh.body as object));
    expect((taken.body as { message: string }).message).toBe((fresh.body as { message: string }).message);
    expect((taken.body as { user: { email: string; verified: boolean } }).user).toMatchObject({
      email: 'new@example.com',
      verified: false,
    });
    const [notice] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'new@example.com'))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(notice!.subject).toContain('a sign-up with your email address');
    // No second account, and the holder's password still works.
    expect((await t.database.db.select().from(users).where(eq(users.email, 'new@example.com'))).length).toBe(1);
  });

  const bad: [string, Record<string, unknown>, number, string][] = [
    ['no name', { name: '  ' }, 400, 'Full name is required'],
    ['HTML in the name', { name: '<img src=x onerror=alert(1)>' }, 400, 'Full name must not contain < or >'],
    ['no email', { email: '' }, 400, 'Email is required'],
    ['a malformed email', { email: 'ann@' }, 400, 'Invalid email format'],
    ['SQL in the email', { email: "' OR 1=1 --" }, 400, 'Invalid email format'],
    [
      'a short password',
      { password: 'a1!' },
      400,
      'Password must be at least 6 characters and include a number, a letter, and a special character',
    ],
    [
      'a password without a symbol',
      { password: 'abcdef123' },
      400,
      'Password must be at least 6 characters and include a number, a letter, and a special character',
    ],
    [
      'a very common password',
      { password: 'P@ssw0rd' },
      400,
      'This password is too common. Choose one that is harder to guess.',
    ],
    ['terms not accepted', { terms_accepted: false }, 400, 'You must accept the terms and conditions'],
    [
      'texts without a phone',
      { message_preference: 'phone', phone_number: '' },
      400,
      'Invalid phone number format. Format should be (XXX) XXX-XXXX',
    ],
    [
      'a phone with letters',
      { phone_number: '212-555-CALL' },
      400,
      'Invalid phone number format. Format should be (XXX) XXX-XXXX',
    ],
    ['an unknown contact method', { message_preference: 'pigeon' }, 400, 'message_preference must be email or phone'],
  ];
  it.each(bad)('refuses %s with %i and the message, storing nothing', async (_label, patch, status, message) => {
    const before = await userCount();
    const res = await t.call('POST', '/api/auth/register', {
      json: signupBody(`bad-${Math.random()}@example.com`, patch),
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
    expect(await userCount()).toBe(before);
  });

  it('refuses extra fields, wrong types and missing fields with 400, storing nothing', async () => {
    const before = await userCount();
    for (const json of [
      { ...signupBody('extra@example.com'), role: 'staff' },
      { ...signupBody('types@example.com'), terms_accepted: 'yes' },
      { ...signupBody('types2@example.com'), name: 42 },
      { email: 'missing@example.com' },
      [],
      'just a string',
    ]) {
      const res = await t.call('POST', '/api/auth/register', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(typeof (res.body as { message: string }).message).toBe('string');
    }
    expect(await userCount()).toBe(before);
  });

  it('keeps odd unicode in names intact and readable', async () => {
    const res = await t.call('POST', '/api/auth/register', {
      json: signupBody('unicode@example.com', { name: 'Zoë Ñúñez 李雷 🚀' }),
    });
    expect(res.status).toBe(201);
    expect((res.body as { user: { name: string } }).user.name).toBe('Zoë Ñúñez 李雷 🚀');
  });
});

describe('login and sessions', () => {
  let token: string;
  beforeAll(async () => {
    token = await verifiedUser(t, 'login@example.com');
  });

  it('returns success, token and the user, and sets the session cookies', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      json: { email: 'Login@Example.com', password: GOOD_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = res.body as { success: boolean; token: string; user: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    expect(body.user).toEqual({
      email: 'login@example.com',
      phone_number: '2125550123',
      message_preference: 'email',
      username: 'Ann',
      name: 'Ann Investor',
      verified: true,
      googleUser: false,
      isStaff: false,
    });
    const cookies = cookiesOf(res.headers);
    const session = cookies.find((c) => c.startsWith('Authorization='))!;
    expect(session).toContain('HttpOnly');
    expect(session).toContain('SameSite=Lax');
    expect(session).toContain('Max-Age=7776000');
    const verified = cookies.find((c) => c.startsWith('isVerified='))!;
    expect(verified).toContain('isVerified=true');
    expect(verified).toContain('Max-Age=604800');
    expect(verified).not.toContain('HttpOnly');
  });

  it('gives each login its own token', async () => {
    const a = await t.call('POST', '/api/auth/login', {
      json: { email: 'login@example.com', password: GOOD_PASSWORD },
    });
    const b = await t.call('POST', '/api/auth/login', {
      json: { email: 'login@example.com', password: GOOD_PASSWORD },
    });
    expect((a.body as { token: string }).token).not.toBe((b.body as { token: string }).token);
  });

  it('keeps the token out of the body for browsers, which get it only as an HttpOnly cookie', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      json: { email: 'login@example.com', password: GOOD_PASSWORD },
      headers: { origin: 'http://localhost:4321' },
    });
    expect((res.body as { token: unknown }).token).toBeNull();
    const cookie = cookiesOf(res.headers).find((c) => c.startsWith('Authorization='))!;
    const value = cookie.split(';')[0]!.slice('Authorization='.length);
    const me = await t.call('GET', '/api/auth/me', { headers: { cookie: `Authorization=${value}` } });
    expect(me.status).toBe(200);
  });

  it('answers success false with Incorrect Credentials for a wrong password or an unknown email', async () => {
    for (const json of [
      { email: 'login@example.com', password: 'Wrong!pass1' },
      { email: 'nobody@example.com', password: GOOD_PASSWORD },
      { email: "x' or '1'='1", password: "' or 1=1 --" },
    ]) {
      const res = await t.call('POST', '/api/auth/login', { json });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Incorrect Credentials' });
    }
  });

  it('knows the signed-in user by bearer token and refuses a missing or bad token', async () => {
    expect((await t.call('GET', '/api/auth/me', { headers: bearer(token) })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { headers: bearer('forged-token') })).status).toBe(401);
  });

  it('revokes the session at logout', async () => {
    const login = await t.call('POST', '/api/auth/login', {
      json: { email: 'login@example.com', password: GOOD_PASSWORD },
    });
    const fresh = (login.body as { token: string }).token;
    expect((await t.call('POST', '/api/auth/logout', { headers: bearer(fresh) })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { headers: bearer(fresh) })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { headers: bearer(token) })).status).toBe(200);
  });

  it('refuses cookie-authenticated writes from another origin or without an origin', async () => {
    const cookie = { cookie: `Authorization=${token}` };
    const foreign = await t.call('POST', '/api/auth/logout', {
      headers: { ...cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const none = await t.call('POST', '/api/auth/logout', { headers: cookie });
    expect(none.status).toBe(403);
    expect((await t.call('GET', '/api/auth/me', { headers: bearer(token) })).status).toBe(200);
  });

  it('slows password guessing on one account, yet lets the owner in with the right password', async () => {
    await verifiedUser(t, 'guess@example.com');
    const attempt = async (password: string) => {
      const started = performance.now();
      const res = await t.call('POST', '/api/auth/login', { json: { email: 'guess@example.com', password } });
      return { status: res.status, ms: performance.now() - started };
    };
    const wrong = [];
    for (let i = 0; i < 9; i++) wrong.push(await attempt(`Nope!${i}x`));
    expect(wrong.every((a) => a.status === 401)).toBe(true);
    // After five failures each attempt waits: 25 ms, doubling to 200 ms (the test's unit is 25 ms).
    expect(wrong.at(-1)!.ms).toBeGreaterThanOrEqual(190);
    const right = await attempt(GOOD_PASSWORD);
    expect(right.status).toBe(200);
    // The owner's sign-in clears the failures: the next attempt does not wait.
    expect((await attempt('Nope!again')).ms).toBeLessThan(190);
  });

  it('tells the holder by their channel once failures pile up', async () => {
    await verifiedUser(t, 'targeted@example.com');
    for (let i = 0; i < 6; i++) {
      await t.call('POST', '/api/auth/login', { json: { email: 'targeted@example.com', password: `Nope!${i}x` } });
    }
    const notices = (
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'targeted@example.com'))
    ).filter((m) => m.subject.includes('failed sign-ins'));
    expect(notices).toHaveLength(1);
  });

  it('refuses an address after many failures, but not for its successful sign-ins', async () => {
    await verifiedUser(t, 'office@example.com');
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 60; i++) {
      const ok = await t.call('POST', '/api/auth/login', {
        json: { email: 'office@example.com', password: GOOD_PASSWORD },
        headers,
      });
      expect(ok.status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const res = await t.call('POST', '/api/auth/login', {
        json: { email: `spray${i}@example.com`, password: 'Spray!123' },
        headers,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sign-ups from one address', () => {
  it('are refused with 429 and Retry-After beyond the hourly limit, which the setting raises', async () => {
    const limited = await createTestApp({ env: { SIGNUPS_PER_HOUR_PER_ADDRESS: '3' } });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.call('POST', '/api/auth/register', {
          json: signupBody(`burst${i}@example.com`),
          headers: from('203.0.113.40'),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      // Another address is not held back by the first one's sign-ups.
      const other = await limited.call('POST', '/api/auth/register', {
        json: signupBody('elsewhere@example.com'),
        headers: from('203.0.113.41'),
      });
      expect(other.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('verification codes', () => {
  it('verify the account once, and only the newest code works', async () => {
    const email = 'verify@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(email) });
    const first = await latestCode(t.database.db, email);
    await new Promise((r) => setTimeout(r, 5));
    expect((await t.call('POST', '/api/auth/resend-verification', { json: { email } })).status).toBe(200);
    const second = await latestCode(t.database.db, email);
    expect(second).not.toBe(first);
    const old = await t.call('POST', '/api/auth/verify', { json: { email, code: first } });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ message: 'Confirmation code is incorrect' });
    const ok = await t.call('POST', '/api/auth/verify', { json: { email, code: second.toLowerCase() } });
    expect(ok.status).toBe(200);
    expect(cookiesOf(ok.headers).some((c) => c.startsWith('isVerified=true'))).toBe(true);
    const again = await t.call('POST', '/api/auth/verify', { json: { email, code: second } });
    expect(again.status).toBe(400);
  });

  it('end a code after five wrong tries, even for the right code afterwards', async () => {
    const email = 'tries@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(email) });
    const code = await latestCode(t.database.db, email);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call('POST', '/api/auth/verify', { json: { email, code: 'ZZZZZZ' } });
      expect(wrong.status).toBe(400);
    }
    const right = await t.call('POST', '/api/auth/verify', { json: { email, code } });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ message: 'Confirmation code is incorrect' });
  });

  it('expire after ten minutes', async () => {
    const email = 'expired@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(email) });
    const code = await latestCode(t.database.db, email);
    await t.database.db.execute(
      sql`update ${verificationCodes} set expires_at = now() - interval '1 second' where user_id = (select id from ${users} where email = ${email})`,
    );
    expect((await t.call('POST', '/api/auth/verify', { json: { email, code } })).status).toBe(400);
  });

  it('limit resends per account with 429', async () => {
    const email = 'resend@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(email) });
    expect((await t.call('POST', '/api/auth/resend-verification', { json: { email } })).status).toBe(200);
    const again = await t.call('POST', '/api/auth/resend-verification', { json: { email } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('require a code and an email or phone', async () => {
    expect((await t.call('POST', '/api/auth/verify', { json: { email: 'a@b.co', code: '' } })).body).toEqual({
      message: 'Confirmation code is required',
    });
    expect((await t.call('POST', '/api/auth/verify', { json: { code: 'ABCDEF' } })).body).toEqual({
      message: 'Email or phone number is required.',
    });
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown accounts, in status, body and time', async () => {
    await verifiedUser(t, 'forgot@example.com');
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await t.call('POST', '/api/auth/forgot-password', { json: { email } });
      return { res, ms: performance.now() - started };
    };
    const known = await timed('forgot@example.com');
    const unknown = await timed('ghost@example.com');
    expect(known.res.status).toBe(unknown.res.status);
    expect(known.res.body).toEqual(unknown.res.body);
    expect(known.ms).toBeGreaterThanOrEqual(290);
    expect(unknown.ms).toBeGreaterThanOrEqual(290);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    expect(await countMessages(t.database.db, 'ghost@example.com')).toBe(0);
  });

  it('sets a new password with the code and signs out every session', async () => {
    const email = 'reset@example.com';
    const token = await verifiedUser(t, email);
    await t.call('POST', '/api/auth/forgot-password', { json: { email } });
    const code = await latestCode(t.database.db, email);
    const weak = await t.call('POST', '/api/auth/reset-password', { json: { email, code, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    const res = await t.call('POST', '/api/auth/reset-password', {
      json: { email, code, newPassword: 'N3w!Password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password reset successful! Redirecting to login...' });
    expect((await t.call('GET', '/api/auth/me', { headers: bearer(token) })).status).toBe(401);
    const oldLogin = await t.call('POST', '/api/auth/login', { json: { email, password: GOOD_PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.call('POST', '/api/auth/login', { json: { email, password: 'N3w!Password' } });
    expect(newLogin.status).toBe(200);
  });

  it('does not accept a verification code as a reset code', async () => {
    const email = 'purpose@example.com';
    await t.call('POST', '/api/auth/register', { json: signupBody(email) });
    const verifyCode = await latestCode(t.database.db, email);
    const res = await t.call('POST', '/api/auth/reset-password', {
      json: { email, code: verifyCode, newPassword: 'N3w!Password' },
    });
    expect(res.status).toBe(400);
  });

  it('works by phone number and texts the code', async () => {
    await t.call('POST', '/api/auth/register', {
      json: signupBody('phone-reset@example.com', { phone_number: '6465550100' }),
    });
    const res = await t.call('POST', '/api/auth/forgot-password', { json: { phone_number: '6465550100' } });
    expect(res.status).toBe(200);
    const code = await latestCode(t.database.db, '+16465550100');
    const reset = await t.call('POST', '/api/auth/reset-password', {
      json: { phone_number: '(646) 555-0100', code, newPassword: 'N3w!Password' },
    });
    expect(reset.status).toBe(200);
  });
});

describe('password change and deletion', () => {
  it('changes the password in two steps and signs out every session', async () => {
    const email = 'change@example.com';
    const token = await verifiedUser(t, email);
    expect(
      (await t.call('POST', '/api/auth/change-password/request', { json: {}, headers: bearer(token) })).status,
    ).toBe(200);
    const code = await latestCode(t.database.db, email);
    const res = await t.call('POST', '/api/auth/change-password', {
      json: { code, newPassword: 'Ch4nged!Pass' },
      headers: bearer(token),
    });
    expect(res.status).toBe(200);
    expect((res.body as { message: string }).message).toBe(
      'Password changed successfully. You can now log in with your new password.',
    );
    expect((await t.call('GET', '/api/auth/me', { headers: bearer(token) })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { json: { email, password: 'Ch4nged!Pass' } })).status).toBe(200);
  });

  it('deletes the account with its sessions, after which nothing works for it', async () => {
    const email = 'delete@example.com';
    const token = await verifiedUser(t, email);
    const res = await t.call('DELETE', '/api/auth/delete', { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'User deleted successfully' });
    expect((await t.call('GET', '/api/auth/me', { headers: bearer(token) })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { json: { email, password: GOOD_PASSWORD } })).status).toBe(401);
    expect((await t.call('DELETE', '/api/auth/delete')).status).toBe(401);
  });
});
