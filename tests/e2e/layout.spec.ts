import { expect, test } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { waitForIsland } from './hydration.ts';

test.describe('desktop layout at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the side navigation, the top bar and the footer, without the bottom navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('side-nav')).toBeVisible();
    await expect(page.getByTestId('bottom-nav')).toBeHidden();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Research' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'RedCap on LinkedIn' })).toBeVisible();
    await expect(footer.getByTestId('newsletter-email')).toBeVisible();
  });

  test('hides private items and shows a login link to guests', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('login-link')).toBeVisible();
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Favorites' })).toBeHidden();
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Screener' })).toBeVisible();
  });

  test('shows private items and a keyboard-usable profile menu to a signed-in user', async ({ page, request }) => {
    const email = uniqueEmail('menu');
    await verifiedAccount(request, email);
    await logIn(page, email);
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Favorites' })).toBeVisible();
    await expect(page.getByTestId('login-link')).toHaveCount(0);
    await waitForIsland(page, 'profile-menu-button');
    const button = page.getByTestId('profile-menu-button');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Logout']);
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('logs out from the profile menu and returns home as a guest', async ({ page, request }) => {
    const email = uniqueEmail('logout');
    await verifiedAccount(request, email);
    await logIn(page, email);
    await page.goto('/terms');
    await waitForIsland(page, 'profile-menu-button');
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('login-link')).toBeVisible();
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Favorites' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
  });

  test('marks the demo data plainly', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('demo-notice')).toContainText('not real market data');
  });

  test('lets keyboard users skip to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});

test.describe('phone layout at 375px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('swaps the side navigation for a bottom navigation with a Settings entry', async ({ page }) => {
    await page.goto('/home');
    const bottom = page.getByTestId('bottom-nav');
    await expect(bottom).toBeVisible();
    await expect(page.getByTestId('side-nav')).toBeHidden();
    await expect(page.getByTestId('top-tabs')).toBeHidden();
    await expect(bottom.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(bottom.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  test('fits the page to the screen without sideways scrolling', async ({ page }) => {
    for (const path of ['/', '/terms', '/settings', '/does-not-exist']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('tablet layout at 800px', () => {
  test.use({ viewport: { width: 800, height: 1000 } });

  test('shows the section tabs in the top bar', async ({ page }) => {
    await page.goto('/terms');
    const tabs = page.getByTestId('top-tabs');
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Stocks' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Favorites' })).toBeHidden();
    await expect(page.getByTestId('side-nav')).toBeHidden();
    await expect(page.getByTestId('bottom-nav')).toBeHidden();
  });
});
