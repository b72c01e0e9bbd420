/**
 * A company's press release as filed with an 8-K (docs/product.md §10.8): the exhibit that holds it
 * (EX-99.1, or EX-99), and what a news item takes from it: its headline (the release's own title,
 * the first heading or wholly bold line before the text begins), its summary (the first paragraph
 * of its text) and its body, sanitized as staff HTML is. The layout is read before sanitizing, since
 * a filed release often says "bold" only in a style attribute the sanitizer removes; the body keeps
 * paragraphs, headings, lists and tables, and loses pictures (the filing's own files, which the site
 * does not serve), page breaks and the empty paragraphs filers space their pages with.
 */
import { htmlToText, parseHtml, sanitizeHtml } from '../../../build/sanitize.ts';
import { EdgarDocumentError } from './document-error.ts';
import type { SubmissionDocument } from './submission-text.ts';

export interface PressRelease {
  /** The exhibit read: its type and file name (`EX-99.1`, `ea0238372ex99-1.htm`). */
  exhibit: { type: string; filename: string };
  /** The release's own title; null when its layout shows none (the caller falls back). */
  headline: string | null;
  /** The first paragraph of its text, cut to SUMMARY_LENGTH at a word. */
  summary: string | null;
  /** The body, sanitized; the headline is the page's title, so it is not repeated here. */
  html: string;
}

/** A release longer than this is no press release (a filing's financial statements sent as one). */
export const MAX_RELEASE_BYTES = 2 * 1024 * 1024;
export const SUMMARY_LENGTH = 280;
const HEADLINE_LENGTH = { min: 8, max: 300 };
/** A paragraph this long is the release's text: no title is looked for after it. */
const TEXT_PARAGRAPH = 80;
const SUMMARY_PARAGRAPH = 60;

const RELEASE_WORDS = /\b(press|news|earnings) release\b/i;
/** Exhibits 99 that are something else than a release, as their descriptions say. */
const NOT_A_RELEASE =
  /financial statements|pro forma|presentation|slides|transcript|consent|letter|agreement|report of|appraisal|opinion/i;

/** Whether EDGAR's copy of a document is text a release can be read from (not a PDF or an uuencoded file). */
const readable = (d: SubmissionDocument) =>
  !/\.(pdf|jpe?g|gif|png|zip|xlsx?)$/i.test(d.filename) && !/^\s*begin \d{3} /.test(d.text) && d.text.trim() !== '';

/**
 * The exhibit that holds a filing's press release: an exhibit 99 its description calls a press (or
 * news, or earnings) release, else EX-99.1 (or a lone EX-99) unless its description names something
 * else (financial statements, a presentation, a letter); null when the filing has none.
 */
export function pressReleaseDocument(documents: readonly SubmissionDocument[]): SubmissionDocument | null {
  const exhibits = documents.filter((d) => /^EX-99(\.\d+)?$/.test(d.type) && readable(d));
  return (
    exhibits.find((d) => RELEASE_WORDS.test(d.description)) ??
    exhibits.find((d) => /^EX-99(\.0?1)?$/.test(d.type) && !NOT_A_RELEASE.test(d.description)) ??
    null
  );
}

/** Lines of a release's letterhead that are not its title. */
const NOT_A_TITLE =
  /^(exhibit\s*99[\d.]*|for immediate release\b.*|(press|news) release|news|contacts?\b.*|(media|investors?) (contacts?|relations)\b.*|[a-z]+\.? \d{1,2}, \d{4})$/i;

const BLOCKS = 'p, div, h1, h2, h3, h4, h5, h6, li, blockquote, center';
/** What a line may not hold: another block (then the inner one is the line). */
const INNER_BLOCKS = `${BLOCKS}, table, ul, ol`;
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

const textOf = (node: Node) => (node.textContent ?? '').replace(/[\s\u00a0]+/g, ' ').trim();

