import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { showGrid, waitForIsland } from './hydration.ts';

/** The e2e server seeds this many companies (playwright.config.ts). */
const UNIVERSE = 400;

async function openScreener(page: Page, query = '') {
  await page.goto(`/stocks${query}`);
  await showGrid(page);
  // Drawn with its data: a row's cells show before their text does.
  await expect(gridCell(page, 0, 'symbol')).toHaveText(/\S/);
}

const gridCell = (page: Page, rowIndex: number, column: string) =>
  page.locator(`.ag-row[row-index="${rowIndex}"] .ag-cell[col-id="${column}"]`);

/** The cells of one column, in the order the rows are drawn. */
const columnCells = (page: Page, column: string) => page.locator(`.ag-row .ag-cell[col-id="${column}"]`);

async function columnTexts(page: Page, column: string): Promise<string[]> {
  return columnCells(page, column).evaluateAll((cells) =>
    cells
      .map((c) => [Number(c.closest('.ag-row')?.getAttribute('row-index')), c.textContent?.trim() ?? ''] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, text]) => text),
  );
}

const countText = (page: Page) => page.getByTestId('result-count');

/** Symbols of the rendered rows, top to bottom. */
const symbols = (page: Page) => columnTexts(page, 'symbol');

const number = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

test('the screener opens with the banner, nine sectors, the default filters and 50 rows by symbol', async ({
  page,
}) => {
  await openScreener(page);
  await expect(page.getByTestId('redchat-banner')).toContainText('USE REDCHAT');
  await expect(page.getByTestId('redchat-banner')).toContainText('YOUR AI ASSISTANT FOR STOCK RESEARCH');
  await expect(page.getByTestId('sector-card')).toHaveCount(9);
  const chips = page.getByTestId('filter-chip').locator('label');
  await expect(chips).toHaveText(['Market Cap', 'Volume', 'Shares Outstanding', 'Bio Phase']);
  await expect(countText(page)).toHaveText(`1–50 of ${UNIVERSE}`);
  const list = await symbols(page);
  expect(list.length).toBeGreaterThan(10);
  expect([...list].sort()).toEqual(list);
  for (const header of ['Symbol', 'Name', 'Market Cap', 'Last Price', 'Change %', 'IPO Year', 'Volume']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await page.getByText('Data Disclosure').click();
  await expect(page.getByTestId('data-disclosure')).toContainText('cleared at 3:30am EST');
  await expect(page.getByTestId('data-disclosure')).toContainText('highest percentage price rise');
  // /stocks/Screener is the same page.
  await page.goto('/stocks/Screener');
  await expect(page.getByRole('heading', { name: 'Stock Screener' })).toBeVisible();
});

test('adding a filter narrows the list, lives in the link and survives a reload', async ({ page }) => {
  await openScreener(page);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('group', { name: 'Price' }).getByRole('button', { name: 'Last Price' }).click();
  await page.getByLabel('Last Price', { exact: true }).selectOption('10 to 500');
  await expect(page).toHaveURL(/Last\+Price=10\+to\+500/);
  await expect(countText(page)).not.toHaveText(`1–50 of ${UNIVERSE}`);
  const narrowed = await countText(page).textContent();
  // The rows follow the count once the new page has arrived.
  await expect(async () => {
    const prices = await columnTexts(page, 'last_sale');
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(number(price)).toBeGreaterThanOrEqual(10);
  }).toPass();

  await page.reload();
  await showGrid(page);
  await expect(countText(page)).toHaveText(narrowed!);
  await expect(page.getByLabel('Last Price', { exact: true })).toHaveValue('10 to 500');

  // The link alone reproduces the screen in a fresh browser.
  const link = page.url();
  const other = await page.context().browser()!.newPage();
  await other.goto(link);
  await showGrid(other);
  await expect(other.getByTestId('result-count')).toHaveText(narrowed!);
  await other.close();
});

test('sorting by a column header orders the rows on the server, both ways', async ({ page }) => {
  await openScreener(page);
  const header = page.getByRole('columnheader', { name: 'Last Price', exact: true });
  await header.click();
  await expect(page).toHaveURL(/sort=last_sale/);
  await expect(page).not.toHaveURL(/dir=desc/);
  await expect(async () => {
    const prices = (await columnTexts(page, 'last_sale')).map(number);
    expect(prices.length).toBeGreaterThan(5);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass();
  await header.click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(async () => {
    const prices = (await columnTexts(page, 'last_sale')).map(number);
    expect(prices.length).toBeGreaterThan(5);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  }).toPass();
});

test('pages and page sizes come from the server and show in the link', async ({ page }) => {
  await openScreener(page);
  const firstPage = await symbols(page);
  await page.getByRole('button', { name: 'Next Page' }).click();
  await expect(countText(page)).toHaveText(`51–100 of ${UNIVERSE}`);
  await expect(page).toHaveURL(/page=2/);
  await expect(async () => {
    const second = await symbols(page);
    expect(second[0]! > firstPage[firstPage.length - 1]!).toBe(true);
  }).toPass();

  await page.locator('.ag-paging-page-size .ag-picker-field-wrapper').click();
  await page.getByRole('option', { name: '20', exact: true }).click();
  await expect(page).toHaveURL(/size=20/);
  await expect(countText(page)).toHaveText(`1–20 of ${UNIVERSE}`);
  await expect(columnCells(page, 'symbol')).toHaveCount(20);
});

test('the column chooser adds a column with its data and remembers it', async ({ page }) => {
  await openScreener(page);
  await page.getByRole('button', { name: 'Choose columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Symbol' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Net Change' }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Net Change', exact: true })).toBeVisible();
  await expect(async () => {
    const values = await columnTexts(page, 'net_change');
    expect(values.length).toBeGreaterThan(5);
    for (const value of values) expect(value).toMatch(/^[+-]?[\d,]+\.\d{2,3}$|^0\.00$|^—$/);
  }).toPass();
  await page.reload();
  await showGrid(page);
  await expect(page.getByRole('columnheader', { name: 'Net Change', exact: true })).toBeVisible();
});

test('Export CSV downloads every row of the screen in its order', async ({ page }) => {
  await openScreener(page, '?Markets=NASDAQ&sort=volume&dir=desc');
  await expect(countText(page)).toContainText(' of ');
  const total = number((await countText(page).textContent())!.split('of')[1]!);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file!, 'utf8').trim().split('\n');
  const header = lines[0]!.split(',');
  expect(header.slice(0, 2)).toEqual(['symbol', 'name']);
  expect(lines.length - 1).toBe(total);
  const marketAt = header.indexOf('market');
  const volumeAt = header.indexOf('volume');
  const rows = lines.slice(1).map((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '')));
  expect(rows.every((r) => r[marketAt] === 'NASDAQ')).toBe(true);
  const volumes = rows.map((r) => Number(r[volumeAt]));
  expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
});

