/**
 * Text for the standard fonts: cleaned to what WinAnsi can encode, measured,
 * wrapped, truncated with an ellipsis and laid out in paragraphs or bullets
 * to fit a box. Every piece of text is measured before it is drawn, so no
 * input runs off the page or makes rendering throw.
 */
import { type PDFFont } from 'pdf-lib';
import { BASELINE, ELLIPSIS, LINE_HEIGHT } from './style.ts';

/** WinAnsi characters outside Latin-1, which the standard fonts can draw. */
const WINANSI_EXTRAS = new Set(
  Array.from(
    '\u20ac\u0192\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178',
  ),
);

/**
 * Characters replaced by a close WinAnsi equivalent. Curly quotes are in
 * WinAnsi but are straightened so the documents use one quote style.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2015': '\u2014',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2192': '->',
  '\u2190': '<-',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WINANSI_EXTRAS.has(char);
}

/**
 * Makes text drawable with the standard fonts: line breaks are kept (as
 * '\n') for paragraph splitting, other whitespace becomes a space, invisible
 * format characters are dropped, accented letters outside WinAnsi lose their
 * accent, and anything else becomes '?'.
 */
export function sanitizeText(text: string): string {
  let out = '';
  // NFC first so a letter followed by a combining accent becomes one WinAnsi letter.
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) out += replacement;
    else if (char === '\n' || char === '\u2028' || char === '\u2029') out += '\n';
    else if (/[\s\p{Cc}]/u.test(char)) out += ' ';
    else if (isWinAnsi(char)) out += char;
    // Zero-width joiners, variation selectors, stray accents and skin-tone
    // modifiers have no glyph of their own: dropping them keeps one '?' per emoji.
    else if (/[\p{Cf}\p{M}\u{1f3fb}-\u{1f3ff}]/u.test(char)) continue;
    else out += transliterate(char);
  }
  return out;
}

/** 'ő' → 'o', 'ﬁ' → 'fi', full-width 'Ａ' → 'A'; otherwise '?'. */
function transliterate(char: string): string {
  const decomposed = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return decomposed !== '' && Array.from(decomposed).every(isWinAnsi) ? decomposed : '?';
}

/** Sanitized text on one line: all whitespace, line breaks included, collapsed to single spaces. */
export function cleanLine(value: string | null | undefined): string {
  return sanitizeText(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sanitized text keeping paragraph breaks (blank lines); single line breaks join lines. */
export function cleanParagraphs(value: string | null | undefined): string {
  return splitParagraphs(sanitizeText(value ?? '')).join('\n\n');
}

function splitParagraphs(text: string): string[] {
  return text
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
}

// ---------------------------------------------------------------------------
// Measuring, wrapping and truncating
// ---------------------------------------------------------------------------

export function widthOf(text: string, font: PDFFont, size: number): number {
  return font.widthOfTextAtSize(text, size);
}

/**
 * Greedy word wrap of one paragraph. A word wider than the whole line (a
 * long URL, a run of letters) is split between characters rather than
 * allowed to overflow.
 */
function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (widthOf(candidate, font, size) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    current = '';
    for (const char of word) {
      if (current !== '' && widthOf(current + char, font, size) > maxWidth) {
        lines.push(current);
        current = '';
      }
      current += char;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** Ends the text with '…', dropping characters until it fits `maxWidth`. */
function withEllipsis(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (widthOf(ELLIPSIS, font, size) > maxWidth) return '';
  let kept = text.replace(/[\s.,;:]+$/, '');
  while (kept !== '' && widthOf(kept + ELLIPSIS, font, size) > maxWidth) {
    kept = kept.slice(0, -1).replace(/[\s.,;:]+$/, '');
  }
  return kept + ELLIPSIS;
}

export function truncateToWidth(text: string, font: PDFFont, size: number, maxWidth: number): string {
  return widthOf(text, font, size) <= maxWidth ? text : withEllipsis(text, font, size, maxWidth);
}

/** The largest size between max and min at which one line fits; cut at min size if none does. */
export function fitLine(text: string, font: PDFFont, maxSize: number, minSize: number, maxWidth: number) {
  for (let size = maxSize; size > minSize; size -= 0.5) {
    if (widthOf(text, font, size) <= maxWidth) return { text, size };
  }
  return { text: truncateToWidth(text, font, minSize, maxWidth), size: minSize };
}

/** Lines ready to draw: each with its baseline's distance below the top of the block. */
export interface TextLayout {
  lines: { text: string; offset: number; indent: number; marker: boolean }[];
  height: number;
  truncated: boolean;
}

/**
 * Wraps paragraphs into at most `maxHeight` of space. When something is
 * left out the last line shown ends in an ellipsis, so a reader can tell.
 */
export function layoutParagraphs(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  maxHeight: number,
): TextLayout {
  return layoutItems(splitParagraphs(text), font, size, width, maxHeight, { indent: 0, gap: size * 0.6 });
}

/** Like layoutParagraphs, for bullet points: a marker on each item's first line and a hanging indent. */
export function layoutBullets(
  items: string[],
  font: PDFFont,
  size: number,
  width: number,
  maxHeight: number,
): TextLayout {
  return layoutItems(items, font, size, width, maxHeight, { indent: size * 1.25, gap: size * 0.45 });
}

function layoutItems(
  items: string[],
  font: PDFFont,
  size: number,
  width: number,
  maxHeight: number,
  style: { indent: number; gap: number },
): TextLayout {
  const lineHeight = size * LINE_HEIGHT;
  const layout: TextLayout = { lines: [], height: 0, truncated: false };
  for (const [itemIndex, item] of items.entries()) {
    const wrapped = wrapText(item, font, size, width - style.indent);
    for (const [lineIndex, text] of wrapped.entries()) {
      const top = layout.height + (itemIndex > 0 && lineIndex === 0 ? style.gap : 0);
      if (top + lineHeight > maxHeight) {
        layout.truncated = true;
        const last = layout.lines.at(-1);
        if (last) last.text = withEllipsis(last.text, font, size, width - last.indent);
        return layout;
      }
      layout.lines.push({ text, offset: top + size * BASELINE, indent: style.indent, marker: lineIndex === 0 });
      layout.height = top + lineHeight;
    }
  }
  return layout;
}

/**
 * The largest font size (stepping down from `maxSize`) at which the whole
 * text fits the box; at `minSize` whatever does not fit is cut.
 */
export function fitLayout(layout: (size: number) => TextLayout, maxSize: number, minSize: number) {
  for (let size = maxSize; size > minSize; size -= 1) {
    const result = layout(size);
    if (!result.truncated) return { size, layout: result };
  }
  return { size: minSize, layout: layout(minSize) };
}

/**
 * Shares `total` between sections that each want `needs[i]`: needs smaller
 * than an even share are met in full and what they leave is split among the
 * rest, so one very long section cannot squeeze the others out.
 */
export function shareSpace(needs: number[], total: number): number[] {
  const shares = needs.map(() => 0);
  const order = needs.map((_, index) => index).sort((a, b) => (needs[a] ?? 0) - (needs[b] ?? 0));
  let remaining = Math.max(0, total);
  for (const [position, index] of order.entries()) {
    const share = Math.min(needs[index] ?? 0, remaining / (order.length - position));
    shares[index] = share;
    remaining -= share;
  }
  return shares;
}
