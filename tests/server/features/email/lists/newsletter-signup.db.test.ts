import { eq } from 'drizzle-orm';
import { emailSubscriptions, outboxMessages } from '../../../../../src/server/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesOf } from '../../../../../src/server/features/email/index.ts';
import { countSubscriptions } from '../../../../../src/server/features/email/lists/newsletter-signup.ts';
import { createTestApp, type TestApp } from '../../../../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (json: unknown) => t.call('POST', '/api/email-subscriptions/subscribe', { json });
const total = () => countSubscriptions(t.database.db);

/** The path of the newest confirmation link emailed to an address. */
async function latestLink(email: string): Promise<string> {
  const rows = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  const link = /https?:\/\/\S+\/api\/email-subscriptions\/confirm\?token=[\w-]+/.exec(rows.at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link for ${email}`);
  return new URL(link).pathname + new URL(link).search;
}

describe('newsletter subscription', () => {
  it('stores a new address and answers 201', async () => {
    const res = await subscribe({ email: 'reader@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        email: 'reader@example.com',
        subscribed: true,
        alreadySubscribed: false,
        confirmed: false,
        confirmationSent: true,
      },
    });
    expect(await countSubscriptions(t.database.db, 'reader@example.com')).toBe(1);
  });

  it('tells an address waiting for its link that one was sent, and a confirmed one that it gets the newsletter', async () => {
    const first = await subscribe({ email: 'waiting@example.com' });
    expect(first.body).toMatchObject({ data: { confirmed: false, confirmationSent: true } });
    const again = await subscribe({ email: 'waiting@example.com' });
    expect(again.body).toMatchObject({ data: { alreadySubscribed: true, confirmed: false, confirmationSent: true } });
    await t.call('GET', await latestLink('waiting@example.com'));
    const confirmed = await subscribe({ email: 'waiting@example.com' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      data: { alreadySubscribed: true, confirmed: true, confirmationSent: false },
    });
  });

  it('sends an address that turned the newsletter off a fresh link, which turns it back on', async () => {
    expect((await subscribe({ email: 'left@example.com' })).status).toBe(201);
    await t.call('GET', await latestLink('left@example.com'));
    await t.database.db
      .update(emailSubscriptions)
      .set({ unsubscribedAt: new Date() })
      .where(eq(emailSubscriptions.email, 'left@example.com'));
    const back = await subscribe({ email: 'left@example.com' });
    expect(back.body).toMatchObject({ data: { confirmed: false, confirmationSent: true } });
    expect((await preferencesOf(t.database.db, 'left@example.com')).newsletter).toBe(false);
    const opened = await t.call('GET', await latestLink('left@example.com'));
    expect(opened.headers.get('location')).toBe('/newsletters?confirmed=1');
    expect((await preferencesOf(t.database.db, 'left@example.com')).newsletter).toBe(true);
  });

  it('past the per-client limit keeps a new address and says no link went', async () => {
    const limited = await createTestApp({ env: { SIGNUPS_PER_HOUR_PER_ADDRESS: '1' } });
    try {
      const from = { 'x-forwarded-for': '10.9.9.9' };
      const call = (email: string) =>
        limited.call('POST', '/api/email-subscriptions/subscribe', { json: { email }, headers: from });
      expect((await call('one@example.com')).body).toMatchObject({ data: { confirmationSent: true } });
      const second = await call('two@example.com');
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ data: { confirmed: false, confirmationSent: false } });
      expect(await countSubscriptions(limited.database.db, 'two@example.com')).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('sends a footer sign-up a confirmation link, and the newsletter goes to the address only once it is opened', async () => {
    expect((await subscribe({ email: 'footer@example.com' })).status).toBe(201);
    expect((await preferencesOf(t.database.db, 'footer@example.com')).newsletter).toBe(false);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'footer@example.com'));
    expect(mail?.subject).toBe('RedCap: confirm your newsletter subscription');
    // Transactional: no unsubscribe footer, never held back by a suppression.
    expect(mail?.list).toBeNull();
    const link = new URL(/http\S+confirm\?token=\S+/.exec(mail!.text)![0]);
    const opened = await t.call('GET', `${link.pathname}${link.search}`);
    expect(opened.headers.get('location')).toBe('/newsletters?confirmed=1');
    // A token link: no cache keeps its answer, nor the refusal of a bad one.
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const refused = await t.call('GET', '/api/email-subscriptions/confirm?token=not-a-token');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await preferencesOf(t.database.db, 'footer@example.com')).newsletter).toBe(true);
  });

  it('accepts a repeated address, in any case and with spaces, without storing it twice', async () => {
    const res = await subscribe({ email: '  Reader@EXAMPLE.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        email: 'reader@example.com',
        subscribed: true,
        alreadySubscribed: true,
        confirmed: false,
        confirmationSent: true,
      },
    });
    expect(await countSubscriptions(t.database.db, 'reader@example.com')).toBe(1);
  });

  it('keeps one row when the same address arrives many times at once', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => subscribe({ email: 'race@example.com' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(await countSubscriptions(t.database.db, 'race@example.com')).toBe(1);
  });

  const bad: [string, unknown, string][] = [
    ['a missing email', {}, 'email: Email is required'],
    ['an empty email', { email: '' }, 'email: Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'email: Invalid email format'],
    ['a number', { email: 42 }, 'email: Email is required'],
    ['an array', { email: ['a@b.co'] }, 'email: Email is required'],
    ['an overlong email', { email: `${'a'.repeat(250)}@example.com` }, 'email: Email is too long'],
    ['SQL in the address', { email: "x'; drop table email_subscriptions; --@e.com" }, 'email: Invalid email format'],
    ['HTML in the address', { email: '<script>alert(1)</script>@e.com' }, 'email: Invalid email format'],
    ['odd unicode', { email: '\u202e\u0000@\ud83d\ude00.com' }, 'email: Invalid email format'],
  ];
  it.each(bad)('refuses %s with 400 and a clear message, storing nothing', async (_label, json, message) => {
    const before = await total();
    const res = await subscribe(json);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await total()).toBe(before);
  });

  it('refuses malformed JSON with 400 and non-JSON bodies with 415', async () => {
    const before = await total();
    const broken = await t.call('POST', '/api/email-subscriptions/subscribe', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toHaveProperty('message');
    const form = await t.call('POST', '/api/email-subscriptions/subscribe', {
      body: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: 'Content-Type must be application/json' });
    expect(await total()).toBe(before);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await subscribe({ email: 'big@example.com', padding: 'x'.repeat(200 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large' });
    expect(await countSubscriptions(t.database.db, 'big@example.com')).toBe(0);
  });

  it('never leaks a stack trace in an error answer', async () => {
    const res = await subscribe({ email: 7 });
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(Object.keys(res.body as object)).toEqual(['message']);
  });
});

describe('the newsletter page sign-up', () => {
  const person = (email: string) => ({
    firstName: 'Riley',
    lastName: 'Investor',
    email,
    phone: '(212) 555-0142',
    consent: true,
  });
  const signup = (json: unknown) => t.call('POST', '/api/email-subscriptions/newsletter', { json });

  it('emails a confirmation link that activates the subscription once', async () => {
    const response = await signup(person('riley@example.com'));
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ data: { email: 'riley@example.com', confirmationSent: true } });
    const link = await latestLink('riley@example.com');
    const [stored] = await t.database.db
      .select()
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.email, 'riley@example.com'));
    expect(stored?.confirmedAt).toBeNull();
    expect(stored?.firstName).toBe('Riley');

    const confirmed = await t.call('GET', link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/newsletters?confirmed=1');
    const again = await t.call('GET', link);
    expect(again.headers.get('location')).toBe('/newsletters?confirmed=0');

    const repeat = await signup(person('Riley@Example.com'));
    expect(repeat.body).toEqual({ data: { email: 'riley@example.com', confirmationSent: false } });
  });

  it('sends a fresh link to an address that turned the newsletter off, rather than calling it subscribed', async () => {
    expect((await signup(person('paused@example.com'))).status).toBe(202);
    await t.call('GET', await latestLink('paused@example.com'));
    await t.database.db
      .update(emailSubscriptions)
      .set({ unsubscribedAt: new Date() })
      .where(eq(emailSubscriptions.email, 'paused@example.com'));
    const again = await signup(person('paused@example.com'));
    expect(again.body).toEqual({ data: { email: 'paused@example.com', confirmationSent: true } });
  });

  it('needs every field and the consent box', async () => {
    for (const [field, message] of [
      ['firstName', 'First Name is required'],
      ['lastName', 'Last Name is required'],
      ['phone', 'Phone Number is required'],
    ] as const) {
      const response = await signup({ ...person('fields@example.com'), [field]: '' });
      expect(response.status).toBe(400);
      expect((response.body as { message: string }).message).toContain(message);
    }
    expect((await signup({ ...person('fields@example.com'), consent: false })).status).toBe(400);
    expect((await signup({ ...person('not-an-email') })).status).toBe(400);
    expect((await t.call('GET', '/api/email-subscriptions/confirm?token=made-up')).headers.get('location')).toBe(
      '/newsletters?confirmed=0',
    );
  });

  it('limits how many confirmation emails one address can trigger', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signup(person('flood@example.com'))).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
