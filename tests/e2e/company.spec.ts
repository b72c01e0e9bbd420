import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { waitForIsland } from './hydration.ts';

/** A company as the screener lists it. */
interface Listed {
  symbol: string;
  name: string;
  market: string | null;
  is_client: boolean;
  sector_name: string | null;
  totalAnalysts: number | null;
}

interface Filing {
  filing_type: string;
  description: string;
  raw_text_link: string;
  date_as_of_change: string;
}

interface Webinar {
  id: number;
  title: string;
  replayLink: string | null;
}

const STOCK_SECTIONS = [
  'description',
  'chart',
  'market-stats',
  'insider',
  'filings',
  'institutional',
  'bio-phases',
  'analyst-reports',
  'news',
];

const STATS_ROWS = [
  'Open',
  'Previous Close',
  "Day's Range",
  '52-Week Range',
  'Volume',
  'Average Volume',
  'Market Cap',
  'Shares Outstanding',
  'Exchange',
  'Sector',
  'Industry',
  'IPO Year',
  'Country',
];

const INSIDER_FORMS = ['3', '4', '5', '144', 'SC 13D', 'SC 13G', 'SC 13G/A'];

const STATUS_LINE = /^(Market is closed due to the holiday\.|As of .* E[SD]T|At close: .* E[SD]T)$/;

const PHONE = { width: 390, height: 844 };

