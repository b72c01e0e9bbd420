/**
 * axe-core run inside the page itself. Playwright's axe wrapper injects the
 * library again for every check and finishes each run in a blank page of its
 * own, which cost several times the check (six seconds on the screener against
 * under one here); this injects it once per document and runs it where it is,
 * in the page and in each of its frames that shows a page from the site's own
 * origin (other origins' frames are theirs to check).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0 and 2.1 A/AA rules: the level the site is held to. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeOptions {
  /** A CSS selector: only what it selects is checked (the whole document otherwise). */
  include?: string;
  /** These rules alone, instead of every WCAG A/AA rule. */
  rules?: string[];
}

/**
 * The rules about a whole page (its title, language, viewport), which axe applies to the top document alone
 * when it checks a page with its frames.
 */
const PAGE_RULES = ['document-title', 'html-has-lang', 'meta-viewport', 'meta-viewport-large', 'aria-hidden-body'];

async function frameViolations(frame: Frame, top: boolean, { include, rules }: AxeOptions): Promise<Result[]> {
  // A frame showing a PDF or an image is the browser's viewer, not a page of the site.
  if (!(await frame.evaluate(() => document.contentType === 'text/html'))) return [];
  // The frame's own evaluation, outside its Content-Security-Policy; injected once per document.
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  const results = await frame.evaluate(
    ([selector, only, tags, skipped]) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
      const options = {
        runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: tags },
        rules: Object.fromEntries(skipped.map((id) => [id, { enabled: false }])),
        // The report carries the violations alone: passes and the rest would only travel back to be dropped.
        resultTypes: ['violations'],
        iframes: false,
      };
      return axe.run(selector ? { include: [selector] } : document, options);
    },
    [include ?? null, rules ?? null, WCAG_AA_TAGS, top ? [] : PAGE_RULES] as const,
  );
  return results.violations;
}

/** What axe finds on the page (and its same-origin frames) against the WCAG A/AA rules. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  const origin = new URL(page.url()).origin;
  const frames = page.frames().filter((frame) => frame === page.mainFrame() || frame.url().startsWith(origin));
  const found: Result[] = [];
  for (const frame of frames) {
    // A frame given a selector checks it only where it is (the main document).
    if (options.include && frame !== page.mainFrame()) continue;
    found.push(...(await frameViolations(frame, frame === page.mainFrame(), options)));
  }
  return found;
}
