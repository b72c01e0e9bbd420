/**
 * The IPO calendar (docs/product.md §8.3) at desktop and phone widths: its source line and the
 * demo's rows; and a row staff correct in the console's IPOs tab, which the calendar then shows.
 */
import { expect, test } from '@playwright/test';
import { PHONE, horizontalOverflow } from './company-helpers.ts';
import { logIn } from './account-helpers.ts';
import { STAFF } from './staff.ts';

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', PHONE],
] as const) {
  test(`the IPO calendar says where its rows come from (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/stocks/IPO');
    await expect(page.getByRole('heading', { name: 'IPO Calendar' })).toBeVisible();
    await expect(page.getByTestId('ipo-source')).toContainText(
      /^Source: Demo data: generated listings, not real offerings · updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await expect(page.getByRole('columnheader', { name: 'Price Range' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
}

test('staff correct an IPO calendar row in the console and the calendar shows it (desktop and phone)', async ({
  page,
}) => {
  await logIn(page, STAFF.email, STAFF.password);
  await page.goto('/tools?tab=ipos');
  await expect(page.getByRole('tab', { name: 'IPOs' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('region', { name: 'IPO calendar' }).getByRole('listitem');
  // The last row of the first page: the calendar's other checks read its first rows.
  const row = rows.last();
  await expect(row).toContainText('Demo row');
  const name = (await row.locator('strong').textContent())!;
  await row.getByRole('button', { name: `Correct ${name}` }).click();
  await row.getByLabel('Lead underwriter').fill('E2E Capital Markets');
  await row.getByLabel('Price range low ($)').fill('9');
  await row.getByLabel('Price range high ($)').fill('8');
  await row.getByRole('button', { name: 'Save corrections' }).click();
  await expect(row.getByRole('alert')).toContainText(/^Could not save the corrections: .*must not be above/);

  await row.getByLabel('Price range high ($)').fill('11');
  await row.getByRole('button', { name: 'Save corrections' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved: the calendar shows the corrected figures.');
  await expect(row).toContainText('corrected: Price range low ($), Price range high ($), Lead underwriter');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(rows.last()).toContainText('corrected:');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // The calendar's API answers the corrected figures.
  const answer = await page.request.get('/api/stock/ipo?pageSize=25');
  const { data } = (await answer.json()) as {
    data: { company_name: string; price_range: string; lead_underwriter: string }[];
  };
  expect(data.find((r) => r.company_name === name)).toMatchObject({
    price_range: '$9.00 - $11.00',
    lead_underwriter: 'E2E Capital Markets',
  });
});
