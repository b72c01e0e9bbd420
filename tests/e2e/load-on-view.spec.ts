/**
 * The heavy parts of a page load when the reader comes to them, not with the
 * page: a company page's chart library when the price chart comes into view,
 * a client's investor presentation when its frame does, the screener's grid
 * when the grid does. Each still works once there, from the keyboard too.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PHONE, clientCompany, section } from './company-helpers.ts';
import { waitForPageReady } from './hydration.ts';

/** Words found only in the chart library's code and in AG Grid's. */
const CHART_LIBRARY = 'tv-lightweight-charts';
const GRID_LIBRARY = 'ag-root-wrapper';

/** Every script the page fetches, by address, from now on. */
function scriptsFetched(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return urls;
}

/** Whether one of these scripts holds the text. */
async function anyHolds(request: APIRequestContext, urls: Set<string>, text: string): Promise<boolean> {
  for (const url of urls) if ((await (await request.get(url)).text()).includes(text)) return true;
  return false;
}

/** Whether the element starts below the window's foot. */
const belowTheWindow = (locator: Locator) =>
  locator.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight);

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} was not reached in ${limit} presses of Tab`);
}

test('a company’s chart library is fetched only once its price chart comes into view, and the chart then works from the keyboard', async ({
  page,
  request,
}) => {
  const client = await clientCompany(request, { last: true });
  await page.setViewportSize(PHONE);
  const scripts = scriptsFetched(page);
  await page.goto(`/stocks/${client.symbol}/marketdata`);
  await waitForPageReady(page);
  const chart = page.getByTestId('price-chart');
  expect(await belowTheWindow(section(page, 'chart'))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await anyHolds(request, scripts, CHART_LIBRARY)).toBe(false);
  await expect(chart.locator('canvas')).toHaveCount(0);

  // The reader Tabs to the chart's ranges: the chart comes into view and draws.
  const year = chart.getByRole('button', { name: '1Y' });
  await tabTo(page, year);
  await expect(chart.locator('canvas').first()).toBeAttached();
  expect(await anyHolds(request, scripts, CHART_LIBRARY)).toBe(true);
  await expect(chart.getByRole('img', { name: `${client.symbol} price and volume, 3M` })).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(year).toHaveAttribute('aria-pressed', 'true');
  await expect(year).toBeFocused();
  await expect(chart.getByRole('img', { name: `${client.symbol} price and volume, 1Y` })).toBeAttached();
  await expect(chart).toContainText(/over 1Y/);
  await expect(chart.locator('canvas').first()).toBeAttached();
});

test('a client’s overview opens its investor presentation only when the presentation comes into view', async ({
  page,
  request,
}) => {
  const client = await clientCompany(request, { last: true });
  await page.setViewportSize(PHONE);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\.pdf(\?|$)/.test(request.url())) asked.push(request.url());
  });
  await page.goto(`/stocks/${client.symbol}`);
  const frame = section(page, 'investor-presentation').locator('iframe');
  await expect(frame).toHaveCount(1);
  expect(await belowTheWindow(frame)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await expect(frame).not.toHaveAttribute('src', /./);

  await frame.scrollIntoViewIfNeeded();
  const download = section(page, 'investor-presentation').getByRole('link', {
    name: 'Download the presentation (PDF)',
  });
  await expect(frame).toHaveAttribute('src', (await download.getAttribute('href'))!);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
});

test('the screener’s grid is fetched only once it comes into view, and then pages and opens a company from the keyboard', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const scripts = scriptsFetched(page);
  await page.goto('/stocks');
  await waitForPageReady(page);
  const box = page.getByTestId('grid-box');
  expect(await belowTheWindow(box)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await anyHolds(request, scripts, GRID_LIBRARY)).toBe(false);
  await expect(box.getByRole('status', { name: 'Screener results' })).toBeAttached();
  await expect(page.locator('.ag-root')).toHaveCount(0);

  // Tabbing to the controls just above the grid brings it into view: it loads before the reader Tabs into it.
  await tabTo(page, page.getByRole('button', { name: 'Choose columns' }));
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell[col-id="symbol"]')).toHaveText(/^[A-Z.]+$/);
  expect(await anyHolds(request, scripts, GRID_LIBRARY)).toBe(true);
  await expect(page.getByTestId('result-count')).toHaveText(/^1–50 of [\d,]+$/);

  // The grid is one Tab stop; inside it the arrows move and Enter follows the symbol's link.
  for (let presses = 0; presses < 5; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.closest('.ag-root') != null)) break;
  }
  expect(await page.evaluate(() => document.activeElement?.closest('.ag-root') != null)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const focusedSymbol = page.locator('.ag-cell-focus[col-id="symbol"]');
  await expect(focusedSymbol).toHaveText(/^[A-Z.]+$/);
  const symbol = (await focusedSymbol.textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol}/?$`));
});
