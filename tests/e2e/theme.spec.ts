import { expect, test } from '@playwright/test';
import { waitForIsland } from './hydration.ts';

// Records the theme class at the first animation frame, which runs before the first paint.
const recordFirstFrame = () => {
  const w = window as unknown as { __firstFrameDark?: boolean };
  requestAnimationFrame(() => {
    w.__firstFrameDark = document.documentElement.classList.contains('dark');
  });
};

test('starts dark, switches to light and stays light after a reload without a dark flash', async ({ page }) => {
  await page.addInitScript(recordFirstFrame);
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  // The switch is plain HTML; its script marks it ready.
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-ready', '');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('theme-toggle').click();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'Switch to dark theme');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('false');

  await page.reload();
  // Recorded once, at the first frame, which a busy machine may not have drawn yet when the reload returns.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __firstFrameDark?: boolean }).__firstFrameDark))
    .toBe(false);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(246, 247, 249)');
});

test('the settings page switches theme, animations and font size, and remembers them', async ({ page }) => {
  await page.goto('/settings');
  await waitForIsland(page, 'theme-switch');
  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByTestId('animations-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-animations', 'off');
  await page.getByText('18px').click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.locator('html')).toHaveAttribute('data-animations', 'off');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('18px');
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('aria-checked', 'false');
});
