import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OUTBOX_DIR, logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { showGrid, waitForIsland, waitForPageReady } from './hydration.ts';
import { staffHeaders } from './staff.ts';

/** The emails written for a recipient. */
const emailsTo = (recipient: string) =>
  fs.existsSync(OUTBOX_DIR)
    ? fs
        .readdirSync(OUTBOX_DIR)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => fs.readFileSync(path.join(OUTBOX_DIR, f), 'utf8'))
        .filter((text) => text.includes(recipient))
    : [];

async function registerThroughTheForm(page: Page, email: string) {
  await waitForIsland(page, 'webinar-summary');
  const form = page.getByRole('main');
  // Sent empty first: the form says what is missing and sends nothing.
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Phone is required')).toBeVisible();
  await form.getByLabel('First name').fill('Casey');
  await form.getByLabel('Last name').fill('Trader');
  await form.getByLabel('Email', { exact: true }).fill('casey@');
  await form.getByLabel('Phone', { exact: true }).fill('(212) 555-0142');
  await form.getByLabel('Company name').fill('Casey Capital');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('registration-success')).toContainText('Registration Successful!');
  await expect(page.getByTestId('registration-success')).toContainText(email);
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a reader registers from a home page event card and receives the invite by email', async ({ page }) => {
      await page.goto('/');
      const card = page.getByTestId('home-events').getByRole('listitem').first();
      await card.getByRole('link', { name: 'Register' }).click();
      await expect(page).toHaveURL(/\/events\/form\/[a-z0-9]+\/\d+$/);
      const email = uniqueEmail(`webinar-${device}`);
      await registerThroughTheForm(page, email);
      await expect.poll(() => emailsTo(email).length, { timeout: 15_000 }).toBe(1);
      const [mail] = emailsTo(email);
      expect(mail).toContain('text/calendar');
      expect(mail).toMatch(/You are registered/);
    });
  });
}

test('a company page’s webinar links lead to a working registration', async ({ page, request }) => {
  const { data } = (await (await request.get('/api/events/all?tab=upcoming&pageSize=50')).json()) as {
    data: { company_symbol: string }[];
  };
  const symbol = data[0]!.company_symbol;
  await page.goto(`/stocks/${symbol}/webinar`);
  const register = page.getByTestId('webinar-archive').getByRole('link', { name: 'Register' }).first();
  await register.click();
  await waitForIsland(page, 'webinar-summary');
  await expect(page.getByTestId('webinar-summary')).toContainText(symbol);
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
});

test('a broken registration link says the ids are missing', async ({ page }) => {
  await page.goto('/events/form/nosuchform/12345678901');
  await expect(page.getByRole('alert')).toHaveText('Missing form or zoom ID');
});

/**
 * A webinar made by staff through the console API, with a registration link of
 * its own, dated `days` from now: far from today, so other tests' first
 * upcoming or past event stays a demo one. `remove` deletes it.
 */
