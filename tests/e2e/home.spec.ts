import { expect, test } from '@playwright/test';

test('the home page names 4000 small caps, leads to the screener and charts the three indices', async ({ page }) => {
  for (const path of ['/', '/home']) {
    await page.goto(path);
    const banner = page.getByTestId('home-banner');
    await expect(banner).toContainText('4000 small-cap stocks');
    await expect(banner.getByRole('link', { name: /Explore 4000 small caps/ })).toHaveAttribute('href', '/stocks');
  }
  for (const symbol of ['RUT', 'NQUSS', 'SML']) {
    const chart = page.getByTestId(`index-chart-${symbol}`);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart).toContainText('1M');
  }
  await expect(page.getByTestId('index-chart-RUT')).toContainText('Russell 2000');
});

test('the legal pages carry their sections', async ({ page }) => {
  await page.goto('/legal/privacy_policy');
  for (const heading of ['SMS campaign information', 'Cookies', 'Children', 'Changes to this policy']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Information, not investment advice' })).toBeVisible();
  await page.goto('/userpolicy');
  await expect(page.getByRole('heading', { name: 'User Policy', level: 1 })).toBeVisible();
  const res = await page.goto('/privacypolicy');
  expect(res?.status()).toBe(200);
});

test('a guest sent home from a private page is told why, and the page hydrates without a mismatch', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ['/favorites', '/favorites/Events', '/settings/Profile_Info', '/tools']) {
    await page.goto(path);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByTestId('snackbar')).toHaveText(/Please log in to see that page\./);
    // Every island that hydrates on load has done so.
    await expect(page.locator('astro-island[client="load"][ssr]')).toHaveCount(0);
  }
  expect(errors.filter((e) => /hydrat|Minified React error #4(18|19|22|23|25)/i.test(e))).toEqual([]);
});
