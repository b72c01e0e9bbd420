/**
 * Reader alerts in the browser (docs/product.md §15.7, §15.8): a reader
 * chooses a company's alerts from its bell and finds them in the Alerts
 * settings at phone width; an article staff publish about a followed company
 * reaches the reader's bell and inbox, and the email's stop link works
 * without signing in.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { COMPANY_ALERT_KINDS } from '../../src/lib/alerts.ts';
import { logIn, messagesFor, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { axeViolations } from './axe.ts';
import { waitForIsland } from './hydration.ts';
import { staffHeaders } from './staff.ts';

const PHONE = { width: 390, height: 844 };

/** A company with news, so its page is among those every build publishes first. */
async function companyWithNews(request: APIRequestContext): Promise<string> {
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as {
    news: { company_symbol: string | null }[];
  };
  return news[0]!.company_symbol!;
}

/** A call made with the page's session cookie comes from the site, as the site's own pages make it. */
const sameSite = (page: Page) => ({ origin: new URL(page.url()).origin });

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('at phone width a reader sets a company’s own alerts from its bell, then finds and resets them in the Alerts settings', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('alerts-phone');
  await verifiedAccount(request, email);
  const symbol = await companyWithNews(request);
  await page.setViewportSize(PHONE);
  await logIn(page, email);

  await page.goto(`/stocks/${symbol}`);
  const bell = page.getByTestId('company-alerts').first();
  await bell.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'company-alerts');
  await bell.click();
  const dialog = page.getByTestId('company-alerts-dialog');
  await expect(dialog.getByRole('heading', { name: `Alerts for ${symbol}` })).toBeVisible();
  await expect(dialog).toContainText('Saving follows');
  await dialog.getByRole('checkbox', { name: 'News about the company' }).uncheck();
  const threshold = dialog.getByLabel('Daily move threshold (%)');
  // A threshold out of range is refused in place; nothing is saved.
  await threshold.fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Enter a whole percentage from 1 to 100.');
  await threshold.fill('15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Alerts for ${symbol} saved.`)).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Saving followed the company; its own rule is what the server keeps.
  const rule = (await (await page.request.get(`/api/alerts/companies/${symbol}`)).json()) as {
    data: { followed: boolean; custom: boolean; kinds: string[]; priceThreshold: number };
  };
  expect(rule.data).toMatchObject({ followed: true, custom: true, priceThreshold: 15 });
  expect(rule.data.kinds).not.toContain('news');

  await page.goto('/settings/Alerts');
  await waitForIsland(page, 'alert-settings');
  const row = page.locator(`[data-testid="alert-company"][data-symbol="${symbol}"]`);
  await expect(row.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(row.getByRole('checkbox', { name: 'News about the company' })).not.toBeChecked();
  await expect(row.getByRole('checkbox', { name: 'Daily move beyond ±15%' })).toBeChecked();
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Reset ${symbol}` }).click();
  await expect(row).toContainText(`${symbol} uses your alerts for all followed companies.`);
  await expect(row.getByRole('radio', { name: 'Same as all followed' })).toBeChecked();
});

/** A signed-in reader on a company page, its bell hydrated. */
async function companyBell(page: Page, request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await verifiedAccount(request, email);
  const symbol = await companyWithNews(request);
  await logIn(page, email);
  await page.goto(`/stocks/${symbol}`);
  await waitForIsland(page, 'company-alerts');
  return { bell: page.getByTestId('company-alerts').first(), dialog: page.getByTestId('company-alerts-dialog') };
}

test('Escape or Cancel close the company bell’s dialog and give the focus back to the bell', async ({
  page,
  request,
}) => {
  const { bell, dialog } = await companyBell(page, request, 'alerts-escape');
  await bell.click();
  await dialog.getByLabel('Daily move threshold (%)').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Daily move threshold (%)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();
});

test('the company bell’s dialog names the daily move after the threshold as it is typed', async ({ page, request }) => {
  const { bell, dialog } = await companyBell(page, request, 'alerts-threshold');
  await bell.click();
  const threshold = dialog.getByLabel('Daily move threshold (%)');
  await threshold.fill('7');
  await expect(dialog.getByRole('checkbox', { name: 'Daily move beyond ±7%' })).toBeVisible();
  // Emptied to type another, the label keeps the last whole percentage.
  await threshold.fill('');
  await expect(dialog.getByRole('checkbox', { name: 'Daily move beyond ±7%' })).toBeVisible();
});

test('text messages without a phone number link to Profile Info, and name the move threshold being typed', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('alerts-sms');
  await verifiedAccount(request, email);
  await logIn(page, email);
  const cleared = await page.request.put('/api/profile/profile/update', {
    data: { phone_number: '' },
    headers: sameSite(page),
  });
  expect(cleared.status()).toBe(200);
  await page.goto('/settings/Alerts');
  await waitForIsland(page, 'alert-settings');
  const channels = page.getByTestId('alert-channels');
  await channels.getByRole('checkbox', { name: 'Also send some alerts by text message' }).check();
  await channels.getByRole('button', { name: 'Save' }).click();
  const refusal = channels.getByRole('alert');
  await expect(refusal).toHaveText('Add a phone number in Profile Info to get text messages.');
  const profile = refusal.getByRole('link', { name: 'Profile Info' });
  await expect(profile).toHaveAttribute('href', '/settings/Profile_Info');

  await page.getByTestId('alert-all-followed').getByLabel('Daily move threshold (%)').fill('25');
  await expect(channels.getByRole('checkbox', { name: 'Daily move beyond ±25%' })).toBeVisible();
  await profile.click();
  await expect(page).toHaveURL(/\/settings\/Profile_Info\/?$/);
});

test('an article staff publish about a followed company reaches the reader’s bell and email, whose stop link works signed out', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('alerts-news');
  await verifiedAccount(request, email);
  const symbol = await companyWithNews(request);
  await logIn(page, email);
  // Saving a company's alerts follows it; dropping its own rule leaves it on the reader's defaults (every kind).
  const followed = await page.request.put(`/api/alerts/companies/${symbol}`, {
    data: { kinds: [...COMPANY_ALERT_KINDS], priceThreshold: 10 },
    headers: sameSite(page),
  });
  expect(followed.status(), await followed.text()).toBe(200);
  expect((await page.request.delete(`/api/alerts/companies/${symbol}`, { headers: sameSite(page) })).status()).toBe(
    200,
  );

  const headers = await staffHeaders(request);
  const title = `Alert check ${Date.now().toString(36)}`;
  const created = await request.post('/api/tools/news', {
    headers,
    data: { title, company_symbol: symbol, description: '<p>Shipments doubled.</p>' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).data as { id: number };

  try {
    // The bell: an alert linking to the article.
    await expect
      .poll(
        async () => {
          const body = (await (await page.request.get('/api/alerts')).json()) as { data: { link: string }[] };
          return body.data.some((alert) => alert.link === `/news/${id}`);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await page.reload();
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('tab', { name: /Alerts/ }).click();
    await expect(panel.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', `/news/${id}`);

    // The email: the alert with its one-click unsubscribe (RFC 8058) and a stop link.
    await expect.poll(() => messagesFor(email).some((m) => m.includes(title)), { timeout: 60_000 }).toBe(true);
    const mail = await simpleParser(messagesFor(email).find((m) => m.includes(title))!);
    // The raw header lines (the parser folds List-* headers into one summary).
    const header = (name: string) =>
      mail.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/\r?\n\s+/g, ' ')
        .slice(name.length + 1)
        .trim();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https?:[^>]+\/api\/alerts\/stop\?t=[^>]+)>/.exec(header('list-unsubscribe') ?? '');
    expect(oneClick).not.toBeNull();
    const stopLink = /https?:\S+\/alerts\/stop\/\?t=[\w.-]+/.exec(mail.text ?? '')?.[0];
    expect(stopLink).toBeDefined();

    // Signed out, in a browser of its own: the page says what it stops, and stops it when asked.
    const stranger = await browser.newContext();
    try {
      const stopPage = await stranger.newPage();
      const stop = new URL(stopLink!);
      await stopPage.goto(`${stop.pathname}${stop.search}`);
      await waitForIsland(stopPage, 'alert-stop');
      await expect(stopPage.getByTestId('alert-stop-description')).toContainText(symbol);
      await stopPage.getByRole('button', { name: 'Stop these alerts' }).click();
      await expect(stopPage.getByText(/You will no longer get .*News about the company/)).toBeVisible();
      // Opened again, the used link says so and offers nothing more to stop.
      await stopPage.reload();
      await waitForIsland(stopPage, 'alert-stop');
      await expect(stopPage.getByText(/You will no longer get .*News about the company/)).toBeVisible();
      await expect(stopPage.getByRole('button', { name: 'Stop these alerts' })).toHaveCount(0);
      // A mail provider's one-click POST afterwards is stopping once more: still fine.
      const again = await stranger.request.post(new URL(oneClick![1]!).pathname + new URL(oneClick![1]!).search, {
        form: { 'List-Unsubscribe': 'One-Click' },
      });
      expect(again.status()).toBe(200);
    } finally {
      await stranger.close();
    }
    const rule = (await (await page.request.get(`/api/alerts/companies/${symbol}`)).json()) as {
      data: { custom: boolean; kinds: string[] };
    };
    expect(rule.data.custom).toBe(true);
    expect(rule.data.kinds).not.toContain('news');
    expect(rule.data.kinds).toContain('filing-current');
  } finally {
    await request.delete(`/api/tools/news/${id}`, { headers });
  }
});
