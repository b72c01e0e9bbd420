/**
 * One visit to a page of every kind, at desktop and phone widths, in the
 * dark theme (the default) and the light one, checks what holds for every
 * page: axe-core finds no serious or critical violation of WCAG 2.x A/AA
 * once the islands have hydrated, and nothing on the page, to the end of it,
 * trips its Content-Security-Policy. The themes differ only in colour, so
 * the light theme's visits run the colour rules alone.
 */
import { expect, test, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { axeViolations } from './axe.ts';
import { waitForPageReady } from './hydration.ts';
import { pagesByKind, type PageKind } from './page-kinds.ts';

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

/** The axe rules that read colours: all a theme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical violations on the page, one line each, naming the
 * rule and the first elements; `coloursOnly` runs the colour rules alone.
 */
async function seriousViolations(page: Page, coloursOnly = false): Promise<string[]> {
  const violations = await axeViolations(page, coloursOnly ? { rules: COLOUR_RULES } : {});
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
          .join(' | ')}`,
    );
}

/** Has the page collect what its Content-Security-Policy refuses, from its first script on. */
async function collectPolicyViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
}

/**
 * Each page's serious and critical violations once it has loaded, and what
 * its policy refused once scrolled to the end (islands that load when
 * visible run too), by '{label} {path}'; pages without any are left out.
 */
async function violationsOn(
  page: Page,
  pages: [label: string, path: string][],
  coloursOnly = false,
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  // What frames refuse (the chat frame's own document) reaches the console, not the page's listener.
  const refusedInFrames: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) refusedInFrames.push(message.text());
  };
  page.on('console', onConsole);
  for (const [label, path] of pages) {
    refusedInFrames.length = 0;
    await page.goto(path);
    await waitForPageReady(page);
    const violations = await seriousViolations(page, coloursOnly);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await waitForPageReady(page);
    violations.push(
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).map(
        (refused) => `Content-Security-Policy refused: ${refused}`,
      ),
      ...refusedInFrames,
    );
    if (violations.length > 0) found[`${label} ${path}`] = violations;
  }
  page.off('console', onConsole);
  return found;
}

/** The guest's pages, a test per kind: each test a short visit, so the two workers share the sweep evenly. */
const KINDS: PageKind[] = ['home', 'article', 'company', 'screener', 'events', 'other'];

for (const [label, viewport] of VIEWPORTS) {
  for (const theme of THEMES) {
    for (const kind of KINDS) {
      test(`no ${kind} page has a serious or critical accessibility violation or trips its Content-Security-Policy (${label}, ${theme} theme)`, async ({
        browser,
        request,
      }) => {
        test.setTimeout(120_000);
        const context = await browser.newContext({ viewport });
        // The theme is the reader's stored choice, read before the first paint.
        await context.addInitScript((dark) => localStorage.setItem('theme', String(dark)), theme === 'dark');
        await collectPolicyViolations(context);
        const page = await context.newPage();
        const pages: [string, string][] = [
          ...(await pagesByKind(request)),
          ...GUEST_EXTRAS.map((path): [PageKind, string] => ['other', path]),
        ].filter(([pageKind]) => pageKind === kind);
        const found = await violationsOn(page, pages, theme === 'light');
        await context.close();
        expect(found).toEqual({});
      });
    }
  }
}

for (const [label, viewport] of VIEWPORTS) {
  test(`no page of a signed-in reader has a serious or critical accessibility violation or trips its Content-Security-Policy (${label}, both themes)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('a11y');
    await verifiedAccount(request, email);
    const context = await browser.newContext({ viewport });
    await collectPolicyViolations(context);
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
          theme === 'light',
        ),
      );
    }
    await context.close();
    expect(found).toEqual({});
  });
}