/** Whether an element's own style or tag makes its text bold. */
function boldByItself(element: Element): boolean {
  if (element.tagName === 'B' || element.tagName === 'STRONG' || HEADINGS.has(element.tagName)) return true;
  const style = element.getAttribute('style') ?? '';
  return (
    /font-weight\s*:\s*(bold|bolder|[6-9]00)\b/i.test(style) || /(^|;)\s*font\s*:[^;]*\b(bold|[6-9]00)\b/i.test(style)
  );
}

const italicByItself = (element: Element) =>
  /font-style\s*:\s*italic/i.test(element.getAttribute('style') ?? '') ||
  /(^|;)\s*font\s*:[^;]*\bitalic\b/i.test(element.getAttribute('style') ?? '');

/** Whether every visible character of a block is bold. */
function whollyBold(block: Element): boolean {
  const walker = block.ownerDocument.createTreeWalker(block, 4 /* NodeFilter.SHOW_TEXT */);
  let any = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!textOf(node)) continue;
    any = true;
    let bold = false;
    for (let at = node.parentElement; at && !bold; at = at === block ? null : at.parentElement) bold = boldByItself(at);
    if (!bold) return false;
  }
  return any;
}

/** The blocks a reader sees as lines, in order: those holding no other block, outside tables (letterheads, figures). */
function lines(body: HTMLElement): Element[] {
  return [...body.querySelectorAll(BLOCKS)].filter((el) => !el.closest('table') && !el.querySelector(INNER_BLOCKS));
}

