/**
 * The heavy parts of a page load when the reader comes to them, not with the
 * page: a company page's chart library when the price chart comes into view,
 * a client's investor presentation when its frame does. Each still works once
 * there, from the keyboard too.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PHONE, clientCompany, section } from './company-helpers.ts';
import { waitForPageReady } from './hydration.ts';

/** Words found only in the chart library's code. */
const CHART_LIBRARY = 'tv-lightweight-charts';

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
  const client = await clientCompany(request);
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
  const client = await clientCompany(request);
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
  const download = section(page, 'investor-presentation').getByRole('link', { name: 'Download the presentation (PDF)' });
  await expect(frame).toHaveAttribute('src', (await download.getAttribute('href'))!);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
});
