import { expect, type Page } from '@playwright/test';

/** Waits until the island holding the element with this test id has hydrated (Astro drops `ssr` then). */
export async function waitForIsland(page: Page, testId: string): Promise<void> {
  const island = page.locator('astro-island', { has: page.getByTestId(testId) }).last();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}
