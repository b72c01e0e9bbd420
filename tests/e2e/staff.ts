import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The staff account the browser tests' server is started with. */
export const STAFF = { email: 'e2e-editor@example.com', password: 'Edit0r!Desk' };

/** Bearer headers of a fresh staff session, for the tools API. */
export async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: STAFF });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).token}` };
}

/** Polls a page until it answers `status` and (optionally) contains `text`: the rebuild has published. */
export async function waitForPage(page: Page, url: string, status: number, text?: string, timeout = 60_000) {
  await expect
    .poll(
      async () => {
        // A connection the server closes while it swaps in the new site is simply asked again.
        const response = await page.request.get(url).catch(() => null);
        if (response?.status() !== status) return false;
        return text === undefined || (await response.text()).includes(text);
      },
      { timeout, intervals: [500] },
    )
    .toBe(true);
}

/** Polls a page until it no longer contains `text` (a deletion or a change has been published). */
export async function waitForPageWithout(page: Page, url: string, text: string, timeout = 60_000) {
  await expect
    .poll(
      async () => {
        // A failed reading counts as unchanged: it is simply asked again.
        const response = await page.request.get(url).catch(() => null);
        return response ? (await response.text()).includes(text) : true;
      },
      { timeout, intervals: [500] },
    )
    .toBe(false);
}
