/**
 * The notification centre: staff broadcast through the API, readers see the
 * broadcast in the top bar's bell, follow it and mark it read, and choose in
 * their settings whether announcements also come by email.
 *
 * Broadcasts reach every reader, and other tests broadcast too: counts are
 * checked against what the bell itself received, never against a guess.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { NotificationRecord } from '../../src/lib/console-records.ts';
import { logIn, messagesFor, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { axeViolations } from './axe.ts';
import { waitForIsland } from './hydration.ts';
import { staffHeaders } from './staff.ts';

interface NotificationPage {
  data: NotificationRecord[];
  unread: number;
}

const ANNOUNCEMENTS_LABEL = 'Also send announcements by email or SMS';

const uniqueToken = () => `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const isBellFetch = (url: URL) => url.pathname === '/api/notifications';

/** The bell's next look at the server, as the bell received it. */
function nextBellFetch(page: Page): Promise<NotificationPage> {
  return page
    .waitForResponse((r) => r.request().method() === 'GET' && isBellFetch(new URL(r.url())))
    .then((r) => r.json() as Promise<NotificationPage>);
}

const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

async function anyArticleId(request: APIRequestContext): Promise<number> {
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as { news: { id: number }[] };
  return news[0]!.id;
}

/** A staff broadcast about a news article; returns its id. */
async function broadcast(
  request: APIRequestContext,
  headers: Record<string, string>,
  message: string,
  articleId: number,
): Promise<number> {
  const response = await request.post('/api/notifications/notifications', {
    headers,
    data: { message, objectType: 'news', objectId: String(articleId) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test('a reader sees a broadcast in the bell, follows it, and marks the rest read', async ({ page, request }) => {
  const email = uniqueEmail('bell');
  await verifiedAccount(request, email);
  const articleId = await anyArticleId(request);
  const token = uniqueToken();
  const headers = await staffHeaders(request);
  // Markup in a message is text to show, never HTML to run.
  const firstMessage = `Results are in <b>today</b> ${token}`;
  const first = await broadcast(request, headers, firstMessage, articleId);
  const second = await broadcast(request, headers, `A second look at the numbers ${token}`, articleId);

  await logIn(page, email);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  const badge = Number(await page.getByTestId('notification-count').textContent());
  expect(badge).toBeGreaterThanOrEqual(2);

  const opened = nextBellFetch(page);
  await bell.click();
  const seen = await opened;
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(bell).toHaveAccessibleName(bellName(seen.unread));
  await expect(page.getByTestId('notification-count')).toHaveText(String(seen.unread));
  const firstItem = panel.locator(`[data-notification-id="${first}"]`);
  await expect(firstItem).toContainText(firstMessage);
  await expect(firstItem).toHaveAttribute('href', `/news/${articleId}`);
  await expect(firstItem).toHaveAttribute('data-unread', '');
  await expect(panel.locator('b')).toHaveCount(0);
  await expect(panel.locator(`[data-notification-id="${second}"]`)).toHaveAttribute('data-unread', '');
  for (const dark of [true, false]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    const violations = await axeViolations(page, { include: '[data-testid="notification-panel"]' });
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }

  const onArticle = nextBellFetch(page);
  await firstItem.click();
  await expect(page).toHaveURL(new RegExp(`/news/${articleId}/?$`));
  const after = await onArticle;
  expect(after.data.find((n) => n.id === first)?.read).toBe(true);
  expect(after.data.find((n) => n.id === second)?.read).toBe(false);
  // One fewer unread, whatever other tests broadcast in between.
  const arrivedSince = after.data.filter((n) => !n.read && !seen.data.some((s) => s.id === n.id)).length;
  expect(after.unread).toBe(seen.unread - 1 + arrivedSince);
  await expect(bell).toHaveAccessibleName(bellName(after.unread));

  const reopened = nextBellFetch(page);
  await bell.click();
  await reopened;
  await expect(panel.locator(`[data-notification-id="${first}"]`)).not.toHaveAttribute('data-unread');
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-count')).toBeHidden();
  await expect(panel.locator('[data-unread]')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  const stored = (await (await page.request.get('/api/notifications')).json()) as NotificationPage;
  expect(stored.data.filter((n) => n.id === first || n.id === second).every((n) => n.read)).toBe(true);
});

test('a reader who turns announcements off still sees them in the bell but gets no email', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // Delivery goes through users in id order: the quiet reader comes first, so their email would be written first.
  const quiet = uniqueEmail('quiet');
  await verifiedAccount(request, quiet);
  const told = uniqueEmail('told');
  await verifiedAccount(request, told);

  await logIn(page, quiet);
  await page.goto('/settings/Notifications');
  await waitForIsland(page, 'announcement-settings');
  const announcements = page.getByRole('checkbox', { name: ANNOUNCEMENTS_LABEL });
  await expect(announcements).toBeEnabled();
  await expect(announcements).toBeChecked();
  await announcements.uncheck();
  await expect(page.getByTestId('announcement-settings')).toContainText('Announcements will only appear in the bell.');
  await page.reload();
  await waitForIsland(page, 'announcement-settings');
  await expect(announcements).toBeEnabled();
  await expect(announcements).not.toBeChecked();

  const token = uniqueToken();
  await broadcast(request, await staffHeaders(request), `Webinar replay posted ${token}`, await anyArticleId(request));

  await expect.poll(() => messagesFor(told).filter((m) => m.includes(token)).length, { timeout: 30_000 }).toBe(1);
  expect(messagesFor(quiet).filter((m) => m.includes(token))).toEqual([]);

  const opened = nextBellFetch(page);
  await page.getByTestId('notification-bell').click();
  await opened;
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText(token)).toBeVisible();
});

test('on a phone the bell shows loading, error and empty states, works from the keyboard and caps its count', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('bell-states');
  await verifiedAccount(request, email);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let answer: 'held' | 'empty' | 'many' = 'held';
  await page.route(isBellFetch, async (route) => {
    if (answer === 'held') {
      await held;
      // The page that asked may be gone by now (the login page hands over to the home page).
      return route.fulfill({ status: 500, json: { message: 'Unavailable' } }).catch(() => {});
    }
    if (answer === 'empty') return route.fulfill({ json: { data: [], unread: 0 } });
    const newest: NotificationRecord = {
      id: 1,
      message: 'Earnings season starts',
      objectType: 'news',
      objectId: '1',
      link: '/news/1',
      createdAt: new Date().toISOString(),
      read: false,
    };
    return route.fulfill({ json: { data: [newest], unread: 150 } });
  });

  await logIn(page, email);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Loading notifications…')).toBeVisible();
  release();
  await expect(panel.getByText('Failed to load notifications.')).toBeVisible();
  answer = 'empty';
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  // Inside an empty panel only its tabs are reached (the chosen one): the next Tab leaves it, and it closes.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('tab', { name: /^Announcements/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel).toBeHidden();

  answer = 'many';
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 150 unread');
  await expect(page.getByTestId('notification-count')).toHaveText('99+');
  await bell.click();
  await expect(panel.getByRole('link', { name: /Earnings season starts/ })).toBeVisible();
  // A click in the page's margin, away from the panel.
  await page.mouse.click(8, 600);
  await expect(panel).toBeHidden();
  await context.close();
});
