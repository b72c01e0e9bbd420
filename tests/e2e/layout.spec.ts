import { expect, test, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { axeViolations } from './axe.ts';
import { coveredStock, horizontalOverflow, section } from './company-helpers.ts';
import { waitForIsland, waitForPageReady } from './hydration.ts';
import { STAFF } from './staff.ts';

/**
 * Every address the side navigation lists at 1024px and up for the reader at hand (it is in every page, hidden
 * below 1024px; a guest's private items are hidden too).
 */
const sideNavAddresses = (page: Page) =>
  page
    .getByTestId('side-nav')
    .locator('li')
    .evaluateAll((items) =>
      items
        .filter((item) => getComputedStyle(item).display !== 'none')
        .map((item) => item.querySelector('a')!.getAttribute('href')!),
    );

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

  test('goes to a bottom bar item in one tap while More is open, the bar in sight and undimmed', async ({ page }) => {
    await page.goto('/home');
    const bottom = page.getByTestId('bottom-nav');
    await bottom.getByRole('button', { name: 'More' }).tap();
    const sheet = page.getByTestId('more-sheet');
    await expect(sheet).toBeVisible();
    // The sheet's backdrop dims the page down to the bar, not the bar.
    const [backdropBottom, barTop] = await sheet.evaluate((element) => [
      innerHeight - parseFloat(getComputedStyle(element, '::backdrop').bottom),
      document.querySelector('[data-testid="bottom-nav"]')!.getBoundingClientRect().top,
    ]);
    expect(backdropBottom).toBeLessThanOrEqual(barTop + 0.5);
    await bottom.getByRole('link', { name: 'News', exact: true }).tap();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByTestId('more-sheet')).toBeHidden();
  });

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

  test('shows the four sections as tabs in the top bar, then More', async ({ page }) => {
    await page.goto('/terms');
    const tabs = page.getByTestId('top-tabs');
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link').filter({ visible: true })).toHaveText(['Home', 'Stocks', 'News', 'Events']);
    await expect(tabs.getByRole('button', { name: 'More' })).toBeVisible();
    await expect(page.getByTestId('side-nav')).toBeHidden();
    await expect(page.getByTestId('bottom-nav')).toBeHidden();
  });
});

test.describe('tablet navigation', () => {
  /** Opens the top bar's More and says which side navigation addresses the tabs and the menu do not show. */
  async function unreached(page: Page): Promise<string[]> {
    await page.getByTestId('top-tabs').getByRole('button', { name: 'More' }).click();
    await expect(page.getByTestId('top-more-menu')).toBeVisible();
    const missing: string[] = [];
    for (const href of await sideNavAddresses(page)) {
      const shown = page.getByTestId('top-tabs').locator(`a[href="${href}"]`).filter({ visible: true });
      if ((await shown.count()) === 0) missing.push(href);
    }
    return missing;
  }

  for (const width of [600, 768, 1023]) {
    test(`reaches every destination of the side navigation at ${width}px, Settings for a guest and Favorites once signed in`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/news');
      expect(await sideNavAddresses(page)).toContain('/settings');
      expect(await unreached(page)).toEqual([]);
      const menu = page.getByTestId('top-more-menu');
      await expect(menu.getByRole('link', { name: 'Favorites' })).toBeHidden();
      // Nothing in the top bar is cut off: the tabs, More and the login link show whole.
      for (const item of [
        page.getByTestId('top-tabs').getByRole('link', { name: 'Events' }),
        page.getByTestId('top-more-button'),
        page.getByTestId('login-link'),
      ]) {
        await expect(item).toBeInViewport({ ratio: 1 });
      }
      await menu.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByTestId('top-more-button')).toHaveAttribute('data-current', 'true');

      const email = uniqueEmail('tablet-nav');
      await verifiedAccount(request, email);
      await logIn(page, email);
      expect(await sideNavAddresses(page)).toContain('/favorites');
      expect(await unreached(page)).toEqual([]);
      await menu.getByRole('link', { name: 'Favorites' }).click();
      await expect(page).toHaveURL(/\/favorites$/);
      await expect(menu).toBeHidden();
    });
  }

  test('opens More with the keyboard below its button, Tabs into its links and closes on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/home');
    const more = page.getByTestId('top-more-button');
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('top-more-menu');
    await expect(menu).toBeVisible();
    const [button, box] = [await more.boundingBox(), await menu.boundingBox()];
    expect(box!.y).toBeGreaterThanOrEqual(button!.y + button!.height - 1);
    expect(box!.x + box!.width).toBeLessThanOrEqual(768);
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Leaders' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    // One click on a tab goes there while the menu is open.
    await more.click();
    await page.getByTestId('top-tabs').getByRole('link', { name: 'News', exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
  });

  test('keeps the top bar and its More menu readable in both themes', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/stocks/Leaders');
    for (const dark of [true, false]) {
      await page.evaluate((theme) => localStorage.setItem('theme', String(theme)), dark);
      await page.reload();
      await expect(page.getByTestId('top-more-button')).toHaveAttribute('data-current', 'true');
      await page.getByTestId('top-more-button').click();
      await expect(page.getByTestId('top-more-menu').getByRole('link', { name: 'Leaders' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(await axeViolations(page, { include: '[data-testid="top-bar"]' }), `dark: ${dark}`).toEqual([]);
    }
  });
});

