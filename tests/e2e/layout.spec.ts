import { expect, test, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { axeViolations } from './axe.ts';
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

  test('swaps the side navigation for a bottom navigation with a More sheet', async ({ page }) => {
    await page.goto('/home');
    const bottom = page.getByTestId('bottom-nav');
    await expect(bottom).toBeVisible();
    await expect(page.getByTestId('side-nav')).toBeHidden();
    await expect(page.getByTestId('top-tabs')).toBeHidden();
    await expect(bottom.getByRole('link')).toHaveText(['Home', 'Stocks', 'News', 'Events']);
    await expect(bottom.getByRole('button', { name: 'More' })).toBeVisible();
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

test.describe('phone navigation at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** Every address the side navigation lists at 1024px and up (it is in every page, hidden on phones). */
  const sideNavAddresses = (page: Page) =>
    page
      .getByTestId('side-nav')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));

  test('reaches every destination of the side navigation, Favorites and RedChat included', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('phone-nav');
    await verifiedAccount(request, email);
    await logIn(page, email);
    const bottom = page.getByTestId('bottom-nav');
    await bottom.getByRole('button', { name: 'More' }).click();
    const sheet = page.getByTestId('more-sheet');
    await expect(sheet).toBeVisible();
    for (const href of await sideNavAddresses(page)) {
      await expect(bottom.locator(`a[href="${href}"]`).filter({ visible: true }), href).not.toHaveCount(0);
    }
    await sheet.getByRole('link', { name: 'Favorites' }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(sheet).toBeHidden();
    await expect(bottom.getByRole('button', { name: 'More' })).toHaveAttribute('data-current', 'true');
    await bottom.getByRole('button', { name: 'More' }).click();
    await expect(sheet.getByRole('link', { name: 'Favorites' })).toHaveAttribute('aria-current', 'page');
    await sheet.getByRole('link', { name: 'RedChat' }).click();
    await expect(page).toHaveURL(/\/redchat$/);
  });

  test('shows guests RedChat and Settings in More, without Favorites, readable in both themes', async ({ page }) => {
    await page.goto('/news');
    const sheet = page.getByTestId('more-sheet');
    for (const dark of [true, false]) {
      await page.evaluate((theme) => localStorage.setItem('theme', String(theme)), dark);
      await page.reload();
      await page.getByTestId('bottom-nav').getByRole('button', { name: 'More' }).click();
      await expect(sheet.getByRole('link', { name: 'RedChat' })).toBeVisible();
      await expect(sheet.getByRole('link', { name: 'Settings' })).toBeVisible();
      await expect(sheet.getByRole('link', { name: 'Favorites' })).toBeHidden();
      expect(await axeViolations(page, { include: '[data-testid="bottom-nav"]' }), `dark: ${dark}`).toEqual([]);
      // A tap outside closes it.
      await page.mouse.click(200, 100);
      await expect(sheet).toBeHidden();
    }
  });

  /** Whether the browser tells assistive technology that More's sheet is open (a popover sets no attribute for it). */
  async function moreExpanded(page: Page): Promise<unknown> {
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    await cdp.detach();
    const more = nodes.find((node) => node.role?.value === 'button' && node.name?.value === 'More');
    return more?.properties?.find((property) => property.name === 'expanded')?.value.value;
  }

  test('opens More with the keyboard, Tabs into its links and closes on Escape', async ({ page }) => {
    await page.goto('/home');
    const more = page.getByTestId('bottom-nav').getByRole('button', { name: 'More' });
    expect(await moreExpanded(page)).toBe(false);
    await more.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByTestId('more-sheet');
    await expect(sheet).toBeVisible();
    expect(await moreExpanded(page)).toBe(true);
    await page.keyboard.press('Tab');
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sheet.getByRole('link', { name: 'Leaders' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(more).toBeFocused();
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