test('Reset clears every filter and the sector; an empty screen offers Reset Filters', async ({ page }) => {
  await page.goto('/stocks?Last+Price=0+to+0.0001&Ipo+Year=1939+to+1940&sector=technology');
  await showGrid(page);
  await expect(page.getByTestId('empty-screen')).toContainText('No results found with the current filters.');
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(countText(page)).toHaveText(`1–50 of ${UNIVERSE}`);
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await expect(page.getByTestId('sector-chip')).toHaveCount(0);
  await expect(page).toHaveURL(/\/stocks$/);

  // The Reset button of the panel does the same.
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('button', { name: 'Markets' }).click();
  await page.getByLabel('Markets', { exact: true }).selectOption('NYSE');
  await expect(countText(page)).not.toHaveText(`1–50 of ${UNIVERSE}`);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(countText(page)).toHaveText(`1–50 of ${UNIVERSE}`);
});

test('an empty screen says so once, with the way out', async ({ page }) => {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/stocks?Last+Price=0+to+0.0001&Ipo+Year=1939+to+1940');
    await showGrid(page);
    const empty = page.getByTestId('empty-screen');
    await expect(empty).toBeVisible();
    await expect(empty).toContainText('No results found with the current filters.');
    await expect(empty.getByRole('button', { name: 'Reset Filters' })).toBeVisible();
    // Nothing else on the page tells the reader the list is empty.
    const results = page.locator('section[aria-labelledby="results-title"]');
    await expect(results.getByText(/no (rows|results|matches)/i)).toHaveCount(1);
  }
});

test('on a phone the Add and Columns menus open inside the screen, above the bottom bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreener(page);
  await waitForIsland(page, 'filter-chip');
  const bottomBar = await page.getByTestId('bottom-nav').boundingBox();
  for (const name of ['Add filter', 'Choose columns']) {
    const button = page.getByRole('button', { name });
    await button.click();
    const menu = page.locator('[data-popover-panel]');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button').or(menu.getByRole('checkbox')).first()).toBeInViewport();
    const box = (await menu.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    expect(box.y, name).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, name).toBeLessThanOrEqual(bottomBar!.y);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  }
});

