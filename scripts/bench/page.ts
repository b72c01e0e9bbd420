/**
 * Measures a page in Debian's Chromium the way a visitor meets it: the
 * JavaScript it loads (summed gzip sizes) and how long after navigation a
 * marker element becomes visible, over fresh browser contexts (empty cache).
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => fs.existsSync(CHROMIUM_PATH);

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Waits until the site answers 200 on a path (the first build runs after the API is up). */
export async function waitForPage(url: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => null);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/**
 * Gzip bytes of every script the page runs: external files as the server sends them gzipped, plus inline ones.
 * With `scroll`, the reader scrolls to the end first, so islands that load when visible count too.
 */
export async function pageScriptBytes(
  browser: Browser,
  url: string,
  { scroll = false } = {},
): Promise<{ files: number; gzipBytes: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    // Scripts of the site itself (a PDF viewer's internal scripts are not the page's).
    if (response.request().resourceType() === 'script' && /^https?:/.test(response.url())) scripts.add(response.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (scroll) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
  }
  // Scripts that run: a JSON-LD block is data for search engines, not JavaScript.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script:not([src])')]
      .filter((s) => !s.type || s.type === 'module' || /javascript/.test(s.type))
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  await context.close();
  const { gzipSync } = await import('node:zlib');
  let gzipBytes = gzipSync(inline).length;
  for (const script of scripts) {
    const response = await fetch(script, { headers: { 'accept-encoding': 'gzip' } });
    // fetch decodes the body; measure what went over the wire by compressing it the way the server does.
    gzipBytes += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return { files: scripts.size, gzipBytes };
}

/**
 * Milliseconds from navigation start until `selector` is first in the page
 * (`inDom`) and first visible (`visible`: laid out with a size, not hidden,
 * checked at every frame), for `runs` fresh visits, each list sorted. With
 * `scrollTo`, the page is scrolled to that element as soon as it is drawn, as
 * a reader going straight to it would (what loads when it comes into view).
 */
export async function timeToSelector(
  browser: Browser,
  url: string,
  selector: string,
  runs: number,
  { scrollTo }: { scrollTo?: string } = {},
): Promise<{ inDom: number[]; visible: number[] }> {
  const inDom: number[] = [];
  const visible: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(
      ([wanted, target]: [string, string | null]) => {
        const marks = window as unknown as { __inDomAt?: number; __visibleAt?: number };
        let scrolled = target === null;
        const observer = new MutationObserver(() => {
          if (document.querySelector(wanted)) {
            marks.__inDomAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
        const look = () => {
          const goal = scrolled ? null : document.querySelector(target!);
          if (goal) {
            goal.scrollIntoView();
            scrolled = true;
          }
          const element = document.querySelector(wanted);
          const box = element?.getBoundingClientRect();
          if (
            element &&
            box &&
            box.width > 0 &&
            box.height > 0 &&
            element.checkVisibility({ visibilityProperty: true })
          )
            marks.__visibleAt = performance.now();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      },
      [selector, scrollTo ?? null] as [string, string | null],
    );
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __visibleAt?: number }).__visibleAt !== undefined, null, {
      timeout: 30_000,
    });
    const marks = await page.evaluate(() => {
      const w = window as unknown as { __inDomAt: number; __visibleAt: number };
      return { inDom: w.__inDomAt, visible: w.__visibleAt };
    });
    inDom.push(marks.inDom);
    visible.push(marks.visible);
    await context.close();
  }
  return { inDom: inDom.sort((a, b) => a - b), visible: visible.sort((a, b) => a - b) };
}
