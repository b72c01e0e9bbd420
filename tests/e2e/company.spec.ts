/**
 * A listed company's page: its sections in order, the header, the live price
 * and the market stats, on a desktop and a phone; the price chart; the
 * insider, institutional, news and filings tables paged by the server; the
 * breadcrumb; and the analyst report for guests and signed-in readers.
 */
import { expect, test } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import {
  type Filing,
  STOCK_SECTIONS,
  STATS_ROWS,
  INSIDER_FORMS,
  STATUS_LINE,
  PHONE,
  getJson,
  universe,
  filingTotal,
  insiderCount,
  coveredStock,
  section,
  rangeText,
  bodyRows,
  columnTexts,
  horizontalOverflow,
} from './company-helpers.ts';
import { showGrid, waitForIsland } from './hydration.ts';

test('a company page shows its sections in order, the header, the live price, the status line and the market stats', async ({
  page,
  request,
}) => {
  const company = await coveredStock(request);
  const record = (
    await getJson<{ data: { name: string; symbol: string; market: string; last_sale: number } }>(
      request,
      `/api/stock/company/${company.symbol}`,
    )
  ).data;
  // Hold the market record back so the loading state can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/stock/company/${company.symbol}`, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`/stocks/${company.symbol}`);
  const sections = await page
    .locator('section[data-section]')
    .evaluateAll((list) => list.map((s) => s.getAttribute('data-section')));
  expect(sections).toEqual(STOCK_SECTIONS);

  const header = page.getByTestId('stock-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(record.name);
  await expect(header).toContainText(`${record.market}: ${record.symbol}`);
  await waitForIsland(page, 'market-stats');
  await expect(page.getByTestId('market-stats')).toHaveText('Loading market data...');
  await expect(page.getByTestId('quote-header')).toContainText('Loading market data...');
  release();

  await expect(page.getByTestId('quote-price')).toHaveText(/^\$[\d,]+\.\d{2,4}$/);
  await expect(page.getByTestId('quote-header')).not.toContainText('Loading market data...');
  await expect(header.getByTestId('market-status')).toHaveText(STATUS_LINE);
  const stats = page.getByTestId('market-stats');
  await expect(stats.locator('dt')).toHaveText(STATS_ROWS);
  await expect(stats.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Exchange$/ }) })).toHaveText(
    `Exchange${record.market}`,
  );
  await expect(page.getByRole('heading', { name: `About ${record.name}` })).toBeVisible();
  await expect(section(page, 'bio-phases')).toBeVisible();
});