async function staffWebinar(request: APIRequestContext, days: number, fields: Record<string, unknown>) {
  const zoomId = String(Date.now() * 10 + Math.floor(Math.random() * 10)).slice(-11);
  const formId = `e2e${zoomId}`;
  const headers = await staffHeaders(request);
  const created = await request.post('/api/tools/events', {
    headers,
    data: {
      form_url: formId,
      zoom_id: zoomId,
      upcoming_date: new Date(Date.now() + days * 86_400_000).toISOString(),
      ...fields,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;
  return {
    id,
    path: `/events/form/${formId}/${zoomId}`,
    remove: async () => expect((await request.delete(`/api/tools/events/${id}`, { headers })).status()).toBe(204),
  };
}

test('an ended webinar with a replay offers it without promising one, and one without says it will come', async ({
  page,
  request,
}) => {
  const { data } = (await (await request.get('/api/events/all?tab=history')).json()) as {
    data: { form_url: string; zoom_id: string; archive_url: string | null }[];
  };
  const replayed = data.find((e) => e.archive_url)!;
  await page.goto(`/events/form/${replayed.form_url}/${replayed.zoom_id}`);
  const ended = page.getByTestId('registration-ended');
  await expect(ended).toContainText('The webinar has ended.');
  await expect(ended.getByRole('link', { name: 'Watch Replay' })).toHaveAttribute('href', replayed.archive_url!);
  await expect(ended).not.toContainText('will be available soon');
  await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);

  const { path, remove } = await staffWebinar(request, -330, {
    title: `Ended without replay ${Date.now()}`,
    archived: true,
  });
  await page.goto(path);
  await expect(ended).toContainText(
    'The webinar has ended. Please check back shortly — the archived video will be available soon.',
  );
  await expect(ended.getByRole('link', { name: 'Watch Replay' })).toHaveCount(0);
  await remove();
});

test('on a phone the success message shows below the top bar and takes the focus', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { path, remove } = await staffWebinar(request, 175, { title: `Phone registration ${Date.now()}` });
  await page.goto(path);
  await waitForIsland(page, 'webinar-summary');
  const form = page.getByRole('main');
  // Sent empty first, as a hurried reader does: the form says what is missing and the page scrolls with it.
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Company name is required')).toBeVisible();
  await form.getByLabel('First name').fill('Casey');
  await form.getByLabel('Last name').fill('Trader');
  await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('phone-success'));
  await form.getByLabel('Phone', { exact: true }).fill('(212) 555-0142');
  await form.getByLabel('Company name').fill('Casey Capital');
  await form.getByRole('button', { name: 'Register' }).click();
  const success = page.getByTestId('registration-success');
  await expect(success).toBeFocused();
  const message = success.getByText('Registration Successful!');
  await expect(message).toBeInViewport({ ratio: 1 });
  // Seen, not just in the viewport: nothing of the sticky top bar covers it.
  const bar = (await page.getByTestId('top-bar').boundingBox())!;
  const shown = (await message.boundingBox())!;
  expect(shown.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  const topmost = await message.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
    return hit !== null && el.contains(hit);
  });
  expect(topmost).toBe(true);
  await remove();
});

test('a new event without a picture shows its generated cover on its card and its registration page', async ({
  page,
  request,
}) => {
  const title = `Pictureless webinar ${Date.now()}`;
  const { id, path, remove } = await staffWebinar(request, 176, { title });
  const cover = new RegExp(`^/api/covers/event/${id}\\.svg`);
  const drawn = (img: ReturnType<Page['locator']>) =>
    img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

  await page.goto(path);
  await waitForIsland(page, 'webinar-summary');
  const header = page.getByTestId('webinar-summary').locator('img');
  await expect(header).toHaveAttribute('src', cover);
  await expect.poll(() => drawn(header)).toBe(true);
  await expect(header).toBeVisible();

  await page.goto(`/events?q=${encodeURIComponent(title)}`);
  const card = page.getByTestId('event-card').filter({ hasText: title });
  const picture = card.locator('img');
  await expect(picture).toHaveAttribute('src', cover);
  await expect.poll(() => drawn(picture)).toBe(true);
  await remove();
});

