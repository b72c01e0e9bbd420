/**
 * axe-core over one page of every kind, at desktop and phone widths, in the
 * dark theme (the default) and the light one: no serious or critical
 * violation of WCAG 2.x A/AA anywhere, once the islands have hydrated.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { waitForPageReady } from './hydration.ts';
import { pagesByKind } from './page-kinds.ts';

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const THEMES = ['dark', 'light'] as const;

/** Pages besides one of each kind: the account journeys' other steps and the missing page. */
const GUEST_EXTRAS = ['/forgot-password/', '/verify/', '/no-such-page/'];

/** What only a signed-in reader sees. */
const SIGNED_IN_PAGES = [
  '/',
  '/settings/Profile_Info/',
  '/settings/Settings/',
  '/settings/Notifications/',
  '/settings/Change_Password/',
  '/settings/Data_Usage/',
  '/favorites/Companies/',
  '/favorites/Events/',
];

/** The serious and critical violations on the page, one line each, naming the rule and the first elements. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
          .join(' | ')}`,
    );
}

/** Each page's serious and critical violations once it has loaded, by '{label} {path}'; pages without any are left out. */
async function violationsOn(page: Page, pages: [label: string, path: string][]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [label, path] of pages) {
    await page.goto(path);
    await waitForPageReady(page);
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[`${label} ${path}`] = violations;
  }
  return found;
}

for (const [label, viewport] of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`no serious or critical accessibility violation on any page kind (${label}, ${theme} theme)`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport });
      // The theme is the reader's stored choice, read before the first paint.
      await context.addInitScript((dark) => localStorage.setItem('theme', String(dark)), theme === 'dark');
      const page = await context.newPage();
      const pages: [string, string][] = [
        ...(await pagesByKind(request)),
        ...GUEST_EXTRAS.map((path): [string, string] => ['other', path]),
      ];
      const found = await violationsOn(page, pages);
      await context.close();
      expect(found).toEqual({});
    });
  }
}

for (const [label, viewport] of VIEWPORTS) {
  test(`no serious or critical accessibility violation on a signed-in reader's pages (${label}, both themes)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('a11y');
    await verifiedAccount(request, email);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await logIn(page, email);
    const found: Record<string, string[]> = {};
    for (const theme of THEMES) {
      await page.evaluate((dark) => localStorage.setItem('theme', String(dark)), theme === 'dark');
      Object.assign(
        found,
        await violationsOn(
          page,
          SIGNED_IN_PAGES.map((path): [string, string] => [theme, path]),
        ),
      );
    }
    await context.close();
    expect(found).toEqual({});
  });
}
