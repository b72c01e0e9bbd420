import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForIsland } from './hydration.ts';

/** Where the test server writes messages (its work directory is set in playwright.config.ts). */
export const OUTBOX_DIR = path.join(process.env.E2E_WORK_DIR!, 'data', 'outbox');
export const PASSWORD = 'Tr4ding!Plan';

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Messages written for a recipient, oldest first. */
export function messagesFor(recipient: string): string[] {
  if (!fs.existsSync(OUTBOX_DIR)) return [];
  return fs
    .readdirSync(OUTBOX_DIR)
    .filter((f) => f.endsWith('.eml') || f.endsWith('.json'))
    .sort()
    .map((f) => fs.readFileSync(path.join(OUTBOX_DIR, f), 'utf8'))
    .filter((text) => text.includes(recipient));
}

/**
 * The code in the `nth` message (1-based) sent to a recipient: waits until
 * that message has been delivered to the outbox folder.
 */
export async function codeFor(recipient: string, nth = 1): Promise<string> {
  await expect.poll(() => messagesFor(recipient).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(nth);
  // "Use this code to verify your account: 7KX2PQ" in both emails and texts.
  const code = /code[^:\n]*:\s*([2-9A-HJ-NP-Z]{6})\b/.exec(messagesFor(recipient)[nth - 1]!)?.[1];
  if (!code) throw new Error(`no code in message ${nth} to ${recipient}`);
  return code;
}

/** An account created and verified through the API, ready to log in through the UI. */
export async function verifiedAccount(request: APIRequestContext, email: string): Promise<void> {
  const register = await request.post('/api/auth/register', {
    data: {
      name: 'Casey Trader',
      email,
      phone_number: '2125550142',
      password: PASSWORD,
      message_preference: 'email',
      terms_accepted: true,
    },
  });
  expect(register.status()).toBe(201);
  const verify = await request.post('/api/auth/verify', { data: { email, code: await codeFor(email) } });
  expect(verify.status()).toBe(200);
}

/** Logs in through the login page; by default waits to land on the home page. */
export async function logIn(
  page: Page,
  email: string,
  password = PASSWORD,
  { landOnHome = true }: { landOnHome?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await waitForIsland(page, 'login-form');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (landOnHome) await expect(page).toHaveURL(/localhost:\d+\/$/);
}
