/**
 * How readers reach a company page: from the screener, by a lower-case
 * ticker, by a tab address of a company that is not a client, and the 404
 * page for an unknown symbol.
 */
import { expect, test } from '@playwright/test';
import { getJson, universe } from './company-helpers.ts';
import { showGrid } from './hydration.ts';

test('clicking a symbol in the screener opens that company’s page', async ({ page, request }) => {
  await page.goto('/stocks');
  await showGrid(page);
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
