/**
 * HTML from the API, cleaned again in the browser before it touches the
 * page (it was sanitized on write and at build too), by the site's one
 * policy. Outside a browser (the server render) it is passed through: the
 * build has cleaned it already.
 */
import DOMPurify from 'dompurify';
import { addPolicyHooks, sanitizeWithPolicy } from '../lib/html-policy.ts';

let purifier: ReturnType<typeof DOMPurify> | null = null;

export function cleanHtml(html: string): string {
  if (typeof window === 'undefined') return html;
  purifier ??= addPolicyHooks(DOMPurify(window));
  return sanitizeWithPolicy(purifier, html);
}
