import { expect, type Page } from '@playwright/test';

/** Waits until the island holding the element with this test id has hydrated (Astro drops `ssr` then). */
export async function waitForIsland(page: Page, testId: string): Promise<void> {
  const island = page.locator('astro-island', { has: page.getByTestId(testId) }).last();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/**
 * Waits until the page is ready the way a reader sees it: loaded, every island
 * that hydrates on load (and every one on screen) hydrated, and none of them
 * still marked busy loading its data. Faster than waiting for the network to
 * fall idle, which always costs half a second more and waits for requests that
 * change nothing on screen.
 */
export async function waitForPageReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.readyState !== 'complete') return false;
      const onScreen = (island: Element) =>
        [...island.children].some((child) => {
          const box = child.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        });
      for (const island of document.querySelectorAll('astro-island[ssr]')) {
        // Islands that hydrate when visible wait for a scroll that the reader has not made.
        if (island.getAttribute('client') !== 'visible' || onScreen(island)) return false;
      }
      return document.querySelector('astro-island:not([ssr]) [aria-busy="true"]') === null;
    },
    undefined,
    // Every 50 ms rather than every frame: polling by frames keeps the browser drawing frames while the page loads.
    { polling: 50 },
  );
}

/** Scrolls to a page's server grid, as a reader does: the grid loads when it comes near the window. */
export async function showGrid(page: Page): Promise<void> {
  await page.getByTestId('grid-box').scrollIntoViewIfNeeded();
}
