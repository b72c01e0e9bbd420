/**
 * A company's Financials tab (docs/product.md §9.12) at desktop and phone widths: reached from the
 * stock page's tab bar, its runway and dilution figures as the API gives them, the four charts, the
 * annual and quarterly statements switched without a script, a figure linking to its filing, the
 * CSV download, and on a phone the table scrolling inside its card with its first column staying.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PHONE, getJson, horizontalOverflow, universe } from './company-helpers.ts';

interface Financials {
  data: {
    periods: { end: string; lines: Record<string, { value: number; filing: { url: string | null } }> }[];
    key_figures: { runway: { status: string; quarters?: number } };
  };
}

/** A company that is not a client, burning cash, with quarters and revenue: every part of the tab shows. */
async function burningCompany(request: APIRequestContext) {
  for (const company of (await universe(request)).filter((c) => !c.is_client)) {
    const response = await request.get(`/api/stock/financials/${company.symbol}?period=quarterly`);
    if (response.status() !== 200) continue;
    const { data } = (await response.json()) as Financials;
    if (data.key_figures.runway.status === 'burning' && data.periods.length >= 4 && data.periods.at(-1)!.lines.revenue)
      return { ...company, quarterly: data };
  }
  throw new Error('no demo company burning cash with quarters and revenue');
}

test('the Financials tab shows the runway, the charts and both statements, each figure linking to its filing', async ({
  page,
  request,
}) => {
  const company = await burningCompany(request);
  const annual = (await getJson<Financials>(request, `/api/stock/financials/${company.symbol}`)).data;
  await page.goto(`/stocks/${company.symbol}`);
  await page.getByRole('navigation', { name: 'Company sections' }).getByRole('link', { name: 'Financials' }).click();
  await expect(page).toHaveURL(new RegExp(`/stocks/${company.symbol}/financials/?$`));
  await expect(page).toHaveTitle(`${company.name} (${company.symbol}) Financials | RedCap`);

  await expect(page.getByTestId('figure-runway')).toContainText(
    `${company.quarterly.key_figures.runway.quarters!.toFixed(1)} quarters`,
  );
  await expect(page.getByTestId('figure-dilution-1y')).toContainText(/holder owns|did not grow|No share count/);
  for (const chart of ['revenue', 'net-income', 'cash', 'shares'])
    await expect(page.getByTestId(`chart-${chart}`).locator('svg rect').first()).toBeVisible();

  const annualTable = page.getByTestId('statements-annual');
  const quarterlyTable = page.getByTestId('statements-quarterly');
  await expect(annualTable).toBeVisible();
  await expect(quarterlyTable).toBeHidden();
  // The newest year first; its revenue links to the filing the API names.
  const newest = annual.periods.at(-1)!;
  const revenueLink = annualTable
    .getByRole('row', { name: /^Revenue/ })
    .getByRole('link')
    .first();
  await expect(revenueLink).toHaveAttribute('href', newest.lines.revenue!.filing.url!);
  expect((await request.get(newest.lines.revenue!.filing.url!)).status()).toBe(200);

  await page.getByText('Quarterly', { exact: true }).click();
  await expect(quarterlyTable).toBeVisible();
  await expect(annualTable).toBeHidden();
  await expect(quarterlyTable.locator('thead th')).toHaveCount(company.quarterly.periods.length + 1);

  const csv = await request.get((await page.getByTestId('csv-quarterly').getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n')[0]).toMatch(/^Line,Unit,Q[1-4] \d{4},/);
});

test('on a phone the statements scroll inside their card, the line names staying in view', async ({
  page,
  request,
}) => {
  const company = await burningCompany(request);
  await page.setViewportSize(PHONE);
  await page.goto(`/stocks/${company.symbol}/financials`);
  const region = page.getByRole('region', { name: `Annual statements of ${company.symbol}` });
  await expect(region).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const lineName = region.getByRole('rowheader', { name: 'Revenue' });
  const before = (await lineName.boundingBox())!;
  await region.evaluate((el) => el.scrollBy({ left: 400 }));
  await expect.poll(async () => (await lineName.boundingBox())!.x).toBeCloseTo(before.x, 0);
  // The figures beside it moved: the table did scroll.
  const firstYear = region.locator('thead th').nth(1);
  expect((await firstYear.boundingBox())!.x).toBeLessThan(before.x);
});
