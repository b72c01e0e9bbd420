/**
 * The main journeys with the keyboard alone: Tab to reach a control, Enter,
 * Space or the arrow keys to use it. No mouse click anywhere in this file.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail, verifiedAccount, PASSWORD } from './account-helpers.ts';
import { showGrid, waitForIsland } from './hydration.ts';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reached in `limit` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error(`no element for ${target.toString()}`);
  for (let presses = 0; presses < limit; presses++) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target.toString()} was not reached in ${limit} presses of Tab`);
}

const countText = (page: Page) => page.getByTestId('result-count');

test('the screener with the keyboard: add a filter, pick its range, export, page through and open a company', async ({
  page,
}) => {
  await page.goto('/stocks');
  await showGrid(page);
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell[col-id="symbol"]')).toBeVisible();
  const everything = await countText(page).textContent();

  // Add filter opens its panel with the focus inside; Enter on a filter adds it and closes the panel.
  await tabTo(page, page.getByRole('button', { name: 'Add filter' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('group', { name: 'Price' }).getByRole('button', { name: 'Last Price' }));
  await page.keyboard.press('Enter');
  const range = page.getByLabel('Last Price', { exact: true });
  await expect(range).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add filter' })).toBeFocused();

  // The arrow keys choose a range in the select; the list narrows and the link keeps it.
  await tabTo(page, range);
  await page.keyboard.press('ArrowDown');
  await expect(range).not.toHaveValue('');
  await expect(page).toHaveURL(/Last\+Price=/);
  await expect(countText(page)).not.toHaveText(everything!);

  // Export CSV is a link: Enter downloads the screen.
  await tabTo(page, page.getByRole('link', { name: 'Export CSV' }), { backwards: true });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // The grid is one stop: Tab passes it to the paging panel, where Enter turns the page.
  await page.keyboard.press('Escape');
  await range.focus();
  await tabTo(page, page.getByRole('button', { name: 'Next Page' }), { limit: 20 });
  await page.keyboard.press('Enter');
  await expect(countText(page)).toHaveText(/^51–/);
  await expect(page).toHaveURL(/page=2/);

  // Back into the grid with Shift+Tab (it lands on a cell); Home goes to the row's first cell, the arrow to the symbol.
  for (let presses = 0; presses < 10; presses++) {
    await page.keyboard.press('Shift+Tab');
    if (await page.evaluate(() => document.activeElement?.closest('.ag-root') != null)) break;
  }
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const focusedSymbol = page.locator('.ag-cell-focus[col-id="symbol"]');
  await expect(focusedSymbol).toHaveText(/^[A-Z.]+$/);
  const symbol = (await focusedSymbol.textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol}/?$`));
});

test('logging in with the keyboard: Tab between the fields, Enter submits', async ({ page, request }) => {
  const email = uniqueEmail('keyboard');
  await verifiedAccount(request, email);
  await page.goto('/login');
  await waitForIsland(page, 'login-form');
  const form = page.getByRole('main');
  await tabTo(page, form.getByLabel('Email', { exact: true }));
  await page.keyboard.type(email);
  await tabTo(page, form.getByLabel('Password', { exact: true }), { limit: 5 });
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
});

test('the company tabs with the keyboard: each tab is a link that Enter follows, and the new page marks it', async ({
  page,
  request,
}) => {
  const clients = (await (await request.get('/api/news/top/clients?limit=1')).json()) as {
    news: { company_symbol: string }[];
  };
  const symbol = clients.news[0]!.company_symbol;
  await page.goto(`/stocks/${symbol}/`);
  const tabs = page.getByRole('navigation', { name: 'Company sections' });
  await tabTo(page, tabs.getByRole('link', { name: 'Leadership' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol}/team/?$`));
  await expect(tabs.getByRole('link', { name: 'Leadership' })).toHaveAttribute('aria-current', 'page');

  await tabTo(page, tabs.getByRole('link', { name: 'SEC Filings' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stocks/${symbol}/secfilings/?$`));
  await expect(tabs.getByRole('link', { name: 'SEC Filings' })).toHaveAttribute('aria-current', 'page');
});