test('a sector card and its sub-sector narrow the list to that part of the economy', async ({ page }) => {
  await openScreener(page);
  await waitForIsland(page, 'sector-card');
  const card = page.getByTestId('sector-card').filter({ hasText: 'Finance' });
  await card.getByRole('button').click();
  await expect(card.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/sector=finance/);
  await expect(countText(page)).not.toHaveText(`1–50 of ${UNIVERSE}`);
  const financeCount = await countText(page).textContent();
  await card.getByLabel('Finance sub-sector').selectOption({ index: 1 });
  await expect(page).toHaveURL(/industry=\d+/);
  await expect(countText(page)).not.toHaveText(financeCount!);
});

test('a guest who taps a heart is asked to log in', async ({ page }) => {
  await openScreener(page);
  await gridCell(page, 0, 'favorite').getByRole('button').click();
  await expect(page.getByTestId('snackbar')).toContainText('Log in to keep favorite companies.');
  await expect(page.getByTestId('snackbar').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});

test('a signed-in user favorites a company at once, keeps it, and sees a failed change undone', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('hearts');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await openScreener(page);
  const heart = gridCell(page, 0, 'favorite').getByRole('button');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const symbol = (await symbols(page))[0]!;
  await expect
    .poll(async () =>
      (await (await page.request.get('/api/stock/favorites')).json()).data.map((c: { symbol: string }) => c.symbol),
    )
    .toContain(symbol);
  await page.reload();
  await showGrid(page);
  await expect(gridCell(page, 0, 'favorite').getByRole('button')).toHaveAttribute('aria-pressed', 'true');

  // The server refuses the next change, slowly: the heart flips at once, then flips back.
  await page.route('**/api/stock/favorites', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return route.fulfill({ status: 503, json: { message: 'Favorites are unavailable right now.' } });
  });
  await gridCell(page, 0, 'favorite').getByRole('button').click();
  await expect(gridCell(page, 0, 'favorite').getByRole('button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('snackbar')).toContainText('Favorites are unavailable right now.');
  await expect(gridCell(page, 0, 'favorite').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
});

test('searching for a stock and pressing Enter opens its company page', async ({ page }) => {
  await openScreener(page);
  // The fourth row's symbol, once the grid has drawn it (its rows arrive one after another).
  await expect(gridCell(page, 3, 'symbol')).toHaveText(/\S/);
  const symbol = (await gridCell(page, 3, 'symbol').textContent())!.trim();
  await waitForIsland(page, 'stock-search');
  const search = page.getByPlaceholder('Choose any stock on the NYSE or NASDAQ');
  await search.fill(symbol);
  await expect(page.getByRole('listbox', { name: 'Matching stocks' }).getByRole('option').first()).toContainText(
    symbol,
  );
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol.replace('.', '\\.')}$`));
});

test('the screener fits a phone: no sideways page scroll, the grid scrolls inside', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openScreener(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('navigation', { name: 'Stocks' })).toBeVisible();
});

test('on a phone the first view shows each row’s heart, symbol, price and change, with their headers whole', async ({
  page,
}) => {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await openScreener(page);
    await page
      .getByRole('region', { name: 'Screener results' })
      .evaluate((grid) => grid.scrollIntoView({ block: 'center' }));
    for (const column of ['favorite', 'symbol', 'last_sale', 'change_pre']) {
      await expect(gridCell(page, 0, column), `${column} at ${width}`).toBeInViewport({ ratio: 1 });
    }
    await expect(gridCell(page, 0, 'last_sale')).toHaveText(/\d/);
    await expect(gridCell(page, 0, 'change_pre')).toHaveText(/%/);
    await expect(gridCell(page, 0, 'favorite').getByRole('button')).toBeInViewport({ ratio: 1 });
    for (const header of ['Symbol', 'Last Price', 'Change %']) {
      const text = page.locator('.ag-header-cell-text', { hasText: header });
      const cut = await text.evaluate((element) => {
        const words = document.createRange();
        words.selectNodeContents(element);
        return words.getBoundingClientRect().width > element.getBoundingClientRect().width;
      });
      expect(cut, `${header} at ${width}`).toBe(false);
    }
    // The rest of the row is a sideways scroll away, in the chooser's order.
    await expect(gridCell(page, 0, 'name')).not.toBeInViewport({ ratio: 1 });
  }
});

test('Top Leaders and Top Laggards rank today’s moves, ten to a page, or say when the day has none yet', async ({
  page,
}) => {
  for (const [path, title, order, direction] of [
    ['/stocks/Leaders', 'Top Leaders', 'leaders', -1],
    ['/stocks/Laggards', 'Top Laggards', 'laggards', 1],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(/of \d+/).first()).toBeVisible();
    // From the 3:30am clearing to the opening bell of a trading day there are no moves to rank.
    const ranked = (await (await page.request.get(`/api/stock/leadersLaggards?order=${order}`)).json()) as {
      totalItems: number;
    };
    if (ranked.totalItems === 0) {
      // Exact: the grid's live region for screen readers repeats the message after its row count.
      await expect(
        page.getByText('Today’s moves show here once trading opens at 9:30am ET.', { exact: true }),
      ).toBeVisible();
      continue;
    }
    await expect(columnCells(page, 'change_pre')).toHaveCount(10);
    const values = (await columnTexts(page, 'change_pre')).map(number);
    expect(values).toEqual([...values].sort((a, b) => direction * (a - b)));
  }
});

test('the IPO calendar pages its rows, says where they come from and reports a failure', async ({ page }) => {
  await page.goto('/stocks/IPO');
  await expect(page.getByTestId('ipo-source')).toContainText('Source: Demo data: generated listings');
  await expect(columnCells(page, 'company_name').first()).not.toBeEmpty();
  await expect(page.getByRole('columnheader', { name: 'Price Range' })).toBeVisible();

  await page.route('**/api/stock/ipo**', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
  await page.reload();
  await expect(page.getByTestId('ipo-error')).toHaveText('Failed to fetch IPO data');
});

/** Whether a column header's text is cut short (its words wider than its box). */
const headerCut = (page: Page, header: string) =>
  page.locator('.ag-header-cell-text', { hasText: header }).evaluate((element) => {
    const words = document.createRange();
    words.selectNodeContents(element);
    return words.getBoundingClientRect().width > element.getBoundingClientRect().width;
  });

/** A Top Leaders or Top Laggards row as the API sends it, with a long name and a three-digit move first. */
const moverRow = (i: number) => ({
  symbol: `MV${String.fromCharCode(65 + i)}`,
  name: `Quest Biosciences Corporation of America ${i}`,
  last_sale: 61.48 + i,
  change_pre: 117.64 - 10 * i,
  net_change: 9.22 - i,
  volume: 705849,
  market_cap: 1069663100,
  is_client: false,
});

test('on a phone Top Leaders, Top Laggards and the IPO calendar show what each row is about first, in a denser grid', async ({
  page,
}) => {
  // Today's moves, whatever the hour: from the 3:30am clearing to the open the server has none.
  await page.route('**/api/stock/leadersLaggards**', (route) =>
    route.fulfill({ json: { data: Array.from({ length: 10 }, (_, i) => moverRow(i)), totalItems: 10 } }),
  );
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of ['/stocks/Leaders', '/stocks/Laggards']) {
      await page.goto(path);
      await expect(gridCell(page, 0, 'symbol')).toHaveText('MVA');
      await gridCell(page, 0, 'symbol').evaluate((cell) => cell.scrollIntoView({ block: 'center' }));
      for (const column of ['symbol', 'last_sale', 'change_pre']) {
        await expect(gridCell(page, 0, column), `${path} ${column} at ${width}`).toBeInViewport({ ratio: 1 });
      }
      await expect(gridCell(page, 0, 'last_sale')).toHaveText('61.48');
      await expect(gridCell(page, 0, 'change_pre')).toHaveText('▲ +117.64%');
      const change = await gridCell(page, 0, 'change_pre').evaluate((cell) => cell.scrollWidth > cell.clientWidth);
      expect(change, `${path} change cut at ${width}`).toBe(false);
      for (const header of ['Symbol', 'Last Price', 'Change %']) {
        expect(await headerCut(page, header), `${path} ${header} at ${width}`).toBe(false);
      }
      // The name follows, a sideways scroll away.
      await expect(gridCell(page, 0, 'name')).not.toBeInViewport({ ratio: 1 });
    }
    await page.goto('/stocks/IPO');
    await expect(gridCell(page, 0, 'price_range')).toHaveText(/\$/);
    await gridCell(page, 0, 'company_name').evaluate((cell) => cell.scrollIntoView({ block: 'center' }));
    for (const column of ['company_name', 'price_range']) {
      await expect(gridCell(page, 0, column), `IPO ${column} at ${width}`).toBeInViewport({ ratio: 1 });
    }
    for (const header of ['Company Name', 'Price Range']) {
      expect(await headerCut(page, header), `IPO ${header} at ${width}`).toBe(false);
    }
  }
  // A wide screen keeps the name beside the symbol, given room.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/stocks/Leaders');
  await expect(gridCell(page, 0, 'name')).toBeInViewport({ ratio: 1 });
  const headers = await page.locator('.ag-header-cell').evaluateAll((cells) =>
    cells
      .map((cell) => [cell.getBoundingClientRect().left, cell.getAttribute('col-id')] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, id]) => id),
  );
  expect(headers).toEqual(['symbol', 'name', 'change_pre', 'last_sale', 'net_change', 'volume', 'market_cap']);
});
