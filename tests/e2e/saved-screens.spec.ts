/**
 * Saved screens (docs/product.md §7.8): a signed-in reader saves the
 * screener's screen under a name, opens it again from "My screens" in the
 * screener and from Favorites, renames and deletes it; a guest is asked to
 * log in.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { showGrid, waitForIsland } from './hydration.ts';

const gridCell = (page: Page, rowIndex: number, column: string) =>
  page.locator(`.ag-row[row-index="${rowIndex}"] .ag-cell[col-id="${column}"]`);

async function openScreener(page: Page, query = '') {
  await page.goto(`/stocks${query}`);
  await showGrid(page);
  await expect(gridCell(page, 0, 'symbol')).toHaveText(/\S/);
  await waitForIsland(page, 'result-count');
}

const myScreens = (page: Page) => page.getByRole('button', { name: 'My screens' });
const menu = (page: Page) => page.getByTestId('saved-screens');

test('a guest is asked to log in to save screens', async ({ page }) => {
  await openScreener(page);
  await myScreens(page).click();
  await expect(menu(page).getByRole('link', { name: 'Log in to save screens.' })).toHaveAttribute('href', '/login');
});

test('a reader saves a screen, opens it again, renames it, finds it in Favorites and deletes it there', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('screens');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await openScreener(page, '?sort=change_pre&dir=desc');
  await myScreens(page).click();
  await expect(menu(page)).toContainText('No saved screens yet.');
  const name = menu(page).getByRole('textbox', { name: 'Screen name' });
  await name.fill('Biggest gainers');
  await name.press('Enter');
  await expect(page.getByTestId('snackbar')).toContainText('Saved “Biggest gainers”.');
  await expect(menu(page).getByTestId('saved-screen')).toHaveText([/Biggest gainers/]);

  // A name already used is refused beside the field.
  await name.fill('biggest GAINERS');
  await menu(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(menu(page).getByRole('alert')).toHaveText('You already have a screen named “biggest GAINERS”.');

  // Another screen, then the saved one again.
  await openScreener(page, '?sort=symbol');
  await myScreens(page).click();
  await menu(page).getByRole('link', { name: 'Biggest gainers' }).click();
  await expect(page).toHaveURL(/\/stocks\?sort=change_pre&dir=desc$/);
  await showGrid(page);
  await expect(gridCell(page, 0, 'symbol')).toHaveText(/\S/);
  const change = async (row: number) =>
    Number((await gridCell(page, row, 'change_pre').textContent())!.replace(/[^0-9.-]/g, ''));
  expect(await change(0)).toBeGreaterThanOrEqual(await change(1));

  await myScreens(page).click();
  await menu(page).getByRole('button', { name: 'Rename Biggest gainers' }).click();
  const renaming = menu(page).getByRole('textbox', { name: 'New name for “Biggest gainers”' });
  await expect(renaming).toHaveValue('Biggest gainers');
  await renaming.fill('Top movers');
  await renaming.press('Enter');
  await expect(page.getByTestId('snackbar')).toContainText('Renamed to “Top movers”.');
  await expect(menu(page).getByTestId('saved-screen')).toHaveText([/Top movers/]);

  await page.goto('/favorites/Screens');
  await expect(page.getByTestId('favorites-tabs').getByRole('link', { name: 'Screens' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByTestId('saved-screens').getByRole('link', { name: 'Top movers' }).click();
  await expect(page).toHaveURL(/\/stocks\?sort=change_pre&dir=desc$/);
  await showGrid(page);

  await page.goto('/favorites/Screens');
  await page.getByRole('button', { name: 'Delete Top movers' }).click();
  await expect(page.getByTestId('snackbar')).toContainText('Deleted “Top movers”.');
  await expect(page.getByTestId('saved-screens')).toContainText('No saved screens yet.');
  await page.reload();
  await expect(page.getByTestId('saved-screens')).toContainText('No saved screens yet.');
});

test('on a phone, My screens opens within the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('screens-phone');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await openScreener(page);
  await myScreens(page).click();
  const box = (await menu(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(menu(page).getByRole('textbox', { name: 'Screen name' })).toBeVisible();
});

/** How many lines a control's visible label takes on screen: a word broken over two lines takes two. */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let label = texts.nextNode();
    while (label && !label.textContent?.trim()) label = texts.nextNode();
    const range = document.createRange();
    range.selectNodeContents(label!);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/** The row's name is read whole (not cut short) and its actions keep their words whole. */
async function expectWholeRow(page: Page, where: string) {
  const row = page.getByTestId('saved-screen').filter({ visible: true });
  const link = row.getByRole('link', { name: LONG_NAME });
  await expect(link, where).toBeVisible();
  expect(await link.evaluate((e) => e.scrollWidth <= e.clientWidth), `${where}: name cut`).toBe(true);
  for (const label of ['Rename', 'Delete']) {
    const button = row.getByRole('button', { name: `${label} ${LONG_NAME}` });
    expect(await linesOf(button), `${where}: ${label}`).toBe(1);
  }
  expect(await linesOf(row.getByTestId('screen-alert')), `${where}: Alerts`).toBe(1);
}

const LONG_NAME = 'Life sciences under $500M with a phase 3 drug';

test('a saved screen shows its whole name, with its actions’ words whole, in My screens and Favorites at both widths', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('screens-names');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await openScreener(page);
  await myScreens(page).click();
  const name = menu(page).getByRole('textbox', { name: 'Screen name' });
  await name.fill(LONG_NAME);
  await name.press('Enter');
  await expect(menu(page).getByTestId('saved-screen')).toHaveText([new RegExp(LONG_NAME.replace('$', '\\$'))]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await openScreener(page);
    await myScreens(page).click();
    await expectWholeRow(page, `My screens at ${width}`);
    await page.goto('/favorites/Screens');
    await expectWholeRow(page, `Screens tab at ${width}`);
  }
});