test('a company page fits a phone: no sideways page scroll once every section has loaded', async ({
  page,
  request,
}) => {
  const company = await coveredStock(request);
  await page.setViewportSize(PHONE);
  await page.goto(`/stocks/${company.symbol}`);
  await expect(page.getByTestId('quote-price')).toBeVisible();
  for (const testId of ['price-chart', 'market-stats', 'insider-table', 'filings-table']) {
    await waitForIsland(page, testId);
  }
  // The holders are read when their section comes into view.
  await section(page, 'institutional').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('holdings-table')).toBeVisible();
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeAttached();
  await section(page, 'analyst-reports').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('analyst-login')).toBeVisible();
  await section(page, 'news').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width + 1);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('the price axis labels stay beside the prices: the volume bars have a pane of their own beneath', async ({
  page,
  request,
}) => {
  const company = await coveredStock(request);
  for (const size of [{ width: 1366, height: 900 }, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/stocks/${company.symbol}`);
    await waitForIsland(page, 'price-chart');
    const chart = page.getByTestId('price-chart');
    await expect(chart.locator('canvas').first()).toBeAttached();
    // lightweight-charts lays a chart out as table rows: its panes, then the time axis.
    const paneHeights = () =>
      chart
        .locator('table tr')
        .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height).filter((h) => h > 40));
    await expect.poll(paneHeights).toHaveLength(2);
    const [prices, volume] = await paneHeights();
    expect(prices!).toBeGreaterThan(volume! * 2);
  }
});

test('the price chart switches between 1M, 3M, 6M and 1Y', async ({ page, request }) => {
  const company = await coveredStock(request);
  await page.goto(`/stocks/${company.symbol}`);
  await waitForIsland(page, 'price-chart');
  const chart = page.getByTestId('price-chart');
  const ranges = chart.getByRole('group', { name: 'Chart range' }).getByRole('button');
  await expect(ranges).toHaveText(['1M', '3M', '6M', '1Y']);
  await expect(chart.getByRole('button', { name: '3M' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.getByRole('img', { name: `${company.symbol} price and volume, 3M` })).toBeAttached();
  await chart.getByRole('button', { name: '1Y' }).click();
  await expect(chart.getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.getByRole('button', { name: '3M' })).toHaveAttribute('aria-pressed', 'false');
  await expect(chart.getByRole('img', { name: `${company.symbol} price and volume, 1Y` })).toBeAttached();
  await expect(chart).toContainText(/over 1Y/);
});

test('the insider, institutional and news sections show their first pages', async ({ page, request }) => {
  const company = await coveredStock(request);
  const insider = await insiderCount(request, company.symbol);
  const holdings = (
    await getJson<{ totalItems: number }>(request, `/api/stock/institutional/${company.symbol}`, { pageSize: 5 })
  ).totalItems;
  const news = await getJson<{ data: unknown[] }>(request, `/api/news/symbol/${company.symbol}`, {
    page: 1,
    limit: 10,
  });

  await page.goto(`/stocks/${company.symbol}`);
  await waitForIsland(page, 'insider-table');
  const insiderTable = page.getByTestId('insider-table');
  await expect(bodyRows(insiderTable)).toHaveCount(Math.min(5, insider));
  await expect(insiderTable.getByLabel('Rows per page')).toHaveValue('5');
  await expect(rangeText(insiderTable)).toHaveText(`1–${Math.min(5, insider)} of ${insider}`);

  if (holdings > 0) {
    await section(page, 'institutional').scrollIntoViewIfNeeded();
    const holdingsTable = page.getByTestId('holdings-table');
    await expect(bodyRows(holdingsTable)).toHaveCount(Math.min(25, holdings));
    await expect(holdingsTable.getByLabel('Rows per page')).toHaveValue('25');
  } else {
    await expect(section(page, 'institutional')).toContainText('No institutional holdings reported.');
  }

  await section(page, 'news').scrollIntoViewIfNeeded();
  if (news.data.length > 0) {
    await expect(page.getByTestId('company-news').getByRole('listitem')).toHaveCount(Math.min(10, news.data.length));
  } else {
    await expect(section(page, 'news')).toContainText('No news available.');
  }
});

test('the filings type filter and date narrow the rows; pages and page sizes come from the server', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const company = await coveredStock(request);
  const all = await filingTotal(request, company.symbol);
  const insiderForms = await filingTotal(request, company.symbol, { types: 'Insider transactions' });

  await page.goto(`/stocks/${company.symbol}`);
  await waitForIsland(page, 'filings-table');
  const filings = section(page, 'filings');
  const table = page.getByTestId('filings-table');
  await expect(filings.locator('label').filter({ has: page.getByRole('checkbox') })).toHaveText([
    '8K-related',
    'Annual reports',
    'Quarterly Reports',
    'Insider transactions',
    'Proxies and info statements',
    'Registration statements',
    'Comment letters',
    'Form 6-K',
  ]);
  await expect(bodyRows(table)).toHaveCount(10);
  await expect(rangeText(table)).toHaveText(`1–10 of ${all}`);

  // The next page is the server's second page.
  const second = (
    await getJson<{ data: Filing[] }>(request, `/api/stock/filings/${company.symbol}`, { page: 2, pageSize: 10 })
  ).data;
  await table.getByRole('button', { name: 'Next page' }).click();
  await expect(rangeText(table)).toHaveText(`11–20 of ${all}`);
  await expect(table.locator('tbody tr td:nth-child(3)')).toHaveText(second.map((f) => f.description));
  await expect(table.getByRole('button', { name: 'Previous page' })).toBeEnabled();

  // A smaller page size starts again at the first page.
  await table.getByLabel('Rows per page').selectOption('5');
  await expect(rangeText(table)).toHaveText(`1–5 of ${all}`);
  await expect(bodyRows(table)).toHaveCount(5);

  // Insider transactions only.
  await filings.locator('label').filter({ hasText: 'Insider transactions' }).click();
  await expect(filings.getByRole('checkbox', { name: 'Insider transactions' })).toBeChecked();
  await expect(rangeText(table)).toHaveText(`1–5 of ${insiderForms}`);
  for (const form of await columnTexts(table, 2)) expect(INSIDER_FORMS).toContain(form);
  await table.getByRole('button', { name: 'Next page' }).click();
  await expect(rangeText(table)).toHaveText(`6–${Math.min(10, insiderForms)} of ${insiderForms}`);
  for (const form of await columnTexts(table, 2)) expect(INSIDER_FORMS).toContain(form);

  // Filed on or before a date: the second newest insider filing's date.
  const newest = (
    await getJson<{ data: Filing[] }>(request, `/api/stock/filings/${company.symbol}`, {
      pageSize: 5,
      types: 'Insider transactions',
    })
  ).data;
  const cutoff = newest[1]!.date_as_of_change;
  const beforeCutoff = await filingTotal(request, company.symbol, { types: 'Insider transactions', date: cutoff });
  expect(beforeCutoff).toBeLessThan(insiderForms);
  await filings.getByLabel('Filed on or before').fill(cutoff);
  await expect(rangeText(table)).toHaveText(`1–${Math.min(5, beforeCutoff)} of ${beforeCutoff}`);
  for (const date of await columnTexts(table, 1)) expect(date <= cutoff).toBe(true);
  for (const form of await columnTexts(table, 2)) expect(INSIDER_FORMS).toContain(form);

  await filings.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rangeText(table)).toHaveText(`1–5 of ${all}`);
  await expect(filings.getByRole('checkbox', { name: 'Insider transactions' })).not.toBeChecked();
});

test('a filing’s description links to the filing’s text, in a new tab', async ({ page, request }) => {
  const company = await coveredStock(request);
  await page.goto(`/stocks/${company.symbol}`);
  await waitForIsland(page, 'filings-table');
  const link = page.getByTestId('filings-table').locator('tbody tr').first().getByRole('link');
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/stock\/filing\/.+\.txt$/);
  const text = await request.get(href!);
  expect(text.status()).toBe(200);
  expect(text.headers()['content-type']).toMatch(/^text\/plain/);
  expect((await text.text()).length).toBeGreaterThan(0);
});

test('the breadcrumb’s sector link opens the screener on that sector', async ({ page, request }) => {
  const company = (await universe(request)).find((c) => !c.is_client && c.sector_name === 'Life Sciences')!;
  await page.goto(`/stocks/${company.symbol}`);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Life Sciences' }).click();
  await expect(page).toHaveURL(/\/stocks\?sector=/);
  await expect(page.getByTestId('sector-chip')).toContainText('Life Sciences');
  await waitForIsland(page, 'sector-card');
  const card = page.getByTestId('sector-card').filter({ hasText: 'Life Sciences' });
  await expect(card.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  const cardCount = Number(((await card.textContent()) ?? '').match(/(\d+) compan/)?.[1]);
  await showGrid(page);
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(` of ${cardCount}$`));
});

test('a signed-in reader’s analyst report states the count, average target and range of the rankings beside it', async ({
  page,
  request,
}) => {
  const covered = await coveredStock(request);
  const email = uniqueEmail('figures');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await page.goto(`/stocks/${covered.symbol}`);
  await section(page, 'analyst-reports').scrollIntoViewIfNeeded();
  const rankings = page.getByTestId('analyst-table');
  await expect(bodyRows(rankings).first()).toBeVisible();
  const total = Number((await rangeText(rankings).textContent())!.split(' of ')[1]);
  // The rows the rankings table shows, with their targets unrounded.
  const ratings = (
    await getJson<{ data: { priceTarget: number }[]; total: number }>(
      page.request,
      `/api/stock/analysts/${covered.symbol}`,
      { pageSize: 50 },
    )
  ).data;
  expect(ratings).toHaveLength(total);
  const targets = ratings.map((r) => r.priceTarget);
  const report = page.frameLocator(`iframe[title="Analyst Insights: ${covered.name}"]`);
  const dollars = (n: number) =>
    `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const mean = [...targets].sort((a, b) => a - b).reduce((s, v) => s + v, 0) / targets.length;
  await expect(report.locator('.card').nth(1)).toContainText(`Average price target${dollars(mean)}`);
  await expect(report.locator('.card').nth(2)).toContainText(
    `Target range${dollars(Math.min(...targets))} – ${dollars(Math.max(...targets))}${total} analyst${total === 1 ? '' : 's'}`,
  );
  await expect(report.locator('tbody tr')).toHaveCount(total);
});

test('guests are asked to log in for analyst insights; a signed-in user sees the report and the rankings', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const companies = await universe(request);
  const covered = await coveredStock(request);
  const uncovered = companies.find((c) => !c.is_client && c.totalAnalysts === 0)!;

  await page.goto(`/stocks/${covered.symbol}`);
  await section(page, 'analyst-reports').scrollIntoViewIfNeeded();
  const warning = page.getByTestId('analyst-login');
  await expect(warning).toContainText('Please login to access Analyst Insights and stock data.');
  await expect(warning.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(page.getByTestId('analyst-area')).toHaveCount(0);

  const email = uniqueEmail('analyst');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await page.goto(`/stocks/${covered.symbol}`);
  await section(page, 'analyst-reports').scrollIntoViewIfNeeded();
  const area = page.getByTestId('analyst-area');
  await expect(area.locator(`iframe[title="Analyst Insights: ${covered.name}"]`)).toHaveAttribute(
    'src',
    `/api/stock/analyst-report/${covered.symbol}`,
  );
  const rankings = page.getByTestId('analyst-table');
  await expect(bodyRows(rankings).first()).toBeVisible();
  await expect(rankings.getByRole('columnheader')).toHaveText([
    'Date',
    'Analyst',
    'Rating',
    'Price Target',
    'Rank',
    'Success Rate',
  ]);
  await expect(rangeText(rankings)).toHaveText(/^1–\d+ of \d+$/);
  await expect(page.getByTestId('analyst-login')).toHaveCount(0);

  await page.goto(`/stocks/${uncovered.symbol}`);
  await section(page, 'analyst-reports').scrollIntoViewIfNeeded();
  await expect(section(page, 'analyst-reports')).toContainText('No TipRanks data available.');
  await expect(page.getByTestId('analyst-area')).toHaveCount(0);
});
