/**
 * One visit to every page of the sweep (a page of every kind, the account
 * journeys' other steps, a signed-in reader's pages), at desktop and phone
 * widths, checks what holds for every page: axe-core finds no serious or
 * critical violation of WCAG 2.x A/AA once the islands have hydrated, in the
 * dark theme (the default) and, switched with the top bar's theme switch as a
 * reader does, in the light one; and nothing on the page, to the end of it,
 * trips its Content-Security-Policy. The themes differ only in colour, so the
 * light theme runs the colour rules alone. A test per page and width: the two
 * workers share the sweep evenly, and a failure names its page.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { logIn, uniqueEmail, verifiedAccount } from './account-helpers.ts';
import { axeViolations } from './axe.ts';
import { waitForPageReady } from './hydration.ts';
import { PAGES, pagePaths } from './page-kinds.ts';

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** Pages a guest meets besides those of PAGES: the account journeys' other steps and the missing page. */
const GUEST_EXTRAS = [
  { what: 'the forgotten-password page', path: '/forgot-password/' },
  { what: 'the verification page', path: '/verify/' },
  { what: 'the missing page', path: '/no-such-page/' },
  { what: 'the offline page', path: '/offline/' },
  { what: 'an alert email’s stop page with a link that is not valid', path: '/alerts/stop/?t=not-a-token' },
];

/** What only a signed-in reader sees. */
const SIGNED_IN_PAGES = [
  '/',
  '/settings/Profile_Info/',
  '/settings/Settings/',
  '/settings/Notifications/',
  '/settings/Alerts/',
  '/settings/Change_Password/',
  '/settings/Data_Usage/',
  '/favorites/Companies/',
  '/favorites/Events/',
  '/favorites/Screens/',
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
 * Switches the page to the light theme the way a reader does, with the top
 * bar's theme switch, and waits for the colours to settle; a page without the
 * switch (the chat frame) is loaded again with the light theme chosen.
 */
async function switchToLight(page: Page): Promise<void> {
  const switched = await page.evaluate(() => {
    const toggle = document.querySelector<HTMLButtonElement>('[data-theme-toggle][data-ready]');
    toggle?.click();
    return toggle !== null;
  });
  if (!switched) {
    await page.evaluate(() => localStorage.setItem('theme', 'false'));
    await page.reload();
    await waitForPageReady(page);
  }
  await page.waitForFunction(() => !document.documentElement.classList.contains('dark'), undefined, { polling: 50 });
  // Colours that ease from one theme to the other are read once they have arrived.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/**
 * What is wrong with the page the browser shows now: its serious and critical
 * violations in the dark theme, then the colour ones in the light theme, then
 * what its policy refused once scrolled to the end (islands that load when
 * visible run too), each line labelled.
 */
async function pageProblems(page: Page): Promise<string[]> {
  // What frames refuse (the chat frame's own document) reaches the console, not the page's listener.
  const refusedInFrames: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) refusedInFrames.push(message.text());
  };
  page.on('console', onConsole);
  await waitForPageReady(page);
  const problems = (await seriousViolations(page)).map((line) => `dark: ${line}`);
  await switchToLight(page);
  problems.push(...(await seriousViolations(page, true)).map((line) => `light: ${line}`));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await waitForPageReady(page);
  problems.push(
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).map(
      (refused) => `Content-Security-Policy refused: ${refused}`,
    ),
    ...refusedInFrames,
  );
  page.off('console', onConsole);
  return problems;
}

/** The guest's pages: those of PAGES (their addresses found in the demo data), then the extras. */
const GUEST_PAGES = [
  ...PAGES.map(({ what }, i) => ({ what, path: async (request: APIRequestContext) => (await pagePaths(request))[i]! })),
  ...GUEST_EXTRAS.map(({ what, path }) => ({ what, path: async () => path })),
];

for (const [label, viewport] of VIEWPORTS) {
  for (const { what, path: pathOf } of GUEST_PAGES) {
    test(`${what} has no serious or critical accessibility violation in either theme and trips no Content-Security-Policy (${label})`, async ({
      browser,
      request,
    }) => {
      const path = await pathOf(request);
      // A first visit: the dark theme.
      const context = await browser.newContext({ viewport });
      await collectPolicyViolations(context);
      const page = await context.newPage();
      await page.goto(path);
      const problems = await pageProblems(page);
      await context.close();
      expect(problems, path).toEqual([]);
    });
  }

  test(`no page of a signed-in reader has a serious or critical accessibility violation in either theme or trips its Content-Security-Policy (${label})`, async ({
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
    for (const path of SIGNED_IN_PAGES) {
      // Each page opens in the dark theme; the light one is switched to on it.
      await page.evaluate(() => localStorage.setItem('theme', 'true'));
      await page.goto(path);
      const problems = await pageProblems(page);
      if (problems.length > 0) found[path] = problems;
    }
    await context.close();
    expect(found).toEqual({});
  });
}