async function getJson<T>(request: APIRequestContext, url: string, params?: Record<string, string | number>) {
  const response = await request.get(url, { params });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Every listed company, by symbol, through the screener's GraphQL query. */
async function universe(request: APIRequestContext): Promise<Listed[]> {
  const all: Listed[] = [];
  for (let page = 1; ; page++) {
    const response = await request.post('/api/graphql', {
      data: {
        query: `{ filteredCompanies(data:{page:${page},pageSize:1000}) { totalPages companies { symbol name market is_client sector_name totalAnalysts } } }`,
      },
    });
    expect(response.status()).toBe(200);
    const { companies, totalPages } = (await response.json()).data.filteredCompanies as {
      companies: Listed[];
      totalPages: number;
    };
    all.push(...companies);
    if (page >= totalPages) return all;
  }
}

const filingTotal = async (request: APIRequestContext, symbol: string, params: Record<string, string> = {}) =>
  (await getJson<{ totalItems: number }>(request, `/api/stock/filings/${symbol}`, { pageSize: 5, ...params }))
    .totalItems;

async function insiderCount(request: APIRequestContext, symbol: string): Promise<number> {
  const response = await request.post('/api/graphql', {
    data: { query: `{ company(symbol:${JSON.stringify(symbol)}) { insiderOwnershipRecords { purchaser } } }` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.company.insiderOwnershipRecords.length;
}

/**
 * A company that is not a client, covered by analysts, with more than two
 * pages of filings of which more than one page of five are insider forms.
 */
async function coveredStock(request: APIRequestContext): Promise<Listed> {
  for (const company of (await universe(request)).filter((c) => !c.is_client && (c.totalAnalysts ?? 0) > 0)) {
    if (
      (await filingTotal(request, company.symbol)) > 20 &&
      (await filingTotal(request, company.symbol, { types: 'Insider transactions' })) > 5 &&
      (await insiderCount(request, company.symbol)) > 0
    )
      return company;
  }
  throw new Error('no covered company with enough filings in the demo universe');
}

/** A client company with its landing page, a team, a webinar replay and more than five insider records. */
async function clientCompany(request: APIRequestContext) {
  for (const company of (await universe(request)).filter((c) => c.is_client)) {
    if ((await request.get(`/api/stock/landing/${company.symbol}`)).status() !== 200) continue;
    const team = (await getJson<{ data: { name: string }[] }>(request, `/api/stock/team/${company.symbol}`)).data;
    const webinars = (await getJson<{ data: Webinar[] }>(request, `/api/events/company/${company.symbol}`)).data;
    const bioPhases = await getJson<unknown[]>(request, `/api/stock/bio-phases/${company.symbol}`);
    const insider = await insiderCount(request, company.symbol);
    if (team.length > 0 && webinars.some((w) => w.replayLink) && insider > 5) {
      return { ...company, webinars, insider, hasBioPhases: bioPhases.length > 0 };
    }
  }
  throw new Error('no client company with a team, a replay and insider records in the demo universe');
}

const section = (page: Page, id: string) => page.locator(`section[data-section="${id}"]`);

/** The '1–10 of 34' line under a paged table. */
const rangeText = (table: Locator) => table.getByText(/^\d+–\d+ of [\d,]+$/);

const bodyRows = (table: Locator) => table.locator('tbody tr');

/** The texts of one column (1-based) of a paged table, top to bottom. */
const columnTexts = (table: Locator, column: number) =>
  table.locator(`tbody tr td:nth-child(${column})`).allTextContents();

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

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

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: PHONE },
]) {
  test(`a client company on a ${viewport.name} shows its header, the tab bar and the overview`, async ({
    page,
    request,
  }) => {
    const client = await clientCompany(request);
    const symbol = client.symbol;
    await page.setViewportSize(viewport.size);
    await page.goto(`/stocks/${symbol}`);

    const header = page.getByTestId('client-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(client.name);
    await expect(header).toContainText(`${client.market}: ${symbol}`);
    await expect(header.getByTestId('quote-price')).toHaveText(/^\$[\d,]+\.\d{2,4}$/);
    await expect(header.getByTestId('market-status')).toHaveText(STATUS_LINE);

    const tabs = page.getByTestId('company-tabs');
    await expect(tabs.getByRole('link')).toHaveText([
      'About',
      'Market Data',
      'News',
      'Analyst Reports',
      'Leadership',
      'SEC Filings',
      'Videos',
      'Webinar Archive',
      ...(client.hasBioPhases ? ['Bio Phase'] : []),
      'Podcast',
    ]);
    await expect(tabs.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(tabs.getByRole('link', { name: 'Leadership' })).toHaveAttribute('href', `/stocks/${symbol}/team`);

    const overview = page.getByTestId('company-overview');
    await expect(overview.getByRole('link', { name: 'Research Profile' })).toHaveAttribute(
      'href',
      `/Reports/${symbol}_FactSheet.pdf`,
    );
    await expect(overview.getByRole('link', { name: 'Value Proposition', exact: true })).toHaveAttribute(
      'href',
      '#value-proposition',
    );
    await expect(overview.getByRole('link', { name: 'Investment Highlights', exact: true })).toHaveAttribute(
      'href',
      '#investment-highlights',
    );
    await expect(overview.getByRole('heading', { name: 'Company Overview' })).toBeVisible();
    await expect(overview.getByRole('heading', { name: 'Disclosure' })).toBeVisible();
    await overview.getByRole('link', { name: 'Investment Highlights', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/stocks/${symbol}#investment-highlights$`));
    await expect(page.locator('#investment-highlights')).toBeInViewport();

    await waitForIsland(page, 'quote-header');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.size.width + 1,
    );
  });
}

test('the Research Profile is the company’s fact sheet as a PDF', async ({ page, request }) => {
  const client = await clientCompany(request);
  await page.goto(`/stocks/${client.symbol}`);
  const link = page.getByTestId('company-overview').getByRole('link', { name: 'Research Profile' });
  await expect(link).toHaveAttribute('target', '_blank');
  const response = await request.get((await link.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('Receive News Alerts opens the sign-up form in a dialog that closes again', async ({ page, request }) => {
  const client = await clientCompany(request);
  await page.goto(`/stocks/${client.symbol}`);
  await page.getByRole('button', { name: 'Receive News Alerts' }).click();
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('news-alert-form')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});

test('each client tab is its own page, marked current in the tab bar', async ({ page, request }) => {
  const client = await clientCompany(request);
  const symbol = client.symbol;
  const tabs = page.getByTestId('company-tabs');

  await page.goto(`/stocks/${symbol}/team`);
  await expect(tabs.getByRole('link', { name: 'Leadership' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current', /.*/);
  await expect(page.getByRole('heading', { name: 'Leadership', level: 2 })).toBeVisible();

  await tabs.getByRole('link', { name: 'Webinar Archive' }).click();
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol}/webinar$`));
  await expect(tabs.getByRole('link', { name: 'Webinar Archive' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Webinar Archive', level: 2 })).toBeVisible();

  await page.goto(`/stocks/${symbol}/videos`);
  const videoLinks = page.getByTestId('company-videos').getByRole('link');
  await expect(videoLinks.first()).toBeVisible();
  for (const href of await videoLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(/^\/video\/\d+$/);
  }

  await page.goto(`/stocks/${symbol}/podcast`);
  await expect(tabs.getByRole('link', { name: 'Podcast' })).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('button', { name: `Play the ${client.name} episode` }).or(page.getByText('COMING SOON...')),
  ).toBeVisible();

  await page.goto(`/stocks/${symbol}/secfilings`);
  await waitForIsland(page, 'filings-table');
  await expect(page.getByTestId('filings-table')).toBeVisible();
  await expect(page.getByText('Filed on or before')).toBeVisible();

  await page.goto(`/stocks/${symbol}/analyst-reports`);
  await expect(page.getByTestId('analyst-login')).toContainText(
    'Please login to access Analyst Insights and stock data.',
  );
});

test('Read Full Bio opens the leader’s bio in a dialog and Close closes it', async ({ page, request }) => {
  const client = await clientCompany(request);
  await page.goto(`/stocks/${client.symbol}/team`);
  const card = page.getByTestId('team').getByRole('listitem').first();
  const name = (await card.getByRole('heading', { level: 3 }).first().textContent())!.trim();
  await card.getByRole('button', { name: 'Read Full Bio' }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.article-body')).not.toBeEmpty();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Read Full Bio' })).toBeVisible();
});

test('a webinar replay opens in a new tab', async ({ page, request, context }) => {
  const client = await clientCompany(request);
  const replay = client.webinars.find((w) => w.replayLink)!;
  // The replay host is outside the test world: answer for it.
  await context.route(
    (url) => url.href.startsWith(replay.replayLink!),
    (route) => route.fulfill({ contentType: 'text/html', body: '<title>Replay</title><p>Replay</p>' }),
  );
  await page.goto(`/stocks/${client.symbol}/webinar`);
  await expect(page.getByRole('heading', { name: 'Webinar Archive', level: 2 })).toBeVisible();
  await expect(page.getByTestId('webinar-card')).toHaveCount(client.webinars.length);
  const card = page.getByTestId('webinar-card').filter({ has: page.locator(`a[href="${replay.replayLink}"]`) });
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(replay.title);
  await expect(card.getByTestId('favorite-toggle')).toBeVisible();
  const link = card.getByRole('link', { name: 'Watch Replay' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', replay.replayLink!);
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(popup).toHaveURL(replay.replayLink!);
  expect(page.url()).toMatch(new RegExp(`/stocks/${client.symbol}/webinar$`));
  await popup.close();
});

test('the insider table shows ten rows per page when asked', async ({ page, request }) => {
  const client = await clientCompany(request);
  await page.goto(`/stocks/${client.symbol}/marketdata`);
  await waitForIsland(page, 'insider-table');
  const table = page.getByTestId('insider-table');
  await expect(bodyRows(table)).toHaveCount(5);
  await table.getByLabel('Rows per page').selectOption('10');
  await expect(bodyRows(table)).toHaveCount(Math.min(10, client.insider));
  await expect(rangeText(table)).toHaveText(`1–${Math.min(10, client.insider)} of ${client.insider}`);
});

test('clicking a symbol in the screener opens that company’s page', async ({ page, request }) => {
  await page.goto('/stocks');
  // The grid draws its rows, then each symbol cell's link.
  const link = page.locator('.ag-row[row-index="2"] .ag-cell[col-id="symbol"]').getByRole('link');
  await expect(link).toHaveText(/^[A-Z][A-Z.]*$/);
  const symbol = (await link.textContent())!.trim();
  await expect(link).toHaveAttribute('href', `/stocks/${symbol}`);
  const { name } = (await getJson<{ data: { name: string } }>(request, `/api/stock/company/${symbol}`)).data;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol.replace('.', '\\.')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

for (const path of ['/stocks/ZZZZZZ', '/stocks/zzzzzz', '/stocks/ZZZZZZ/team']) {
  test(`an unknown symbol's address ${path} answers 404 with the site's 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
}

test('a lower-case ticker leads to the company’s page; a tab address of a company that is not a client leads to its one page', async ({
  page,
  request,
}) => {
  const companies = await universe(request);
  const stock = companies.find((c) => !c.is_client)!;
  const client = companies.find((c) => c.is_client)!;

  await page.goto(`/stocks/${stock.symbol.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`/stocks/${stock.symbol}$`));
  await expect(page.getByTestId('stock-header').getByRole('heading', { level: 1 })).toHaveText(stock.name);

  const tab = await page.goto(`/stocks/${stock.symbol}/team`);
  expect(tab?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/stocks/${stock.symbol}$`));
  await expect(page.getByTestId('stock-header').getByRole('heading', { level: 1 })).toHaveText(stock.name);

  await page.goto(`/stocks/${client.symbol.toLowerCase()}/team`);
  await expect(page).toHaveURL(new RegExp(`/stocks/${client.symbol}/team$`));
  await expect(page.getByTestId('company-tabs').getByRole('link', { name: 'Leadership' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