test('the events page keeps its tab, range and search in the address bar', async ({ page }) => {
  await page.goto('/events');
  await waitForPageReady(page);
  const cards = page.getByTestId('event-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/events\?tab=history$/);
  // Past events offer their replays (the latest may still say its replay is coming).
  await expect(cards.getByRole('link', { name: 'Watch Replay' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'This Year' }).click();
  await expect(page).toHaveURL(/tab=history&range=year/);
  await expect(page.getByRole('button', { name: 'This Year' })).toHaveAttribute('aria-pressed', 'true');

  // Upcoming resets the range to all.
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('button', { name: 'This Year' })).toHaveAttribute('aria-pressed', 'false');

  // Search by a word of the first card's company: every card found names it.
  const symbol = (await cards.first().getByTestId('event-symbol').textContent())!.trim();
  await page.getByRole('searchbox', { name: 'Search events' }).fill(symbol);
  await page.getByRole('searchbox', { name: 'Search events' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${symbol}`));
  await expect(cards.first()).toBeVisible();
  // The search matches words inside names too ('RP' in 'Corporation'), whatever their case.
  for (const card of await cards.all()) await expect(card).toContainText(new RegExp(symbol, 'i'));

  // A link reproduces the view.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue(symbol);
  await expect(cards.first()).toContainText(symbol);
  await page.goBack();
  await expect(page).toHaveURL(/\/events$/);

  await page.goto('/events?q=zzqqxxnothing');
  await expect(page.getByTestId('events-empty')).toHaveText('No webinars found');
});

test('the events page shows its first cards with the page, their pictures fetched at once, and reads them again', async ({
  page,
}) => {
  // The list's request is held: what shows meanwhile came with the page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/events\/all\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/events');
  const cards = page.getByTestId('event-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('event-skeleton')).toHaveCount(0);
  await expect(page.getByTestId('events-count')).toHaveText(/^\d+ events?$/);
  await expect(cards.first().locator('img')).toHaveAttribute('loading', 'eager');
  await expect(cards.last().locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
  await expect(cards.first()).toBeVisible();
});

test('the events page says so when events cannot be loaded', async ({ page }) => {
  await page.route(/\/api\/events\/all\?/, (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.goto('/events');
  await expect(page.getByRole('alert')).toHaveText('Failed to load events. Please try again later.');
});

test('favorites made on the screener and a company page are listed on /favorites and removed there', async ({
  page,
  request,
}) => {
  // A journey over three pages and four lists.
  test.setTimeout(90_000);
  await page.goto('/favorites/Companies');
  // Guests are sent home.
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  const email = uniqueEmail('favorites');
  await verifiedAccount(request, email);
  await logIn(page, email);
  // A signed-in reader finds the registration form filled from the profile.
  const { data: open } = (await (await request.get('/api/events/all?tab=upcoming&pageSize=1')).json()) as {
    data: { form_url: string; zoom_id: string }[];
  };
  await page.goto(`/events/form/${open[0]!.form_url}/${open[0]!.zoom_id}`);
  await expect(page.getByRole('main').getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByRole('main').getByLabel('First name')).toHaveValue('Casey');
  await expect(page.getByRole('main').getByLabel('Last name')).toHaveValue('Trader');
  await page.goto('/favorites/Companies');
  await expect(page.getByTestId('favorites-empty')).toHaveText('No favorite companies available.');
  await page.goto('/favorites/Events');
  await expect(page.getByTestId('favorites-empty')).toHaveText('No favorite events available.');
  await page.goto('/favorites/Resources');
  await expect(page.getByTestId('favorites-empty')).toHaveText('No favorite news available.');

  await page.goto('/stocks');
  await showGrid(page);
  const rowHeart = page.locator('.ag-row[row-index="0"] .ag-cell[col-id="favorite"]').getByRole('button');
  // The heart fills at once; the page is left only once the server has kept the change.
  const kept = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/stock/favorites') && r.request().method() === 'PATCH');
  await Promise.all([kept(), rowHeart.click()]);
  await expect(rowHeart).toHaveAttribute('aria-pressed', 'true');
  const first = (await page.locator('.ag-row[row-index="0"] .ag-cell[col-id="symbol"]').textContent())!.trim();
  const second = (await page.locator('.ag-row[row-index="1"] .ag-cell[col-id="symbol"]').textContent())!.trim();

  await page.goto(`/stocks/${second}`);
  await waitForIsland(page, 'favorite-toggle');
  const headerHeart = page.getByRole('button', { name: /^Favorite “/ }).first();
  await expect(headerHeart).toHaveAttribute('aria-pressed', 'false');
  await Promise.all([kept(), headerHeart.click()]);
  await expect(headerHeart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favorites/Companies');
  const listed = page.getByTestId('favorite-company');
  await expect(listed).toHaveCount(2);
  await expect(page.getByTestId('favorites-list')).toContainText(first);
  await expect(page.getByTestId('favorites-list')).toContainText(second);
  await expect(listed.first()).toContainText('$');

  await listed.filter({ hasText: first }).getByRole('button').click();
  await expect(listed).toHaveCount(1);
  await expect
    .poll(async () =>
      (await (await page.request.get('/api/stock/favorites')).json()).data.map((c: { symbol: string }) => c.symbol),
    )
    .toEqual([second]);
  await page.reload();
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(second);

  // An event kept from the events page is on the Events list.
  await page.goto('/events');
  await waitForPageReady(page);
  const eventHeart = page.getByTestId('event-card').first().getByTestId('favorite-toggle');
  await eventHeart.click();
  await expect(eventHeart).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await (await page.request.get('/api/events/favorites')).json()).data.length).toBe(1);
  await page.getByRole('link', { name: 'Favorites' }).first().click();
  await page.getByTestId('favorites-tabs').getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/favorites\/Events$/);
  await expect(page.getByTestId('event-card')).toHaveCount(1);
});
