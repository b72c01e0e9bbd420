import { expect, request as requests, type APIRequestContext, type Page } from '@playwright/test';

/** The staff account the browser tests' server is started with. */
export const STAFF = { email: 'e2e-editor@example.com', password: 'Edit0r!Desk' };

/** Bearer headers of a fresh staff session, for the console API. */
export async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: STAFF });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).token}` };
}

/**
 * The demo client each test that edits a client's record, landing page or
 * leaders takes, by position in ticker order: a client of its own, so that
 * running side by side their version checks never meet. Tests that only
 * name a company take the first.
 */
export const EDITED_CLIENT = { clientsManagement: 0, landingPage: 1, staffXss: 2 } as const;

/** The ticker of the demo client at `position` in ticker order (see EDITED_CLIENT). */
export async function demoClient(
  request: APIRequestContext,
  headers: Record<string, string>,
  position = 0,
): Promise<string> {
  const response = await request.get('/api/tools/clients?limit=100', { headers });
  const clients = ((await response.json()) as { data: { company_symbol: string }[] }).data;
  return clients[position]!.company_symbol;
}

/** One staff session per test worker for reading the build's state: signing in for every wait would be slowed down. */
let statusHeaders: Promise<Record<string, string>> | null = null;
/**
 * The build's state is read with a request context of its own: a page's
 * context carries the page's own session cookie, and signing in over it is
 * refused.
 */
let statusContext: Promise<APIRequestContext> | null = null;

interface BuildStatus {
  state: 'idle' | 'building' | 'failed';
  lastError: string | null;
  publishedThrough: number | null;
  currentBuild: string | null;
}

/** The context that reads the build's state, made once per worker. */
function statusRequest(): Promise<APIRequestContext> {
  // The runner's workers inherit the server's port (playwright.config.ts).
  statusContext ??= requests.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT}` });
  return statusContext;
}

/**
 * The build's state as the console reads it, signed in as staff; null when
 * the reading fails (the server swapping in a new site): it is simply taken
 * again.
 */
async function readBuildStatus(): Promise<BuildStatus | null> {
  const request = await statusRequest();
  statusHeaders ??= staffHeaders(request).catch((error: unknown) => {
    statusHeaders = null;
    throw error;
  });
  const response = await request.get('/api/site/build', { headers: await statusHeaders }).catch(() => null);
  // A session a test ended (signing the staff member out everywhere) is replaced.
  if (response?.status() === 401) statusHeaders = null;
  return response?.ok() ? ((await response.json()) as { data: BuildStatus }).data : null;
}

/**
 * Waits until the site is published through every content change made so
 * far: the signal the console's publish progress follows. Said with the
 * last build's error when it does not come.
 */
export async function waitForPublished(timeout: number): Promise<void> {
  const request = await statusRequest();
  const deadline = Date.now() + timeout;
  const target = ((await (await request.get('/api/content/cursor')).json()) as { cursor: number }).cursor;
  for (;;) {
    const status = await readBuildStatus();
    if (status && (status.publishedThrough ?? 0) >= target) return;
    if (Date.now() > deadline) {
      const failure =
        status?.state === 'failed' && status.lastError ? `: the last build failed (${status.lastError})` : '';
      throw new Error(`The site was not published through content change ${target} in time${failure}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** After publishing, how long a page may take to answer as published (the new site is swapped in). */
const SERVED_TIMEOUT = 15_000;

/**
 * Asks for `url` until `served` says yes. Said with what the page answered
 * last and the build's state when the time is up: a page missing from a
 * build that says it published everything is told apart from a slow swap.
 */
async function pollServed(
  page: Page,
  url: string,
  served: (status: number, body: string) => boolean,
  wanted: string,
): Promise<void> {
  const deadline = Date.now() + SERVED_TIMEOUT;
  let seen = 'no answer';
  for (;;) {
    // A connection the server closes while it swaps in the new site is simply asked again.
    const response = await page.request.get(url).catch(() => null);
    if (response) {
      const body = await response.text();
      if (served(response.status(), body)) return;
      seen = `${response.status()}: ${body.replace(/\s+/g, ' ').slice(0, 300)}`;
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer ${wanted} once published (${await buildState()}); it answered ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The build's state, for a failure's message. */
async function buildState(): Promise<string> {
  const status = await readBuildStatus().catch(() => null);
  if (!status) return 'build state unknown';
  const { state, publishedThrough, currentBuild, lastError } = status;
  return JSON.stringify({ state, publishedThrough, currentBuild, lastError });
}

/** Waits for the rebuild that publishes the changes made so far, then until a page answers `status` (and contains `text`). */
export async function waitForPage(page: Page, url: string, status: number, text?: string, timeout = 60_000) {
  await waitForPublished(timeout);
  await pollServed(
    page,
    url,
    (answered, body) => answered === status && (text === undefined || body.includes(text)),
    `${status}${text === undefined ? '' : ` with “${text}”`}`,
  );
}

/** Waits for the rebuild that publishes the changes made so far, then until a page no longer contains `text`. */
export async function waitForPageWithout(page: Page, url: string, text: string, timeout = 60_000) {
  await waitForPublished(timeout);
  await pollServed(page, url, (_, body) => !body.includes(text), `without “${text}”`);
}
