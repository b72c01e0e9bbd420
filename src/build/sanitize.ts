/** Server-side sanitizing of staff HTML (on write and at build): DOMPurify over a jsdom window. */
import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';
import { addPolicyHooks, sanitizeWithPolicy } from '../lib/html-policy.ts';

let tools: { purify: DOMPurify; parser: DOMParser } | null = null;

/**
 * jsdom takes ~0.4 s and ~100 MB to load, and readers' requests never need it:
 * it is loaded on the first sanitizing (a staff write, the seed, the build).
 */
function domTools() {
  if (!tools) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof Jsdom;
    const window = new JSDOM('').window;
    tools = {
      purify: addPolicyHooks(createDOMPurify(window as unknown as Window & typeof globalThis)),
      parser: new window.DOMParser(),
    };
  }
  return tools;
}

export function sanitizeHtml(html: string): string {
  return sanitizeWithPolicy(domTools().purify, html);
}

/**
 * Some HTML as a document to read before it is sanitized (a filed press release's layout says
 * which line is its title). The parser runs no scripts and loads nothing the HTML points to.
 */
export function parseHtml(html: string): Document {
  return domTools().parser.parseFromString(html, 'text/html');
}

/** The text of some HTML, for summaries and descriptions. */
export function htmlToText(html: string): string {
  const { purify, parser } = domTools();
  // Block ends become spaces so paragraphs do not run together; the parser never runs scripts.
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|td|th|tr|blockquote|figcaption)>|<br\s*\/?>/gi, '$& ');
  const clean = purify.sanitize(spaced, { RETURN_TRUSTED_TYPE: false }) as string;
  return (parser.parseFromString(clean, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
