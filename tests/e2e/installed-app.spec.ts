import { expect, test, type Page } from '@playwright/test';
import { waitForIsland } from './hydration.ts';

const barColor = (page: Page) => page.locator('meta[name="theme-color"]').getAttribute('content');

test('offers the site as an app Chromium can install: its manifest, icons, a window of its own and shortcuts', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
  expect(manifest.errors).toEqual([]);
  // Chromium's own verdict on whether it can offer to install the site.
  expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
  const data = JSON.parse(manifest.data) as {
    short_name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(data).toMatchObject({ short_name: 'RedCap', display: 'standalone', start_url: '/' });
  expect(data.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Screener', '/stocks'],
    ['RedChat', '/redchat'],
    ['Favorites', '/favorites'],
  ]);
  expect(data.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of data.icons) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
    // A PNG's width and height are the first fields of its header chunk.
    const png = await answer.body();
    const size = Number(icon.sizes.split('x')[0]);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
});

test('the browser’s bar takes the colour of the theme shown, and keeps it after a reload', async ({ page }) => {
  await page.goto('/');
  expect(await barColor(page)).toBe('#0e0f12');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-ready', '');
  await page.getByTestId('theme-toggle').click();
  expect(await barColor(page)).toBe('#f6f7f9');
  await page.reload();
  expect(await barColor(page)).toBe('#f6f7f9');
});

test('in the installed app a stock chosen in the search opens in RedChat', async ({ page }) => {
  // The window an installed app opens in, as the page's media queries see it (Chromium's emulation has no display mode).
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.replace(/\s/g, '') === '(display-mode:standalone)' ? real('all') : real(query);
  });
  await page.goto('/stocks');
  await waitForIsland(page, 'stock-search');
  const search = page.getByPlaceholder('Choose any stock on the NYSE or NASDAQ');
  await search.fill('A');
  const first = page.getByRole('listbox', { name: 'Matching stocks' }).getByRole('option').first();
  await expect(first).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/redchat\?symbol=[A-Z.]+$/);
});
