/**
 * The weekly newsletter in Chromium (docs/product.md §17.4, §10.7): staff
 * compose this week's issue, preview it at a desktop's and a phone's width
 * in both schemes, send themselves a test, schedule it, then send it and
 * watch it go out; a reader opens the unsubscribe link of a bulk email on a
 * phone, is asked before anything changes, unsubscribes and chooses what
 * else to get.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { logIn, messagesFor, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { axeViolations } from './axe.ts';
import { waitForIsland } from './hydration.ts';
import { STAFF, staffHeaders } from './staff.ts';

/** A message's text as written: its folded headers and soft line breaks joined, its escapes decoded. */
const decoded = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]+</g, ' <')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A reader signed up from the footer, who opened the confirmation link. */
async function confirmedReader(request: APIRequestContext, label: string): Promise<string> {
  const email = uniqueEmail(label);
  expect((await request.post('/api/email-subscriptions/subscribe', { data: { email } })).status()).toBe(201);
  await expect.poll(() => messagesFor(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const link = new URL(/http\S+confirm\?token=[\w-]+/.exec(decoded(messagesFor(email)[0]!))![0]);
  const opened = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(opened.headers().location).toBe('/newsletters?confirmed=1');
  return email;
}

test('staff compose, preview, test, schedule and send the weekly newsletter, and watch it go out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const readers = [await confirmedReader(request, 'issue-a'), await confirmedReader(request, 'issue-b')];
  await logIn(page, STAFF.email, STAFF.password);
  await page.goto('/tools?tab=newsletter');
  await waitForIsland(page, 'tools-newsletter');
  await page.getByRole('button', { name: 'Compose this week’s issue' }).click();
  const issue = page.getByTestId('newsletter-issue');
  await expect(issue.getByTestId('issue-status')).toHaveText('Draft');
  await expect(issue.getByTestId('newsletter-section').first()).toBeVisible();

  const subject = `The week in small caps ${Date.now().toString(36)}`;
  await issue.getByLabel('Subject').fill(subject);
  await issue.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(issue.getByRole('status').filter({ hasText: 'Saved the issue.' })).toBeVisible();

  // The preview is the email as readers get it, at both widths, in both schemes.
  const preview = page.getByTestId('newsletter-preview');
  const frame = preview.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: subject })).toBeVisible();
  await expect(frame.getByText('Hello Alex,')).toBeVisible();
  await preview.getByRole('button', { name: 'Phone' }).click();
  await expect(preview.locator('iframe')).toHaveAttribute('data-width', 'phone');
  expect((await preview.locator('iframe').boundingBox())!.width).toBeLessThanOrEqual(380);
  await preview.getByRole('button', { name: 'Dark' }).click();
  await expect(frame.getByRole('heading', { name: subject })).toBeVisible();
  await expect(frame.locator('.nl-page')).toHaveCSS('background-color', 'rgb(15, 20, 32)');

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText(`A test is on its way to ${STAFF.email}.`)).toBeVisible();
  await expect
    .poll(() => messagesFor(STAFF.email).filter((m) => decoded(m).includes(`[Test] ${subject}`)).length, {
      timeout: 15_000,
    })
    .toBe(1);

  // Scheduled for tomorrow, then taken back to draft.
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleString('sv-SE', { timeZone: 'America/New_York' });
  await page.getByLabel('Send at (Eastern Time)').fill(tomorrow.slice(0, 16).replace(' ', 'T'));
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(issue.getByTestId('issue-status')).toHaveText('Scheduled');
  await expect(page.getByText(/^Scheduled for .+, \d{1,2}:\d\d [AP]M E[SD]T\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Back to draft' }).click();
  await expect(issue.getByTestId('issue-status')).toHaveText('Draft');

  // Sent now, after a question; its progress follows until every message went.
  await page.getByRole('button', { name: 'Send now' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(/Send this issue to [\d,]+ readers? now\?/);
  await question.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(/^Sending to [\d,]+ readers? now\.$/)).toBeVisible();
  await expect(issue.getByTestId('issue-status')).toHaveText('Sent', { timeout: 60_000 });
  const sent = Number(
    (await page.getByTestId('newsletter-progress').locator('[data-figure="sent"]').innerText()).replace(/,/g, ''),
  );
  expect(sent).toBeGreaterThanOrEqual(readers.length);
  await expect(page.getByRole('link', { name: 'View in the archive' })).toHaveAttribute('href', /^\/news\/\d+$/);

  for (const reader of readers) {
    const copy = decoded(messagesFor(reader).find((m) => decoded(m).includes(subject))!);
    expect(copy).toMatch(/List-Unsubscribe: <http:\/\/localhost:\d+\/api\/email\/unsubscribe\?t=[\w.-]+>/);
    expect(copy).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  }
});

test('a reader on a phone opens an email’s unsubscribe link, is asked first, then unsubscribes and chooses other email', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  // An announcement to a reader with an account: a bulk email with the links at its foot.
  const email = uniqueEmail('leaver');
  await verifiedAccount(request, email);
  const headers = await staffHeaders(request);
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as { news: { id: number }[] };
  const announced = await request.post('/api/notifications/notifications', {
    headers,
    data: { message: `Read this ${Date.now()}`, objectType: 'news', objectId: String(news[0]!.id) },
  });
  expect(announced.status()).toBe(201);
  const bulk = () => messagesFor(email).find((m) => decoded(m).includes('List-Unsubscribe:'));
  await expect.poll(() => bulk() !== undefined, { timeout: 45_000 }).toBe(true);
  // The footer's link for people (the header's is for mail providers' one-click POST).
  const { text } = await simpleParser(bulk()!);
  const address = new URL(/^Unsubscribe: (http\S+&unsubscribe=1)$/m.exec(text ?? '')![1]!);

  await page.goto(`${address.pathname}${address.search}`);
  await waitForIsland(page, 'email-preferences');
  const card = page.getByTestId('unsubscribe-card');
  await expect(card).toContainText(`Unsubscribe ${email} from`);
  // Opening the link changed nothing.
  const token = address.searchParams.get('t')!;
  const before = await (await request.get(`/api/email/preferences?t=${token}`)).json();
  expect(before.data.announcements).toBe(true);

  await card.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You will no longer get announcements by email.')).toBeVisible();
  const after = await (await request.get(`/api/email/preferences?t=${token}`)).json();
  expect(after.data.announcements).toBe(false);

  await page.getByLabel('The weekly newsletter').check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your email preferences are saved.')).toBeVisible();
  expect((await (await request.get(`/api/email/preferences?t=${token}`)).json()).data.newsletter).toBe(true);

  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});
