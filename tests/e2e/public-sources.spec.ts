/**
 * What the public sources add to a company page (docs/product.md §9.13, §9.14), at desktop and phone
 * widths: the Short Interest section with its figures, chart and source line; the Bio Phases of a
 * Life Sciences company with each trial's condition, status and dates under its group; an analyst
 * rating staff add, change and remove in the console's Analysts tab; and staff's own analyst report,
 * a PDF uploaded there, which the company page's analyst report frame then shows until it is removed.
 */
import { expect, test } from '@playwright/test';
import { PHONE, horizontalOverflow, universe } from './company-helpers.ts';
import { minimalPdf } from '../helpers/minimal-pdf.ts';
import { logIn } from './account-helpers.ts';
import { STAFF } from './staff.ts';

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', PHONE],
] as const) {
  test(`a stock page shows the company's short interest and its trials (${label})`, async ({ page, request }) => {
    const companies = await universe(request);
    const bio = companies.find((c) => !c.is_client && c.sector_name === 'Life Sciences')!;
    await page.setViewportSize(viewport);
    await page.goto(`/stocks/${bio.symbol}`);

    const short = page.locator('#short-interest');
    await short.scrollIntoViewIfNeeded();
    await expect(short.getByRole('heading', { name: 'Short Interest' })).toBeVisible();
    await expect(short.getByTestId('section-source')).toHaveText('Demo data generated for demonstration.');
    await expect(short.getByText(/^As of the settlement date [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    for (const figure of ['Shares short', '% of shares outstanding', 'Days to cover', 'Change since the report before'])
      await expect(short.getByText(figure, { exact: true })).toBeVisible();
    await expect(short.getByTestId('chart-short-interest').locator('svg rect')).toHaveCount(12);

    const phases = page.locator('#bio-phases');
    await phases.scrollIntoViewIfNeeded();
    await expect(phases.getByTestId('section-source')).toHaveText('Demo data generated for demonstration.');
    const first = phases.getByTestId('bio-phase').first();
    await expect(first).toBeVisible();
    await expect(first).toContainText(/Started [A-Z][a-z]{2} \d{4} · Completion [A-Z][a-z]{2} \d{4}/);
    await expect(first).toContainText(
      /Recruiting|Not yet recruiting|Active, not recruiting|Completed|Terminated|Withdrawn/,
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
}

test('staff add an analyst rating in the console, see it listed, change it and remove it (desktop and phone)', async ({
  page,
  request,
}) => {
  // A company the other specs do not read the analysts of: the last non-client of the universe.
  const company = (await universe(request)).filter((c) => !c.is_client).at(-1)!;
  await logIn(page, STAFF.email, STAFF.password);
  await page.goto('/tools?tab=analysts');
  await expect(page.getByRole('tab', { name: 'Analysts' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Company symbol').fill(company.symbol);
  await page.getByRole('button', { name: 'Show ratings' }).click();
  const list = page.getByRole('region', { name: `Analyst ratings of ${company.symbol}` });
  await expect(list.getByRole('heading', { name: company.symbol })).toBeVisible();

  const form = list.locator('form').first();
  await form.getByLabel('Firm').fill('E2E Securities');
  await form.getByLabel('Analyst').fill('Pat Example');
  await form.getByLabel('Rating').selectOption('Sell');
  await form.getByLabel('Price target ($, optional)').fill('3.25');
  await form.getByRole('button', { name: 'Add rating' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved: the company’s analyst figures and pages follow.');
  const row = list.getByRole('listitem').filter({ hasText: 'Pat Example, E2E Securities' });
  await expect(row).toContainText('Sell');
  await expect(row).toContainText('$3.25');

  await row.getByRole('button', { name: 'Edit Pat Example’s rating' }).click();
  const editing = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Save' }) });
  await editing.getByLabel('Rating').selectOption('Hold');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Pat Example, E2E Securities' })).toContainText('Hold');

  await page.setViewportSize(PHONE);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await list
    .getByRole('listitem')
    .filter({ hasText: 'Pat Example, E2E Securities' })
    .getByRole('button', { name: 'Remove Pat Example’s rating' })
    .click();
  await expect(page.getByRole('status')).toHaveText('Removed.');
  await expect(list.getByText('Pat Example, E2E Securities')).toHaveCount(0);
});

test('staff upload a company’s analyst report, the page’s frame shows the PDF, and after its removal the generated report again (desktop and phone)', async ({
  page,
  request,
}) => {
  // A covered company the other specs do not read the analysts of: the last non-client analysts cover but one.
  const company = (await universe(request)).filter((c) => !c.is_client && (c.totalAnalysts ?? 0) > 0).at(-2)!;
  await logIn(page, STAFF.email, STAFF.password);
  await page.goto('/tools?tab=analysts');
  await page.getByLabel('Company symbol').fill(company.symbol);
  await page.getByRole('button', { name: 'Show ratings' }).click();
  const report = page
    .getByRole('region', { name: `Analyst ratings of ${company.symbol}` })
    .getByRole('region', { name: 'Analyst report' });
  await expect(report.getByTestId('analyst-report-none')).toBeVisible();
  await report.getByLabel('Title (optional)').fill('E2E initiation of coverage');
  await report.getByLabel('PDF file').setInputFiles({
    name: 'e2e-initiation.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf('E2E initiation of coverage'),
  });
  await report.getByRole('button', { name: 'Upload report' }).click();
  await expect(report.getByRole('status')).toHaveText('Uploaded: the company’s page shows it.');
  await expect(report.getByTestId('analyst-report-held')).toContainText('E2E initiation of coverage');
  await expect(report.getByTestId('analyst-report-held')).toContainText('e2e-initiation.pdf');

  const frame = async () => {
    await page.goto(`/stocks/${company.symbol}`);
    const area = page.locator('#analyst-reports');
    await area.scrollIntoViewIfNeeded();
    const iframe = area.getByTestId('analyst-area').locator('iframe');
    await expect(iframe).toBeVisible();
    return iframe.getAttribute('src');
  };
  const fileUrl = `/api/stock/analyst-report/${company.symbol}/file?v=1`;
  expect(await frame()).toBe(fileUrl);
  const served = await page.request.get(fileUrl);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.setViewportSize(PHONE);
  expect(await frame()).toBe(fileUrl);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.goto('/tools?tab=analysts');
  await page.getByLabel('Company symbol').fill(company.symbol);
  await page.getByRole('button', { name: 'Show ratings' }).click();
  await expect(report.getByTestId('analyst-report-held')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await report.getByRole('button', { name: 'Remove report' }).click();
  await expect(report.getByRole('status')).toHaveText('Removed: the company’s page shows the generated report again.');
  await expect(report.getByTestId('analyst-report-none')).toBeVisible();
  expect(await frame()).toBe(`/api/stock/analyst-report/${company.symbol}`);
});
