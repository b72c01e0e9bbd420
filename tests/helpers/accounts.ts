/** Helpers for identity tests: read codes from the outbox and sign up users. */
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { upsertStaff } from '../../src/server/features/accounts/index.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { outboxMessages } from '../../src/server/schema.ts';
import type { TestApp } from './app.ts';

export const GOOD_PASSWORD = 'Tr4ding!Plan';

/** The code in the newest message sent to a recipient (an email address or +1 phone). */
export async function latestCode(db: Db, recipient: string): Promise<string> {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = /\b([2-9A-HJ-NP-Z]{6})\b/.exec(message?.text.split('\n').find((l) => /code/i.test(l)) ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

export async function countMessages(db: Db, recipient: string): Promise<number> {
  return (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))).length;
}

export function signupBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    username: 'Ann',
    name: 'Ann Investor',
    email,
    phone_number: '2125550123',
    password: GOOD_PASSWORD,
    message_preference: 'email',
    terms_accepted: true,
    ...extra,
  };
}

/** Signs up, verifies with the emailed code, and logs in; returns the bearer token. */
export async function verifiedUser(t: TestApp, email: string): Promise<string> {
  expect((await t.call('POST', '/api/auth/register', { json: signupBody(email) })).status).toBe(201);
  const code = await latestCode(t.database.db, email);
  expect((await t.call('POST', '/api/auth/verify', { json: { email, code } })).status).toBe(200);
  const login = await t.call('POST', '/api/auth/login', { json: { email, password: GOOD_PASSWORD } });
  expect(login.status).toBe(200);
  return (login.body as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Makes a staff account and signs it in; returns its bearer headers. */
export async function staffHeaders(t: TestApp, email = 'editor@example.com'): Promise<Record<string, string>> {
  await upsertStaff(t.database.db, { email, password: GOOD_PASSWORD });
  const login = await t.call('POST', '/api/auth/login', { json: { email, password: GOOD_PASSWORD } });
  expect(login.status).toBe(200);
  return bearer((login.body as { token: string }).token);
}