/** Text cut at a word to at most `length` characters, an ellipsis saying so. */
export function cutAtWord(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A release filed as plain text (older filings): its paragraphs are the blank-line-separated runs. */
function plainTextRelease(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p)}</p>`)
    .join('\n');
}

/** Moves an element's children into a new `tag` element inside it (bold by style becomes <strong>). */
function wrapChildren(element: Element, tag: string): void {
  const wrapper = element.ownerDocument.createElement(tag);
  while (element.firstChild) wrapper.appendChild(element.firstChild);
  element.appendChild(wrapper);
}

/** An element replaced by a `tag` element holding its children (its attributes go: the sanitizer drops them anyway). */
function renameElement(element: Element, tag: string): void {
  const renamed = element.ownerDocument.createElement(tag);
  while (element.firstChild) renamed.appendChild(element.firstChild);
  element.replaceWith(renamed);
}

/** What lies between two siblings, as a fragment (its text tells whether anything does). */
function between(first: Element, second: Element): DocumentFragment {
  const range = first.ownerDocument.createRange();
  range.setStartAfter(first);
  range.setEndBefore(second);
  return range.cloneContents();
}

/** A cell holding only a list bullet, as filers lay out bulleted lists in tables. */
const BULLET = /^[●•·◦▪‣○■□➢✓–-]$/;

/**
 * Tables as a reader needs them: rows with nothing in them (spacers) go, and a table that only lays
 * out a bulleted list (a bullet cell and a text cell a row) becomes that list.
 */
function tidyTables(body: HTMLElement): void {
  for (const row of [...body.querySelectorAll('tr')]) if (!textOf(row)) row.remove();
  for (const table of [...body.querySelectorAll('table')]) {
    if (table.querySelector('table')) continue;
    const rows = [...table.querySelectorAll('tr')];
    const items = rows.map((row) => {
      const cells = [...row.querySelectorAll('td, th')].filter((cell) => textOf(cell));
      return cells.length === 2 && BULLET.test(textOf(cells[0]!)) ? cells[1]! : null;
    });
    if (!rows.length || items.some((cell) => cell === null)) continue;
    const list = table.ownerDocument.createElement('ul');
    for (const cell of items) {
      const item = table.ownerDocument.createElement('li');
      while (cell!.firstChild) item.appendChild(cell!.firstChild);
      list.appendChild(item);
    }
    table.replaceWith(list);
  }
  for (const table of [...body.querySelectorAll('table')]) if (!textOf(table)) table.remove();
}

/**
 * Reads a press release exhibit. `source` names it in an error (the accession and its file name).
 * Throws EdgarDocumentError for a release too large to be one, or one with no text.
 */
export function readPressRelease(document: SubmissionDocument, source: string): PressRelease {
  const bytes = Buffer.byteLength(document.text, 'utf8');
  if (bytes > MAX_RELEASE_BYTES)
    throw new EdgarDocumentError(
      source,
      `is ${(bytes / 1e6).toFixed(1)} MB, more than the ${MAX_RELEASE_BYTES / 1024 / 1024} MB a press release is read to.`,
    );
  const isHtml = /<(html|body|p|div|table|font|br)\b/i.test(document.text);
  const page = parseHtml(isHtml ? document.text : plainTextRelease(document.text));
  const body = page.body;

  let headline: Element | null = null;
  let summary: string | null = null;
  const all = lines(body);
  for (const line of all) {
    const text = textOf(line);
    if (!text || NOT_A_TITLE.test(text)) continue;
    if (
      isHtml &&
      (HEADINGS.has(line.tagName) || whollyBold(line)) &&
      text.length >= HEADLINE_LENGTH.min &&
      text.length <= HEADLINE_LENGTH.max
    ) {
      headline = line;
      break;
    }
    if (text.length >= TEXT_PARAGRAPH) break;
  }
  const after = headline ? all.slice(all.indexOf(headline) + 1) : all;
  for (const line of after) {
    const text = textOf(line);
    if (text.length >= SUMMARY_PARAGRAPH && !NOT_A_TITLE.test(text) && !whollyBold(line)) {
      summary = cutAtWord(text, SUMMARY_LENGTH);
      break;
    }
  }
  const title = headline ? textOf(headline) : null;

  // The title is the page's; the exhibit's label is the filing's, not the release's.
  headline?.remove();
  for (const line of all) if (line.isConnected && /^exhibit\s*99[\d.]*$/i.test(textOf(line))) line.remove();
  // Pictures are the filing's own files (or someone else's): the site shows neither.
  for (const img of [...body.querySelectorAll('img')]) img.remove();
  for (const hr of [...body.querySelectorAll('hr')])
    if (/page-break/i.test(hr.getAttribute('style') ?? '')) hr.remove();
  // Bold and italic said by a style survive the sanitizer, which removes styles, as tags.
  for (const element of [...body.querySelectorAll('[style]')]) {
    if (element.querySelector(INNER_BLOCKS)) continue;
    if (boldByItself(element) && !element.closest('b, strong, h1, h2, h3, h4, h5, h6')) wrapChildren(element, 'strong');
    if (italicByItself(element) && !element.closest('i, em')) wrapChildren(element, 'em');
  }
  tidyTables(body);
  // The empty paragraphs filers space their pages with, innermost first.
  for (const block of [...body.querySelectorAll(BLOCKS)].reverse()) {
    if (!textOf(block) && !block.querySelector('table')) block.remove();
  }
  // A list laid out a table per item is one list.
  for (const list of [...body.querySelectorAll('ul')].reverse()) {
    const next = list.nextElementSibling;
    if (next?.tagName === 'UL' && !textOf(between(list, next))) {
      while (next.firstChild) list.appendChild(next.firstChild);
      next.remove();
    }
  }
  // A line laid out as a <div> is a paragraph: it gets a paragraph's spacing on the page.
  for (const line of lines(body)) if (line.tagName === 'DIV' && line.isConnected) renameElement(line, 'p');
  const html = sanitizeHtml(body.innerHTML)
    .replace(/\n\s*\n(\s*\n)+/g, '\n\n')
    .trim();
  if (!htmlToText(html)) throw new EdgarDocumentError(source, 'holds no text: an empty press release.');
  return {
    exhibit: { type: document.type, filename: document.filename },
    headline: title,
    summary,
    html,
  };
}
