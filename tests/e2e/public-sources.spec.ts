/**
 * What the public sources add to a company page (docs/product.md §9.13, §9.14), at desktop and phone
 * widths: the Short Interest section with its figures, chart and source line; the Bio Phases of a
 * Life Sciences company with each trial's condition, status and dates under its group.
 */
import { expect, test } from '@playwright/test';
import { PHONE, horizontalOverflow, universe } from './company-helpers.ts';

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
