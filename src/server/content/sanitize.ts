/** Server-side sanitizing of staff HTML (on write and at build): DOMPurify over a jsdom window. */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { HTML_POLICY, addPolicyHooks } from '../../lib/html-policy.ts';

const window = new JSDOM('').window;
const purify = addPolicyHooks(createDOMPurify(window as unknown as Window & typeof globalThis));
const parser = new window.DOMParser();

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, { ...HTML_POLICY, RETURN_TRUSTED_TYPE: false }) as string;
}

/** The text of some HTML, for summaries and descriptions. */
export function htmlToText(html: string): string {
  // Block ends become spaces so paragraphs do not run together; the parser never runs scripts.
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|td|th|tr|blockquote|figcaption)>|<br\s*\/?>/gi, '$& ');
  const clean = purify.sanitize(spaced, { RETURN_TRUSTED_TYPE: false }) as string;
  return (parser.parseFromString(clean, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
