/**
 * The foot of a client company page: the webinar bar, the RedChat bar and,
 * on phones, the bottom navigation stand in one stack, one above the other,
 * at every width. Nothing in it covers another bar, the page ends above it,
 * the webinar bar's Register and ✕ can be reached and used with the mouse
 * and the keyboard, and on a phone the whole stack keeps to a fifth of the
 * screen.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { getJson, universe } from './company-helpers.ts';

interface CompanyWebinar {
  title: string;
  upcoming_date: string;
  archived: boolean;
  form_url: string | null;
  zoom_id: string | null;
}

/**
 * A client company with a landing page and a webinar still ahead, with that webinar: the last in ticker order,
 * away from the clients the console's tests edit (staff.ts, EDITED_CLIENT).
 */
async function clientWithUpcomingWebinar(request: APIRequestContext) {
  for (const company of (await universe(request)).filter((c) => c.is_client).reverse()) {
    if ((await request.get(`/api/stock/landing/${company.symbol}`)).status() !== 200) continue;
    const { data } = await getJson<{ data: CompanyWebinar[] }>(request, `/api/events/company/${company.symbol}`);
    const ahead = data.find((w) => !w.archived && w.form_url && Date.parse(w.upcoming_date) > Date.now());
    if (ahead) return { ...company, webinar: ahead };
  }
  throw new Error('no client company with a webinar ahead in the demo universe');
}

/** The page's clock an hour before the webinar, so it is the company's nearest event and the bar shows. */
async function openBeforeWebinar(page: Page, path: string, webinarDate: string) {
  await page.clock.setFixedTime(new Date(Date.parse(webinarDate) - 60 * 60_000));
  await page.goto(path);
}

/** Whether the element is what the browser finds at its own centre: nothing drawn over it. */
const uncoveredAtCentre = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });

type Box = { top: number; bottom: number; left: number; right: number; height: number };

const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { top, bottom, left, right, height } = element.getBoundingClientRect();
    return { top, bottom, left, right, height };
  });

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) =>
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5 &&
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5;

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'tablet', viewport: { width: 800, height: 1000 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
];

for (const { name, viewport, phone } of WIDTHS) {
  test(`on a ${name} the webinar bar, the RedChat bar${phone ? ' and the bottom navigation' : ''} stand one above the other, none covered`, async ({
    page,
    request,
  }) => {
    const client = await clientWithUpcomingWebinar(request);
    await page.setViewportSize(viewport);
    await openBeforeWebinar(page, `/stocks/${client.symbol}`, client.webinar.upcoming_date);

    const banner = page.getByRole('complementary', { name: `Upcoming ${client.name} webinar` });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(client.webinar.title);
    const register = banner.getByRole('link', { name: 'Register' });
    const close = banner.getByRole('button', { name: 'Hide the webinar bar' });
    for (const control of [register, close]) {
      await expect(control).toBeInViewport({ ratio: 1 });
      expect(await uncoveredAtCentre(control), `${await control.textContent()} uncovered`).toBe(true);
      // Playwright's own check that a click there would reach the control.
      await control.click({ trial: true });
    }

    const chatBar = page.getByTestId('chat-popup-bar');
    const bottomNav = page.getByTestId('bottom-nav');
    await expect(chatBar).toBeVisible();
    await expect(bottomNav).toBeVisible({ visible: phone });
    const bars = [banner, chatBar, ...(phone ? [bottomNav] : [])];
    const boxes = await Promise.all(bars.map(boxOf));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++)
        expect(overlap(boxes[i]!, boxes[j]!), `bars ${i} and ${j}`).toBe(false);
    }
    // Top to bottom: the webinar bar, the RedChat bar, the bottom navigation, down to the foot of the window.
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 0.5);
    expect(boxes.at(-1)!.bottom).toBeCloseTo(viewport.height, 0);
    expect(
      await uncoveredAtCentre(chatBar.getByRole('button', { name: `Ask about ${client.symbol} in RedChat` })),
    ).toBe(true);

    const stackHeight = viewport.height - Math.min(...boxes.map((box) => box.top));
    if (phone) expect(stackHeight / viewport.height).toBeLessThanOrEqual(0.2);

    // The page ends above the stack: scrolled to the end, the footer's last line is in sight.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastFooterLine = page.getByTestId('footer').locator('p').last();
    await expect(lastFooterLine).toBeInViewport({ ratio: 1 });
    expect(await uncoveredAtCentre(lastFooterLine)).toBe(true);
  });
}

