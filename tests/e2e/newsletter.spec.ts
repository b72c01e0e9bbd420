import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { messagesFor } from './account-helpers.ts';

/** The footer's sign-up is plain HTML; its script marks it ready. */
const footerFormReady = (page: Page) =>
  expect(page.getByRole('contentinfo').locator('[data-newsletter]')).toHaveAttribute('data-ready', '');

const unique = () => `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The path of the confirmation link emailed to an address. */
async function confirmationLink(email: string): Promise<string> {
  // Quoted-printable: soft line breaks joined, '=3D' back to '='.
  const decoded = () =>
    messagesFor(email)
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = /https?:\/\/\S+\/api\/email-subscriptions\/confirm\?token=[\w-]+/.exec(decoded())?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  return new URL(link!).pathname + new URL(link!).search;
}

test('a new address is told to open its confirmation link, and only once it is confirmed that it is subscribed', async ({
  page,
}) => {
  const email = unique();
  await page.goto('/terms');
  await footerFormReady(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByTestId('newsletter-email').fill(email);
  await footer.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Check your inbox for the confirmation link\./);
  await expect(footer.getByTestId('newsletter-pending')).toHaveText(
    `Almost done: we sent a confirmation link to ${email}. The newsletter starts once you open it.`,
  );
  await expect(footer.getByTestId('newsletter-pending')).toBeFocused();
  await expect(footer.getByTestId('newsletter-subscribed')).toBeHidden();
  await expect(footer.getByTestId('newsletter-email')).toHaveCount(0);

  // Not confirmed yet: nothing is remembered, the form is back.
  await page.reload();
  await footerFormReady(page);
  await expect(page.getByRole('contentinfo').getByTestId('newsletter-email')).toBeVisible();

  await page.goto(await confirmationLink(email));
  await expect(page).toHaveURL(/\/newsletters\/?\?confirmed=1$/);
  await footerFormReady(page);
  await page.getByRole('contentinfo').getByTestId('newsletter-email').fill(email);
  await page.getByRole('contentinfo').getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Thank you for subscribing to our newsletter!/);
  await expect(page.getByRole('contentinfo').getByTestId('newsletter-subscribed')).toHaveText(
    'You are part of our newsletter!',
  );
  await page.goto('/terms');
  await expect(page.getByRole('contentinfo').getByTestId('newsletter-subscribed')).toBeVisible();
});

test('shows the submitting state while the call is in flight', async ({ page }) => {
  await page.route('**/api/email-subscriptions/subscribe', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/terms');
  await footerFormReady(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByTestId('newsletter-email').fill(unique());
  await footer.getByTestId('newsletter-submit').click();
  await expect(footer.getByTestId('newsletter-submit')).toHaveText('Subscribing…');
  await expect(footer.getByTestId('newsletter-submit')).toBeDisabled();
  await expect(footer.getByTestId('newsletter-pending')).toBeVisible();
});

test('a repeated address is welcomed, not refused, and told again to open its link', async ({ browser }) => {
  const email = unique();
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/terms');
    await footerFormReady(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByTestId('newsletter-email').fill(email);
    await footer.getByTestId('newsletter-submit').click();
    await expect(footer.getByTestId('newsletter-pending')).toBeVisible();
    await context.close();
  }
});

test('a server failure keeps the address and says to try again later', async ({ page }) => {
  await page.route('**/api/email-subscriptions/subscribe', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await page.goto('/terms');
  await footerFormReady(page);
  const footer = page.getByRole('contentinfo');
  const input = footer.getByTestId('newsletter-email');
  await input.fill('kept@example.com');
  await footer.getByTestId('newsletter-submit').click();
  await expect(footer.getByRole('alert')).toHaveText('Failed to subscribe. Please try again later.');
  await expect(input).toHaveValue('kept@example.com');
});

test('a network failure says an unexpected error occurred, and the snackbar hides itself after 6 s', async ({
  page,
}) => {
  await page.clock.install();
  await page.route('**/api/email-subscriptions/subscribe', (route) => route.abort('connectionrefused'));
  await page.goto('/terms');
  await footerFormReady(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByTestId('newsletter-email').fill('offline@example.com');
  await footer.getByTestId('newsletter-submit').click();
  await expect(footer.getByRole('alert')).toHaveText('An unexpected error occurred. Please try again.');
  await expect(page.getByTestId('snackbar')).toBeVisible();
  await page.clock.runFor(5_500);
  await expect(page.getByTestId('snackbar')).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(page.getByTestId('snackbar')).toHaveCount(0);
});
