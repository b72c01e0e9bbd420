/**
 * What the company pages and the console show of the records that come from the SEC: the insider
 * table explains each Form 4 code and marks plan trades, the EDGAR-fed sections say where their
 * records come from, at desktop and phone widths; the console's Data tab shows the EDGAR sync and
 * why it is off on the demo universe.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { logIn } from './account-helpers.ts';
import { PHONE, horizontalOverflow, universe } from './company-helpers.ts';
import { waitForIsland } from './hydration.ts';
import { STAFF } from './staff.ts';

interface InsiderRow {
  code: string | null;
  trading_plan: boolean | null;
  purchaser: string;
}

/** A listed (not client) company whose newest insider rows hold a plan sale and a row that is not a trade. */
async function companyWithPlanSale(request: APIRequestContext): Promise<string> {
  for (const company of (await universe(request)).filter((c) => !c.is_client).slice(0, 400)) {
    const response = await request.get(`/api/stock/insiders/${company.symbol}?pageSize=10`);
    const rows = ((await response.json()) as { data: InsiderRow[] }).data.slice(0, 5);
    if (rows.some((r) => r.trading_plan) && rows.some((r) => r.code && !['P', 'S'].includes(r.code)))
      return company.symbol;
  }
  throw new Error('no demo company with a plan sale among its five newest insider rows');
}

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', PHONE],
] as const) {
  test(`the insider table explains each code, marks plan trades and says where its records come from (${width})`, async ({
    page,
    request,
  }) => {
    const symbol = await companyWithPlanSale(request);
    await page.setViewportSize(viewport);
    await page.goto(`/stocks/${symbol}`);
    const insider = page.locator('#insider');
    await insider.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'insider-table');
    const table = page.getByTestId('insider-table');
    await expect(table.getByText('10b5-1').first()).toBeVisible();
    await expect(table.getByText('Open-market or private sale').first()).toBeVisible();
    const meanings = await table.locator('abbr').evaluateAll((abbrs) => abbrs.map((a) => a.getAttribute('title')));
    expect(meanings.every((m) => m && m.length > 3)).toBe(true);
    await expect(insider.getByTestId('section-source')).toHaveText('Demo data generated for demonstration.');
    await expect(page.locator('#filings').getByTestId('section-source')).toHaveText(
      'Demo data generated for demonstration.',
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
}

test('the console’s Data tab shows the EDGAR sync, off on the demo universe with why, and no Sync now', async ({
  page,
}) => {
  await logIn(page, STAFF.email, STAFF.password);
  await page.goto('/tools?tab=data');
  await expect(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  const source = page.getByTestId('source-edgar');
  await expect(source.getByRole('heading', { name: 'SEC EDGAR' })).toBeVisible();
  await expect(source.getByText(/^Off: /)).toBeVisible();
  await expect(source.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await expect(source.getByText('Companies with a CIK')).toBeVisible();
  await page.setViewportSize(PHONE);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
