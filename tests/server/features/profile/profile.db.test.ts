/** The signed-in user's profile: name and phone, and how notifications reach them. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../src/server/schema.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the profile', () => {
  it('edits only name and phone, and refuses anything else', async () => {
    const token = await verifiedUser(t, 'profile@example.com');
    const get = await t.call('GET', '/api/profile/profile', { headers: bearer(token) });
    expect(get.body).toEqual({
      data: {
        name: 'Ann Investor',
        phone_number: '2125550123',
        email: 'profile@example.com',
        profile_picture_url: null,
      },
    });
    const put = await t.call('PUT', '/api/profile/profile/update', {
      json: { name: 'Ann B. Investor', phone_number: '(917) 555-0111' },
      headers: bearer(token),
    });
    expect(put.status).toBe(200);
    expect((put.body as { data: { phone_number: string } }).data.phone_number).toBe('9175550111');
    for (const json of [
      { email: 'hijack@example.com' },
      { name: 'x', role: 'staff' },
      { phone_number: 'call me' },
      { name: '' },
    ]) {
      const res = await t.call('PUT', '/api/profile/profile/update', { json, headers: bearer(token) });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const after = await t.call('GET', '/api/profile/profile', { headers: bearer(token) });
    expect(after.body).toEqual({
      data: {
        name: 'Ann B. Investor',
        phone_number: '9175550111',
        email: 'profile@example.com',
        profile_picture_url: null,
      },
    });
    expect((await t.call('GET', '/api/profile/profile')).status).toBe(401);
  });

  it('switches the notification method, except for Google accounts', async () => {
    const token = await verifiedUser(t, 'method@example.com');
    const put = await t.call('PUT', '/api/profile/profile/message-preference', {
      json: { message_preference: 'phone' },
      headers: bearer(token),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ message: 'Notification method updated successfully!' });
    const get = await t.call('GET', '/api/profile/profile/message-preference', { headers: bearer(token) });
    expect(get.body).toEqual({ data: { message_preference: 'phone', googleUser: false } });
    await t.database.db.update(users).set({ googleSubject: 'google-123' }).where(eq(users.email, 'method@example.com'));
    const google = await t.call('PUT', '/api/profile/profile/message-preference', {
      json: { message_preference: 'email' },
      headers: bearer(token),
    });
    expect(google.status).toBe(403);
  });
});
