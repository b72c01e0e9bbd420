/**
 * The installed app's service worker (docs/product.md §3.7): it takes the
 * page and keeps Chromium's installability, opens visited pages, the
 * reader's favorites and their last screen without a connection, shows the
 * offline page for the rest, offers a published new version with Reload,
 * and leaves nothing of a reader behind after they sign out. The other
 * browser tests run without service workers (playwright.config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { showGrid, waitForPageReady } from './hydration.ts';

test.use({ serviceWorkers: 'allow' });

/** Waits until the worker is active and controls the page, and has been told who reads it. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Whether the worker keeps an answer for this address in some cache. */
const kept = (page: Page, path: string) => page.evaluate(async (p) => (await caches.match(p)) !== undefined, path);

/**
 * The next publish of a new version, as the browser sees it: the published
 * worker's script changes (written anew, never through the links builds
 * share; its compressed copies set aside). Returns what puts it back.
 */
function publishNewWorker(): () => void {
  const file = fs.realpathSync(path.join(process.env.E2E_WORK_DIR!, 'site', 'current', 'sw.js'));
  const original = fs.readFileSync(file);
  const twins = ['.br', '.gz'].filter((suffix) => fs.existsSync(`${file}${suffix}`));
  const replace = (data: Buffer) => {
    fs.writeFileSync(`${file}.next`, data);
    fs.renameSync(`${file}.next`, file);
  };
  for (const suffix of twins) fs.renameSync(`${file}${suffix}`, `${file}${suffix}.kept`);
  replace(Buffer.concat([original, Buffer.from('\n// the next build\n')]));
  return () => {
    replace(original);
    for (const suffix of twins) fs.renameSync(`${file}${suffix}.kept`, `${file}${suffix}`);
  };
}

const gridCell = (page: Page, rowIndex: number, column: string) =>
  page.locator(`.ag-row[row-index="${rowIndex}"] .ag-cell[col-id="${column}"]`);

test('the service worker takes the page, and Chromium still finds the app installable', async ({ page }) => {
  await page.goto('/');
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toMatch(/script-src 'self'/);
});

test('offline, a visited page opens from the device and an unvisited one shows the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/news');
  await controlled(page);
  // The page that installed the worker was fetched before it ran: a visit under its control keeps it.
  await page.reload();
  await waitForPageReady(page);
  await expect.poll(() => kept(page, '/news')).toBe(true);
  await context.setOffline(true);
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(page.url()).toMatch(/\/news$/);
  await expect(page.getByTestId('offline-page')).toHaveCount(0);

  await page.goto('/terms');
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  // The address the reader asked for stays, so trying again asks for it once more.
  expect(new URL(page.url()).pathname).toBe('/terms');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('offline-page')).toHaveCount(0);
});

test('offline, a signed-in reader’s favorites and last screen still open; signing out leaves nothing behind', async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail('offline');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await controlled(page);
  await page.goto('/stocks');
  await showGrid(page);
  await expect(gridCell(page, 0, 'symbol')).toHaveText(/\S/);
  const heart = gridCell(page, 0, 'favorite').getByRole('button');
  // The heart fills at once; the screen is read again once the server has kept the change.
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/stock/favorites') && r.request().method() === 'PATCH'),
    heart.click(),
  ]);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const symbol = (await gridCell(page, 0, 'symbol').textContent())!.trim();
  // The favorites page was never opened: the worker read the list when the reader was named.
  await page.reload();
  await showGrid(page);
  await expect(gridCell(page, 0, 'symbol')).toHaveText(symbol);
  await expect.poll(() => kept(page, '/api/stock/favorites')).toBe(true);
  const names = await cacheNames(page);
  expect(names.filter((name) => name.startsWith('account-') && name !== 'account-guest')).toHaveLength(1);

  await context.setOffline(true);
  await page.goto('/stocks');
  await showGrid(page);
  await expect(gridCell(page, 0, 'symbol')).toHaveText(symbol);
  await expect(gridCell(page, 0, 'favorite').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/favorites');
  await expect(page.getByRole('link', { name: new RegExp(`\\b${symbol}\\b`) }).first()).toBeVisible();

  await context.setOffline(false);
  await page.goto('/');
  await page.getByTestId('profile-menu-button').click();
  // Signing out takes the reader to the home page, loaded anew.
  const left = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await left;
  await expect(page.getByTestId('login-link')).toBeVisible();
  await expect
    .poll(async () =>
      (await cacheNames(page)).filter((name) => name.startsWith('account-') && name !== 'account-guest'),
    )
    .toEqual([]);
  expect(await kept(page, '/api/stock/favorites')).toBe(false);
});

test('a published new version is offered with Reload, and Reload brings it in', async ({ page }) => {
  await page.goto('/');
  await controlled(page);
  const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  const putBack = publishNewWorker();
  try {
    // A page left open asks when it is shown again; here it asks at once.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const prompt = page.getByTestId('snackbar');
    await expect(prompt).toContainText('A new version is available');
    expect(await waiting()).toBe(true);
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
  } finally {
    putBack();
  }
  await expect(page.getByTestId('snackbar')).toHaveCount(0);
  // The version that waited now controls the page: none waits any more.
  expect(await waiting()).toBe(false);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});