/**
 * The words of the buttons and labels on the page (or of what `selector` selects) that are cut in the middle:
 * a line of their text ends between two letters (a break after a hyphen is a word's own).
 */
function wordsCutMidWord(page: Page, selector = 'button, a.btn-primary, a.btn-secondary, label'): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut = new Set<string>();
    for (const control of document.querySelectorAll(selector)) {
      if (!control.checkVisibility()) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getClientRects()[0]?.top;
          if (top === undefined) continue;
          if (lastTop !== null && top > lastTop + 2 && /[^\s-]/.test(text[i - 1]!) && /\S/.test(text[i]!)) {
            cut.add(text.trim());
          }
          lastTop = top;
        }
      }
    }
    return [...cut];
  }, selector);
}

test.describe('words on controls', () => {
  test('a secondary button squeezed in a card keeps its words whole', async ({ page }) => {
    await page.goto('/terms');
    // A card narrower than its row of buttons, as on a small phone: the buttons may not cut their labels.
    await page.locator('main').evaluate((main) => {
      main.insertAdjacentHTML(
        'afterbegin',
        `<div class="card p-3" style="width: 200px" data-testid="squeezed">
           <div class="flex gap-2">
             <button type="button" class="btn-secondary">View</button>
             <button type="button" class="btn-secondary">Edit</button>
             <button type="button" class="btn-secondary">Delete</button>
           </div>
           <div class="flex gap-2">
             <button type="button" class="btn-secondary whitespace-normal">Start with Northwind</button>
             <span class="w-28 flex-none">Beside it</span>
           </div>
           <div class="flex gap-2">
             <label class="flex gap-2"><input type="checkbox" /> Periodic reports</label>
             <span class="w-32 flex-none">Beside it</span>
           </div>
         </div>`,
      );
    });
    await expect(page.getByTestId('squeezed')).toBeVisible();
    expect(await wordsCutMidWord(page)).toEqual([]);
  });

  test('buttons and labels keep their words whole on the pages of cards at 390px and 320px', async ({ page }) => {
    await logIn(page, STAFF.email, STAFF.password);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of [
        '/settings',
        '/settings/Profile_Info',
        '/settings/Alerts',
        '/favorites/Companies',
        '/favorites/Screens',
        '/events',
        '/tools',
        '/stocks',
      ]) {
        await page.goto(path);
        await waitForPageReady(page);
        expect(await wordsCutMidWord(page), `${path} at ${width}`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
      }
    }
  });

  test('a company page’s tables keep the words of their headers and cells whole at 390px and 320px, scrolling sideways instead', async ({
    page,
    request,
  }) => {
    const company = await coveredStock(request);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/stocks/${company.symbol}`);
      // Each table loads as its section comes into view.
      for (const [id, table] of [
        ['insider', 'insider-table'],
        ['filings', 'filings-table'],
        ['institutional', 'holdings-table'],
      ]) {
        await section(page, id!).scrollIntoViewIfNeeded();
        await expect(page.getByTestId(table!).locator('tbody tr').first()).toBeVisible();
      }
      expect(await wordsCutMidWord(page, '[data-testid$="-table"] :is(th, td)'), `at ${width}`).toEqual([]);
      expect(await horizontalOverflow(page), `at ${width}`).toBeLessThanOrEqual(0);
    }
  });
});
