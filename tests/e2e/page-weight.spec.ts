/**
 * Page-weight budgets: the gzip size of the JavaScript each kind of page
 * loads, React runtime included. Counted from the built site as served: the
 * page's inline and module scripts, every island's component and renderer
 * (also those that load only when scrolled into view), and everything they
 * import statically; code loaded later on demand, by a dynamic import, is
 * not counted. A page over its budget fails the suite.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { pagesByKind, type PageKind } from './page-kinds.ts';

const KB = 1024;
const BUDGETS: Record<PageKind, number> = {
  // React alone is 69 KB of it; every page's own share is the session, the snackbar, the favorites hearts, the
  // account menu and the start of the installed app's service worker.
  article: 81 * KB,
  // The chart library (about 50 KB) comes when a chart comes into view, by a dynamic import: not counted here.
  company: 110 * KB,
  // The screener's grid (AG Grid) comes when it comes into view; Top Leaders, Top Laggards and the IPO calendar,
  // whose grid is their page, carry it from the start.
  screener: 350 * KB,
  home: 110 * KB,
  events: 120 * KB,
  other: 150 * KB,
};

/** Static imports of a built module: `import … from "x"`, `import "x"`, `export … from "x"` (not `import("x")`). */
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*${},\s]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const ISLAND_SCRIPT = /\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g;
const MODULE_SCRIPT = /<script\b[^>]*\bsrc="([^"]+\.m?js)"[^>]*><\/script>/g;
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

const gzipBytes = (text: string) => gzipSync(text).length;

/** The gzip bytes of JavaScript a page loads, and the files counted. */
async function pageScriptWeight(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  let bytes = 0;
  const files = new Map<string, number>();
  const pending: string[] = [];
  const enqueue = (url: string, base: string) => {
    const absolute = new URL(url, base).pathname;
    if (!files.has(absolute) && !pending.includes(absolute)) pending.push(absolute);
  };
  const pageUrl = new URL(path, 'http://site').href;
  // Inline scripts travel inside the page's compressed HTML: counted as one compressed block.
  const inline = [...html.matchAll(INLINE_SCRIPT)].map((match) => match[1]!);
  bytes += gzipBytes(inline.join('\n'));
  for (const script of inline) for (const imported of script.matchAll(STATIC_IMPORT)) enqueue(imported[1]!, pageUrl);
  for (const match of html.matchAll(MODULE_SCRIPT)) enqueue(match[1]!, pageUrl);
  for (const match of html.matchAll(ISLAND_SCRIPT)) enqueue(match[1]!.replaceAll('&amp;', '&'), pageUrl);
  while (pending.length) {
    const file = pending.shift()!;
    const script = await request.get(file);
    expect(script.status(), file).toBe(200);
    const text = await script.text();
    const size = gzipBytes(text);
    files.set(file, size);
    bytes += size;
    for (const imported of text.matchAll(STATIC_IMPORT)) enqueue(imported[1]!, new URL(file, 'http://site').href);
  }
  return { bytes, files };
}

test('every kind of page stays within its JavaScript budget (gzip, React included)', async ({ request }) => {
  const report: string[] = [];
  const over: string[] = [];
  for (const [kind, path] of await pagesByKind(request)) {
    const { bytes } = await pageScriptWeight(request, path);
    const line = `${path}: ${(bytes / KB).toFixed(1)} KB of ${BUDGETS[kind] / KB} KB (${kind})`;
    report.push(line);
    if (bytes > BUDGETS[kind]) over.push(line);
  }
  test.info().annotations.push({ type: 'page weights', description: report.join('\n') });
  console.log(`Page JavaScript (gzip):\n  ${report.join('\n  ')}`);
  expect(over, 'pages over their JavaScript budget').toEqual([]);
});

test('the weight counts what a page imports, not only its own scripts', async ({ request }) => {
  // The screener's grid comes through its island's imports: a count that missed imports would be far too small.
  const { bytes, files } = await pageScriptWeight(request, '/stocks/');
  expect([...files.keys()].some((file) => /react/i.test(file))).toBe(true);
  expect(bytes).toBeGreaterThan(100 * KB);
});
