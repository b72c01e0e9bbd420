import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The footer's sign-up is plain HTML; its script marks it ready. */
const footerFormReady = (page: Page) =>
  expect(page.getByRole('contentinfo').locator('[data-newsletter]')).toHaveAttribute('data-ready', '');

const unique = () => `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test('subscribing thanks the reader and replaces the form, also after a reload', async ({ page }) => {
  await page.goto('/terms');
  await footerFormReady(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByTestId('newsletter-email').fill(unique());
  await footer.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Thank you for subscribing to our newsletter!/);
  await expect(footer.getByTestId('newsletter-subscribed')).toHaveText('You are part of our newsletter!');
  await expect(footer.getByTestId('newsletter-email')).toHaveCount(0);
  await page.reload();
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
  await expect(footer.getByTestId('newsletter-subscribed')).toBeVisible();
});

test('a repeated address is welcomed, not refused', async ({ browser }) => {
  const email = unique();
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/terms');
    await footerFormReady(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByTestId('newsletter-email').fill(email);
    await footer.getByTestId('newsletter-submit').click();
    await expect(footer.getByTestId('newsletter-subscribed')).toBeVisible();
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
