/**
 * What staff-authored HTML may contain, shared by the three places it is
 * cleaned (on write, at build, in the browser): formatting, headings, lists,
 * tables, images and links to safe addresses; never scripts, styles, frames,
 * forms or handlers. Its words are separated by ordinary spaces, so lines
 * wrap between them.
 */
import type { Config, DOMPurify } from 'dompurify';
import { isSafeHref, isSafeLink } from './links.ts';

/** Attributes whose values are sizes, counts or keywords, never addresses. */
const PLAIN_ATTRIBUTES = ['width', 'height', 'colspan', 'rowspan', 'scope', 'start', 'loading'];

export const HTML_POLICY: Config = {
  ALLOWED_TAGS: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'caption',
    'cite',
    'code',
    'del',
    'div',
    'em',
    'figcaption',
    'figure',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'ins',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    'q',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: ['href', 'title', 'src', 'alt', ...PLAIN_ATTRIBUTES],
  // http(s), mailto and site-relative addresses only (the hook below holds them to the link rule).
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?![/\\])|#)/i,
  // DOMPurify holds every attribute's value to the address rule above unless told it is no address:
  // without this, a picture's size, a cell's span and a header's scope were dropped.
  ADD_URI_SAFE_ATTR: PLAIN_ATTRIBUTES,
};

/**
 * Links and images keep only addresses the link fields would take (a
 * backslash path such as '/\host' leaves the site in browsers); links open
 * safely in a new tab; images load lazily.
 */
export function addPolicyHooks(purify: DOMPurify): DOMPurify {
  purify.addHook('afterSanitizeAttributes', (node) => {
    const href = node.getAttribute('href');
    if (href !== null && !isSafeHref(href)) node.removeAttribute('href');
    else if (node.tagName === 'A' && href && /^https?:/i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    const src = node.getAttribute('src');
    if (src !== null && !isSafeLink(src)) node.removeAttribute('src');
    if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
  });
  return purify;
}

const TEXT_NODE = 3;
const NBSP = /\u00a0/g;
/** Leading white space of a text node, HTML's own and non-breaking. */
const LEADING_SPACE = /^[ \t\n\f\r\u00a0]*/;

/** Elements whose content begins a line. */
const LINE_ELEMENTS = new Set([
  'P',
  'DIV',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'TD',
  'TH',
  'PRE',
  'FIGCAPTION',
  'CAPTION',
]);
/** Elements that sit inside a line. */
const INLINE_ELEMENTS = new Set([
  'A',
  'ABBR',
  'B',
  'CITE',
  'CODE',
  'DEL',
  'EM',
  'I',
  'INS',
  'MARK',
  'Q',
  'S',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'U',
]);

/** Whether a text node begins a line of `root`: nothing but inline starts between it and a block's start or a break. */
function beginsLine(text: Node, root: Node): boolean {
  for (let at = text; ;) {
    const before = at.previousSibling;
    if (before) return before.nodeName === 'BR';
    const parent = at.parentNode;
    if (!parent || parent === root || LINE_ELEMENTS.has(parent.nodeName)) return true;
    if (!INLINE_ELEMENTS.has(parent.nodeName)) return false;
    at = parent;
  }
}

/**
 * Turns the non-breaking spaces between words into ordinary ones, in place.
 * Rich-text editors write every space as a non-breaking one, and a
 * paragraph made of them is one long word that breaks anywhere ('investo
 * rs'). Those at the start of a line stay: they indent it, or keep an empty
 * paragraph open. Running it again changes nothing.
 */
export function spaceWords(root: Node): void {
  const visit = (parent: Node) => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType !== TEXT_NODE) {
        visit(node);
        continue;
      }
      const text = node.nodeValue ?? '';
      if (!text.includes('\u00a0')) continue;
      const kept = beginsLine(node, root) ? LEADING_SPACE.exec(text)![0].length : 0;
      node.nodeValue = text.slice(0, kept) + text.slice(kept).replace(NBSP, ' ');
    }
  };
  visit(root);
}

/** HTML cleaned by the policy (with the hooks added to `purify`), its words spaced. */
export function sanitizeWithPolicy(purify: DOMPurify, html: string): string {
  const body = purify.sanitize(html, { ...HTML_POLICY, RETURN_DOM: true }) as Element;
  spaceWords(body);
  return body.innerHTML;
}