test('the webinar bar’s Register and ✕ work from the keyboard: ✕ hides the bar, the focus goes on to the RedChat button and the room kept at the page’s foot shrinks', async ({
  page,
  request,
}) => {
  const client = await clientWithUpcomingWebinar(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBeforeWebinar(page, `/stocks/${client.symbol}/marketdata`, client.webinar.upcoming_date);
  const banner = page.getByRole('complementary', { name: `Upcoming ${client.name} webinar` });
  const register = banner.getByRole('link', { name: 'Register' });
  await expect(register).toHaveAttribute('href', new RegExp(`/events/form/${client.webinar.form_url}/`));

  // From the Register link, Tab reaches ✕, and Enter there hides the bar and leaves the focus on the RedChat button.
  await register.focus();
  await page.keyboard.press('Tab');
  const close = banner.getByRole('button', { name: 'Hide the webinar bar' });
  await expect(close).toBeFocused();
  const chatBar = page.getByTestId('chat-popup-bar');
  const before = await boxOf(chatBar);
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect(chatBar.getByRole('button', { name: `Ask about ${client.symbol} in RedChat` })).toBeFocused();
  const after = await boxOf(chatBar);
  expect(after.top).toBeCloseTo(before.top, 0);
  // The page's room at its foot shrinks with the stack: no empty band is left where the bar was.
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(padding).toBeCloseTo(844 - after.top, 0);
});

test('a link focused just under the stack is scrolled clear of it', async ({ page, request }) => {
  const client = await clientWithUpcomingWebinar(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBeforeWebinar(page, `/stocks/${client.symbol}`, client.webinar.upcoming_date);
  const banner = page.getByRole('complementary', { name: `Upcoming ${client.name} webinar` });
  await expect(banner).toBeVisible();
  const stackTop = Math.min(
    ...(await Promise.all([banner, page.getByTestId('chat-popup-bar'), page.getByTestId('bottom-nav')].map(boxOf))).map(
      (box) => box.top,
    ),
  );
  // A link of the page scrolled to sit just below the stack's top edge, in the window but under the stack.
  const link = page.getByTestId('company-overview').getByRole('link', { name: 'Research Profile' });
  const { top } = await boxOf(link);
  await page.evaluate((by) => window.scrollBy(0, by), top - (stackTop + 4));
  expect(await uncoveredAtCentre(link)).toBe(false);
  await link.focus();
  const box = await boxOf(link);
  expect(box.bottom).toBeLessThanOrEqual(stackTop + 0.5);
  expect(await uncoveredAtCentre(link)).toBe(true);
});

test('the webinar bar reads clearly and shows its focus in both themes', async ({ page, request }) => {
  const client = await clientWithUpcomingWebinar(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBeforeWebinar(page, `/stocks/${client.symbol}`, client.webinar.upcoming_date);
  for (const dark of [true, false]) {
    await page.evaluate((theme) => localStorage.setItem('theme', String(theme)), dark);
    await page.reload();
    const banner = page.getByRole('complementary', { name: `Upcoming ${client.name} webinar` });
    await expect(banner).toBeVisible();
    expect(await axeViolations(page, { include: '[data-testid="bottom-stack"]' }), `dark: ${dark}`).toEqual([]);
    // The focus ring is white, so it stands out from the bar's red.
    await banner.getByRole('link', { name: 'Register' }).focus();
    await page.keyboard.press('Tab');
    const close = banner.getByRole('button', { name: 'Hide the webinar bar' });
    await expect(close).toBeFocused();
    expect(await close.evaluate((element) => getComputedStyle(element).outlineColor)).toBe('rgb(255, 255, 255)');
  }
});
