/**
 * A client company's pages: the header, the tab bar and the overview on a
 * desktop and a phone, each tab its own page, the Research Profile, news
 * alerts, the leaders' bios, webinar replays and the paged insider table.
 */
import { expect, test } from '@playwright/test';
import { STATUS_LINE, PHONE, clientCompany, rangeText, bodyRows } from './company-helpers.ts';
import { waitForIsland } from './hydration.ts';

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
      'Financials',
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
