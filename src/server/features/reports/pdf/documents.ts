/**
 * Generated PDF documents for a listed company: a one-page investor fact
 * sheet (US Letter portrait) and a six-slide investor presentation (11 x 8.5
 * in landscape). Pure: the caller gathers the data, this module only lays it
 * out with the PDF standard Helvetica fonts (no font files to fetch or
 * embed), and the same input always gives the same bytes.
 *
 * Layout rule: every piece of text is measured before it is drawn and is
 * wrapped or cut with an ellipsis to fit its box, so arbitrary input (very
 * long text, many bullets, characters the fonts cannot encode) never runs
 * off the page and never makes rendering throw.
 */
import { COMPANY_TEXT } from '../../../../lib/company.ts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export interface CompanyDocumentInput {
  symbol: string;
  name: string;
  market: string;
  sectorName: string;
  industry: string;
  country: string;
  ipoYear: number | null;
  websiteUrl: string | null;
  /** Plain text; paragraphs separated by a blank line. */
  description: string;
  valueProp: string | null;
  highlights: string[];
  /** Already formatted, e.g. { label: 'Market Cap', value: '$182.40M' }. */
  stats: { label: string; value: string }[];
  /** Daily closes, oldest first. */
  closes: { date: string; close: number }[];
  management: { name: string; title: string }[];
  specialist: { name: string; email: string; phone: string } | null;
  disclosure: string | null;
  /** 'YYYY-MM-DD': printed on the documents and used as their PDF dates. */
  asOf: string;
}

/** Title slide, Company Overview, Value Proposition, Investment Highlights, Leadership, Share Price. */
export const PRESENTATION_SLIDE_COUNT = 6;

const AUTHOR = 'RedCap Research';

// ---------------------------------------------------------------------------
// Palette and page geometry (PDF points, origin bottom-left)
// ---------------------------------------------------------------------------

const BRAND = rgb(0xc8 / 255, 0x10 / 255, 0x2e / 255);
const BRAND_DARK = rgb(0x8e / 255, 0x0b / 255, 0x21 / 255);
const BRAND_TINT = rgb(0.98, 0.9, 0.92);
const INK = rgb(0.12, 0.13, 0.15);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.84, 0.85, 0.87);
const SHADE = rgb(0.955, 0.957, 0.965);
const WHITE = rgb(1, 1, 1);
const ON_BRAND = rgb(1, 0.86, 0.88);

const LETTER = { width: 612, height: 792 };
const SLIDE = { width: 792, height: 612 };

/** Line box as a multiple of the font size. */
const LINE_HEIGHT = 1.35;
/** Baseline below the top of a line box, as a multiple of the font size. */
const BASELINE = 0.95;
const ELLIPSIS = '\u2026';
const DASH = '\u2014';

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/** A rectangle in page coordinates; `y` is its bottom edge. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

// ---------------------------------------------------------------------------
// Text sanitizing: the standard fonts only encode WinAnsi (Windows-1252)
// ---------------------------------------------------------------------------

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
function cleanLine(value: string | null | undefined): string {
  return sanitizeText(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sanitized text keeping paragraph breaks (blank lines); single line breaks join lines. */
function cleanParagraphs(value: string | null | undefined): string {
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

function widthOf(text: string, font: PDFFont, size: number): number {
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

function truncateToWidth(text: string, font: PDFFont, size: number, maxWidth: number): string {
  return widthOf(text, font, size) <= maxWidth ? text : withEllipsis(text, font, size, maxWidth);
}

/** The largest size between max and min at which one line fits; cut at min size if none does. */
function fitLine(text: string, font: PDFFont, maxSize: number, minSize: number, maxWidth: number) {
  for (let size = maxSize; size > minSize; size -= 0.5) {
    if (widthOf(text, font, size) <= maxWidth) return { text, size };
  }
  return { text: truncateToWidth(text, font, minSize, maxWidth), size: minSize };
}

/** Lines ready to draw: each with its baseline's distance below the top of the block. */
interface TextLayout {
  lines: { text: string; offset: number; indent: number; marker: boolean }[];
  height: number;
  truncated: boolean;
}

/**
 * Wraps paragraphs into at most `maxHeight` of space. When something is
 * left out the last line shown ends in an ellipsis, so a reader can tell.
 */
function layoutParagraphs(text: string, font: PDFFont, size: number, width: number, maxHeight: number): TextLayout {
  return layoutItems(splitParagraphs(text), font, size, width, maxHeight, { indent: 0, gap: size * 0.6 });
}

/** Like layoutParagraphs, for bullet points: a marker on each item's first line and a hanging indent. */
function layoutBullets(items: string[], font: PDFFont, size: number, width: number, maxHeight: number): TextLayout {
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
function fitLayout(layout: (size: number) => TextLayout, maxSize: number, minSize: number) {
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
function shareSpace(needs: number[], total: number): number[] {
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

// ---------------------------------------------------------------------------
// Drawing helpers
// ---------------------------------------------------------------------------

interface TextStyle {
  font: PDFFont;
  size: number;
  color?: RGB;
  align?: 'left' | 'right' | 'center';
  /** Cut with an ellipsis beyond this width. For right alignment `x` is the right edge, for center the middle. */
  maxWidth?: number;
}

/** Draws one line of text and returns its width. The only place that calls page.drawText. */
function drawLineOfText(page: PDFPage, text: string, x: number, y: number, style: TextStyle): number {
  const { font, size } = style;
  const shown = style.maxWidth === undefined ? text : truncateToWidth(text, font, size, style.maxWidth);
  if (shown === '') return 0;
  const width = widthOf(shown, font, size);
  const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
  page.drawText(shown, { x: left, y, font, size, color: style.color ?? INK });
  return width;
}

/** Draws a layout from paragraphs or bullets with its top at `top`; returns the height used. */
function drawLayout(page: PDFPage, layout: TextLayout, x: number, top: number, style: TextStyle): number {
  for (const line of layout.lines) {
    const baseline = top - line.offset;
    if (line.marker && line.indent > 0) {
      // A small brand-coloured square reads as a bullet at any size and needs no glyph.
      const side = style.size * 0.34;
      page.drawRectangle({
        x: x + style.size * 0.1,
        y: baseline + style.size * 0.2,
        width: side,
        height: side,
        color: BRAND,
      });
    }
    drawLineOfText(page, line.text, x + line.indent, baseline, style);
  }
  return layout.height;
}

/** Word-wrapped paragraphs cut with an ellipsis at `maxHeight`; returns the height used. */
function drawParagraph(
  page: PDFPage,
  text: string,
  x: number,
  top: number,
  width: number,
  maxHeight: number,
  style: TextStyle,
): number {
  return drawLayout(page, layoutParagraphs(text, style.font, style.size, width, maxHeight), x, top, style);
}

/** Bullet points cut with an ellipsis at `maxHeight`; returns the height used. */
function drawBullets(
  page: PDFPage,
  items: string[],
  x: number,
  top: number,
  width: number,
  maxHeight: number,
  style: TextStyle,
): number {
  return drawLayout(page, layoutBullets(items, style.font, style.size, width, maxHeight), x, top, style);
}

/** A bold brand-coloured title over a hairline, with optional muted text on the right. */
function drawSectionHeading(
  page: PDFPage,
  fonts: Fonts,
  title: string,
  x: number,
  top: number,
  width: number,
  aside = '',
): number {
  const size = 9.5;
  const baseline = top - size;
  const asideWidth =
    aside === ''
      ? 0
      : drawLineOfText(page, aside, x + width, baseline, {
          font: fonts.regular,
          size: 7.5,
          color: MUTED,
          align: 'right',
          maxWidth: width / 2,
        });
  drawLineOfText(page, title, x, baseline, { font: fonts.bold, size, color: BRAND, maxWidth: width - asideWidth - 8 });
  page.drawLine({
    start: { x, y: top - size - 4.5 },
    end: { x: x + width, y: top - size - 4.5 },
    thickness: 0.6,
    color: RULE,
  });
  return SECTION_HEADING_HEIGHT;
}
const SECTION_HEADING_HEIGHT = 20;

/** Label / value rows with alternate shading; as many rows as fit `maxHeight`. Returns the height used. */
function drawStatsTable(
  page: PDFPage,
  fonts: Fonts,
  rows: { label: string; value: string }[],
  box: { x: number; top: number; width: number; maxHeight: number },
  size: number,
  stripe: RGB = SHADE,
): number {
  const rowHeight = size * 1.75;
  const pad = size * 0.5;
  if (rows.length === 0) {
    drawLineOfText(page, 'No statistics available.', box.x, box.top - size * BASELINE, {
      font: fonts.italic,
      size,
      color: MUTED,
      maxWidth: box.width,
    });
    return size * LINE_HEIGHT;
  }
  const shown = rows.slice(0, Math.max(0, Math.floor(box.maxHeight / rowHeight)));
  for (const [index, row] of shown.entries()) {
    const rowTop = box.top - index * rowHeight;
    if (index % 2 === 0)
      page.drawRectangle({ x: box.x, y: rowTop - rowHeight, width: box.width, height: rowHeight, color: stripe });
    const baseline = rowTop - rowHeight / 2 - size * 0.35;
    // The value is what the reader came for: it gets up to 60% of the row, the label the rest.
    const valueWidth = drawLineOfText(page, row.value, box.x + box.width - pad, baseline, {
      font: fonts.bold,
      size,
      align: 'right',
      maxWidth: (box.width - 2 * pad) * 0.6,
    });
    drawLineOfText(page, row.label, box.x + pad, baseline, {
      font: fonts.regular,
      size,
      color: MUTED,
      maxWidth: box.width - 2 * pad - valueWidth - size,
    });
  }
  return shown.length * rowHeight;
}

function formatPrice(value: number): string {
  // Small caps trade below a dollar often enough that cents alone would flatten the axis.
  const digits = Math.abs(value) >= 1 ? 2 : 4;
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

function priceChange(closes: { close: number }[]): string {
  const first = closes[0]?.close;
  const last = closes.at(-1)?.close;
  if (first === undefined || last === undefined || first <= 0 || closes.length < 2) return '';
  const change = (last / first - 1) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}% over the period`;
}

/**
 * A price line chart in vector paths: a tinted area under a brand-coloured
 * line inside a frame whose top and bottom are the period's high and low
 * (labelled on the left), a dashed midline, and the first and last dates below.
 */
function drawLineChart(
  page: PDFPage,
  fonts: Fonts,
  closes: { date: string; close: number }[],
  box: Box,
  labelSize: number,
): void {
  const label: TextStyle = { font: fonts.regular, size: labelSize, color: MUTED };
  if (closes.length === 0) {
    page.drawRectangle({ ...box, borderColor: RULE, borderWidth: 0.75 });
    const y = box.y + box.height / 2 - labelSize * 0.35;
    drawLineOfText(page, 'No price history available.', box.x + box.width / 2, y, {
      ...label,
      font: fonts.italic,
      align: 'center',
      maxWidth: box.width - 8,
    });
    return;
  }

  const values = closes.map((point) => point.close);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const highLabel = formatPrice(high);
  const lowLabel = formatPrice(low);
  const labelWidth = Math.min(
    box.width * 0.35,
    Math.max(widthOf(highLabel, fonts.regular, labelSize), widthOf(lowLabel, fonts.regular, labelSize)),
  );
  const plot: Box = {
    x: box.x + labelWidth + 5,
    y: box.y + labelSize * 1.8,
    width: box.width - labelWidth - 5,
    height: box.height - labelSize * 1.8 - labelSize * 0.6,
  };

  page.drawRectangle({ ...plot, borderColor: RULE, borderWidth: 0.75 });
  const middle = plot.y + plot.height / 2;
  page.drawLine({
    start: { x: plot.x, y: middle },
    end: { x: plot.x + plot.width, y: middle },
    thickness: 0.4,
    color: RULE,
    dashArray: [2, 2],
  });
  drawLineOfText(page, highLabel, plot.x - 4, plot.y + plot.height - labelSize * 0.7, {
    ...label,
    align: 'right',
    maxWidth: labelWidth,
  });
  drawLineOfText(page, lowLabel, plot.x - 4, plot.y, { ...label, align: 'right', maxWidth: labelWidth });

  // A flat series is drawn through the middle instead of dividing by a zero range.
  const range = high - low;
  const inset = 1.5;
  const xAt = (index: number) => (closes.length === 1 ? plot.width / 2 : (index / (closes.length - 1)) * plot.width);
  const yAt = (value: number) =>
    range === 0 ? plot.height / 2 : inset + ((value - low) / range) * (plot.height - 2 * inset);
  // drawSvgPath measures y downwards from its origin, so points are given as depth below the plot's top edge.
  const points = values.map((value, index) => `${xAt(index).toFixed(2)} ${(plot.height - yAt(value)).toFixed(2)}`);
  const origin = { x: plot.x, y: plot.y + plot.height };
  const line = `M ${points.join(' L ')}`;
  const area = `${line} L ${xAt(values.length - 1).toFixed(2)} ${plot.height} L ${xAt(0).toFixed(2)} ${plot.height} Z`;
  page.drawSvgPath(area, { ...origin, color: BRAND_TINT });
  page.drawSvgPath(line, { ...origin, borderColor: BRAND, borderWidth: 1.1 });
  const last = values.at(-1) ?? low;
  page.drawCircle({ x: plot.x + xAt(values.length - 1), y: plot.y + yAt(last), size: 1.8, color: BRAND });

  // First and last dates under the plot; the first is left out if the two would collide.
  const dateY = box.y + labelSize * 0.2;
  const lastDate = closes.at(-1)?.date ?? '';
  const lastWidth = drawLineOfText(page, lastDate, plot.x + plot.width, dateY, {
    ...label,
    align: 'right',
    maxWidth: plot.width,
  });
  const firstDate = closes[0]?.date ?? '';
  if (closes.length > 1 && widthOf(firstDate, fonts.regular, labelSize) + lastWidth + 8 <= plot.width) {
    drawLineOfText(page, firstDate, plot.x, dateY, label);
  }
}

// ---------------------------------------------------------------------------
// Shared document setup
// ---------------------------------------------------------------------------

/** Input after sanitizing: every string here can be drawn with the standard fonts. */
interface Company {
  symbol: string;
  name: string;
  ticker: string;
  sectorName: string;
  industry: string;
  country: string;
  ipoYear: string;
  website: string;
  description: string;
  valueProp: string;
  highlights: string[];
  stats: { label: string; value: string }[];
  closes: { date: string; close: number }[];
  management: { name: string; title: string }[];
  specialist: { name: string; email: string; phone: string } | null;
  disclosure: string;
  asOf: string;
}

function prepare(input: CompanyDocumentInput): Company {
  const symbol = cleanLine(input.symbol);
  const market = cleanLine(input.market);
  const specialist = input.specialist;
  return {
    symbol,
    name: cleanLine(input.name) || symbol || 'Company',
    ticker: [market, symbol].filter((part) => part !== '').join(': '),
    sectorName: cleanLine(input.sectorName) || DASH,
    industry: cleanLine(input.industry) || DASH,
    country: cleanLine(input.country) || DASH,
    ipoYear: input.ipoYear === null || !Number.isFinite(input.ipoYear) ? DASH : String(input.ipoYear),
    // Shown, not linked: the scheme and a trailing slash only take up room.
    website:
      cleanLine(input.websiteUrl)
        .replace(/^https?:\/\//i, '')
        .replace(/^www\./i, '')
        .replace(/\/$/, '') || DASH,
    description: cleanParagraphs(input.description),
    valueProp: cleanParagraphs(input.valueProp),
    highlights: (input.highlights ?? []).map(cleanLine).filter((item) => item !== ''),
    stats: (input.stats ?? []).map((row) => ({ label: cleanLine(row.label), value: cleanLine(row.value) || DASH })),
    closes: (input.closes ?? [])
      .filter((point) => Number.isFinite(point.close))
      .map((point) => ({ date: cleanLine(point.date), close: point.close })),
    management: (input.management ?? [])
      .map((person) => ({ name: cleanLine(person.name), title: cleanLine(person.title) }))
      .filter((person) => person.name !== '' || person.title !== ''),
    specialist: specialist
      ? { name: cleanLine(specialist.name), email: cleanLine(specialist.email), phone: cleanLine(specialist.phone) }
      : null,
    disclosure: cleanParagraphs(input.disclosure),
    asOf: cleanLine(input.asOf),
  };
}

/** Midnight UTC of an ISO date; the Unix epoch for anything else, so the output stays reproducible. */
function documentDate(asOf: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(asOf.trim());
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(0);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/**
 * A document whose metadata all comes from the input. pdf-lib would
 * otherwise stamp the current time, making every rendering differ.
 */
async function createDocument(input: CompanyDocumentInput, kind: string, subject: string) {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  // Metadata strings are stored as UTF-16, so the unsanitized name is kept there for search.
  const name = (input.name ?? '').replace(/\s+/g, ' ').trim();
  const symbol = (input.symbol ?? '').trim();
  const date = documentDate(input.asOf ?? '');
  pdf.setTitle(`${name} (${symbol}) ${kind}`, { showInWindowTitleBar: true });
  pdf.setAuthor(AUTHOR);
  pdf.setSubject(subject);
  pdf.setKeywords([symbol, name, input.market, input.sectorName, input.industry].filter((word) => !!word));
  pdf.setCreator(AUTHOR);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('en-US');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  return { pdf, fonts };
}

function dataAsOfLine(company: Company): string {
  return `Data as of ${company.asOf}. Demo data generated for demonstration.`;
}

// ---------------------------------------------------------------------------
// Fact sheet: one US Letter page
// ---------------------------------------------------------------------------

const SHEET_MARGIN = 36;
const SHEET_CONTENT_WIDTH = LETTER.width - 2 * SHEET_MARGIN;
const SHEET_HEADER_HEIGHT = 92;
const SHEET_STRIP_HEIGHT = 32;
const SHEET_FOOTER_TOP = 100;
const SHEET_COLUMN_GAP = 20;
const SHEET_LEFT_WIDTH = 312;
const SHEET_RIGHT_WIDTH = SHEET_CONTENT_WIDTH - SHEET_LEFT_WIDTH - SHEET_COLUMN_GAP;
const SECTION_GAP = 14;
const BODY_SIZE = 9;

export async function renderFactSheet(input: CompanyDocumentInput): Promise<Uint8Array> {
  const company = prepare(input);
  const { pdf, fonts } = await createDocument(
    input,
    'Fact Sheet',
    `Research profile of ${input.name} (${input.market}: ${input.symbol})`,
  );
  const page = pdf.addPage([LETTER.width, LETTER.height]);

  drawSheetHeader(page, fonts, company);
  const stripTop = LETTER.height - SHEET_HEADER_HEIGHT;
  drawFactsStrip(page, fonts, company, stripTop);
  const columnTop = stripTop - SHEET_STRIP_HEIGHT - 16;
  const columnBottom = SHEET_FOOTER_TOP + 12;
  drawSheetLeftColumn(page, fonts, company, SHEET_MARGIN, columnTop, columnTop - columnBottom);
  drawSheetRightColumn(
    page,
    fonts,
    company,
    SHEET_MARGIN + SHEET_LEFT_WIDTH + SHEET_COLUMN_GAP,
    columnTop,
    columnTop - columnBottom,
  );
  drawSheetFooter(page, fonts, company);

  return pdf.save();
}

function drawSheetHeader(page: PDFPage, fonts: Fonts, company: Company): void {
  const top = LETTER.height;
  const right = LETTER.width - SHEET_MARGIN;
  page.drawRectangle({
    x: 0,
    y: top - SHEET_HEADER_HEIGHT,
    width: LETTER.width,
    height: SHEET_HEADER_HEIGHT,
    color: BRAND,
  });
  page.drawRectangle({ x: 0, y: top - SHEET_HEADER_HEIGHT, width: LETTER.width, height: 3, color: BRAND_DARK });

  const brandWidth = drawLineOfText(page, AUTHOR.toUpperCase(), right, top - 24, {
    font: fonts.bold,
    size: 8,
    color: ON_BRAND,
    align: 'right',
  });
  drawLineOfText(page, 'Research Profile', SHEET_MARGIN, top - 24, {
    font: fonts.bold,
    size: 9,
    color: WHITE,
    maxWidth: SHEET_CONTENT_WIDTH - brandWidth - 12,
  });

  const name = fitLine(company.name, fonts.bold, 24, 13, SHEET_CONTENT_WIDTH);
  drawLineOfText(page, name.text, SHEET_MARGIN, top - 52, { font: fonts.bold, size: name.size, color: WHITE });

  const asOfWidth = drawLineOfText(page, `As of ${company.asOf}`, right, top - 76, {
    font: fonts.regular,
    size: 9,
    color: ON_BRAND,
    align: 'right',
    maxWidth: SHEET_CONTENT_WIDTH / 3,
  });
  drawLineOfText(page, company.ticker, SHEET_MARGIN, top - 76, {
    font: fonts.bold,
    size: 12,
    color: WHITE,
    maxWidth: SHEET_CONTENT_WIDTH - asOfWidth - 12,
  });
}

/** One row of labelled facts under the header: sector, industry, country, IPO year, website. */
function drawFactsStrip(page: PDFPage, fonts: Fonts, company: Company, top: number): void {
  page.drawRectangle({
    x: 0,
    y: top - SHEET_STRIP_HEIGHT,
    width: LETTER.width,
    height: SHEET_STRIP_HEIGHT,
    color: SHADE,
  });
  const cells: [string, string, number][] = [
    ['Sector', company.sectorName, 1.1],
    ['Industry', company.industry, 1.7],
    ['Country', company.country, 1],
    ['IPO Year', company.ipoYear, 0.6],
    ['Website', company.website, 1.3],
  ];
  const unit = SHEET_CONTENT_WIDTH / cells.reduce((sum, [, , weight]) => sum + weight, 0);
  let x = SHEET_MARGIN;
  for (const [label, value, weight] of cells) {
    const width = unit * weight - 8;
    drawLineOfText(page, label.toUpperCase(), x, top - 12, {
      font: fonts.bold,
      size: 6.5,
      color: MUTED,
      maxWidth: width,
    });
    drawLineOfText(page, value, x, top - 24, { font: fonts.bold, size: 8.5, maxWidth: width });
    x += unit * weight;
  }
}

/** Overview, value proposition and highlights, sharing the column's height fairly. */
function drawSheetLeftColumn(
  page: PDFPage,
  fonts: Fonts,
  company: Company,
  x: number,
  top: number,
  height: number,
): void {
  const width = SHEET_LEFT_WIDTH;
  const body: TextStyle = { font: fonts.regular, size: BODY_SIZE };
  const sections = [
    { title: 'Company Overview', text: company.description || 'No description available.', bullets: false },
    ...(company.valueProp ? [{ title: 'Value Proposition', text: company.valueProp, bullets: false }] : []),
    ...(company.highlights.length > 0 ? [{ title: 'Investment Highlights', text: '', bullets: true }] : []),
  ];
  const layoutOf = (section: (typeof sections)[number], maxHeight: number) =>
    section.bullets
      ? layoutBullets(company.highlights, body.font, body.size, width, maxHeight)
      : layoutParagraphs(section.text, body.font, body.size, width, maxHeight);

  const overhead = sections.length * SECTION_HEADING_HEIGHT + (sections.length - 1) * SECTION_GAP;
  const shares = shareSpace(
    sections.map((section) => layoutOf(section, Infinity).height),
    height - overhead,
  );
  let cursor = top;
  for (const [index, section] of sections.entries()) {
    cursor -= drawSectionHeading(page, fonts, section.title, x, cursor, width);
    const maxHeight = shares[index] ?? 0;
    const used = section.bullets
      ? drawBullets(page, company.highlights, x, cursor, width, maxHeight, body)
      : drawParagraph(page, section.text, x, cursor, width, maxHeight, body);
    cursor -= used + SECTION_GAP;
  }
}

const MANAGEMENT_ROW_HEIGHT = 22;
const CONTACT_HEIGHT = 40;
const SHEET_CHART_HEIGHT = 112;
const SHEET_STATS_SIZE = 8;

/** Key statistics, price chart, management and the investor relations contact. */
function drawSheetRightColumn(
  page: PDFPage,
  fonts: Fonts,
  company: Company,
  x: number,
  top: number,
  height: number,
): void {
  const width = SHEET_RIGHT_WIDTH;
  const statsRowHeight = SHEET_STATS_SIZE * 1.75;
  const overhead = 4 * SECTION_HEADING_HEIGHT + 3 * SECTION_GAP;
  // The chart and the contact have fixed sizes; stats and management share what is left.
  const [statsShare = 0, managementShare = 0] = shareSpace(
    [
      Math.max(1, company.stats.length) * statsRowHeight,
      Math.max(1, company.management.length) * MANAGEMENT_ROW_HEIGHT,
    ],
    height - overhead - SHEET_CHART_HEIGHT - CONTACT_HEIGHT,
  );

  let cursor = top;
  cursor -= drawSectionHeading(page, fonts, 'Key Statistics', x, cursor, width);
  cursor -=
    drawStatsTable(page, fonts, company.stats, { x, top: cursor, width, maxHeight: statsShare }, SHEET_STATS_SIZE) +
    SECTION_GAP;

  cursor -= drawSectionHeading(page, fonts, 'One-Year Price', x, cursor, width, priceChange(company.closes));
  drawLineChart(
    page,
    fonts,
    company.closes,
    { x, y: cursor - SHEET_CHART_HEIGHT, width, height: SHEET_CHART_HEIGHT },
    6.5,
  );
  cursor -= SHEET_CHART_HEIGHT + SECTION_GAP;

  cursor -= drawSectionHeading(page, fonts, 'Management', x, cursor, width);
  cursor -= drawManagementList(page, fonts, company.management, x, cursor, width, managementShare) + SECTION_GAP;

  cursor -= drawSectionHeading(page, fonts, 'Investor Relations Contact', x, cursor, width);
  drawContact(page, fonts, company.specialist, x, cursor, width, 8);
}

/** Name over title for each person; when they do not all fit, the last row says how many are left out. */
function drawManagementList(
  page: PDFPage,
  fonts: Fonts,
  people: { name: string; title: string }[],
  x: number,
  top: number,
  width: number,
  maxHeight: number,
): number {
  if (people.length === 0) {
    drawLineOfText(page, 'No management information available.', x, top - 8 * BASELINE, {
      font: fonts.italic,
      size: 8,
      color: MUTED,
      maxWidth: width,
    });
    return 8 * LINE_HEIGHT;
  }
  const capacity = Math.max(1, Math.floor(maxHeight / MANAGEMENT_ROW_HEIGHT));
  const shown = people.length <= capacity ? people : people.slice(0, capacity - 1);
  for (const [index, person] of shown.entries()) {
    const rowTop = top - index * MANAGEMENT_ROW_HEIGHT;
    drawLineOfText(page, person.name, x, rowTop - 8.5, { font: fonts.bold, size: 8.5, maxWidth: width });
    drawLineOfText(page, person.title, x, rowTop - 18, {
      font: fonts.regular,
      size: 7.5,
      color: MUTED,
      maxWidth: width,
    });
  }
  if (shown.length < people.length) {
    const rowTop = top - shown.length * MANAGEMENT_ROW_HEIGHT;
    drawLineOfText(page, `+ ${people.length - shown.length} more`, x, rowTop - 8.5, {
      font: fonts.italic,
      size: 8,
      color: MUTED,
      maxWidth: width,
    });
  }
  return Math.min(people.length, capacity) * MANAGEMENT_ROW_HEIGHT;
}

/** Name, email and phone of the investor relations specialist. Returns the height used. */
function drawContact(
  page: PDFPage,
  fonts: Fonts,
  specialist: Company['specialist'],
  x: number,
  top: number,
  width: number,
  size: number,
): number {
  const lineHeight = size * 1.45;
  if (!specialist) {
    drawLineOfText(page, 'No investor relations contact listed.', x, top - size * BASELINE, {
      font: fonts.italic,
      size,
      color: MUTED,
      maxWidth: width,
    });
    return lineHeight;
  }
  const lines = [
    { text: specialist.name, font: fonts.bold, color: INK },
    { text: specialist.email, font: fonts.regular, color: BRAND },
    { text: specialist.phone, font: fonts.regular, color: INK },
  ].filter((line) => line.text !== '');
  for (const [index, line] of lines.entries()) {
    drawLineOfText(page, line.text, x, top - size * BASELINE - index * lineHeight, {
      font: line.font,
      size,
      color: line.color,
      maxWidth: width,
    });
  }
  return lines.length * lineHeight;
}

function drawSheetFooter(page: PDFPage, fonts: Fonts, company: Company): void {
  const x = SHEET_MARGIN;
  const width = SHEET_CONTENT_WIDTH;
  page.drawLine({
    start: { x, y: SHEET_FOOTER_TOP },
    end: { x: x + width, y: SHEET_FOOTER_TOP },
    thickness: 0.6,
    color: RULE,
  });
  // Small print gets at most six lines; the data line below always shows.
  const disclosureSize = 6.5;
  drawParagraph(page, company.disclosure, x, SHEET_FOOTER_TOP - 6, width, disclosureSize * LINE_HEIGHT * 6, {
    font: fonts.regular,
    size: disclosureSize,
    color: MUTED,
  });
  const brandWidth = drawLineOfText(page, AUTHOR, x + width, 30, {
    font: fonts.bold,
    size: 7.5,
    color: BRAND,
    align: 'right',
  });
  drawLineOfText(page, dataAsOfLine(company), x, 30, {
    font: fonts.regular,
    size: 7.5,
    maxWidth: width - brandWidth - 12,
  });
}

// ---------------------------------------------------------------------------
// Presentation: six landscape slides
// ---------------------------------------------------------------------------

const SLIDE_MARGIN = 48;
const SLIDE_CONTENT_WIDTH = SLIDE.width - 2 * SLIDE_MARGIN;
const SLIDE_BAND_HEIGHT = 64;
const SLIDE_CONTENT_TOP = SLIDE.height - SLIDE_BAND_HEIGHT - 30;
const SLIDE_CONTENT_BOTTOM = 64;
const SLIDE_CONTENT_HEIGHT = SLIDE_CONTENT_TOP - SLIDE_CONTENT_BOTTOM;

export async function renderPresentation(input: CompanyDocumentInput): Promise<Uint8Array> {
  const company = prepare(input);
  const { pdf, fonts } = await createDocument(
    input,
    'Investor Presentation',
    `Investor presentation of ${input.name} (${input.market}: ${input.symbol})`,
  );
  const slide = (title: string) => {
    const page = pdf.addPage([SLIDE.width, SLIDE.height]);
    drawSlideFrame(page, fonts, company, title, pdf.getPageCount());
    return page;
  };

  drawTitleSlide(pdf.addPage([SLIDE.width, SLIDE.height]), fonts, company);
  drawOverviewSlide(slide('Company Overview'), fonts, company);
  drawValuePropositionSlide(slide('Value Proposition'), fonts, company);
  drawHighlightsSlide(slide('Investment Highlights'), fonts, company);
  drawLeadershipSlide(slide('Leadership'), fonts, company);
  drawSharePriceSlide(slide('Share Price'), fonts, company);

  return pdf.save();
}

function drawTitleSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const x = SLIDE_MARGIN + 16;
  const width = SLIDE.width - 2 * x;
  page.drawRectangle({ x: 0, y: 0, width: SLIDE.width, height: SLIDE.height, color: BRAND });
  page.drawRectangle({ x: 0, y: 0, width: SLIDE.width, height: 96, color: BRAND_DARK });
  page.drawRectangle({ x: SLIDE_MARGIN, y: 250, width: 4, height: 200, color: WHITE });

  drawLineOfText(page, AUTHOR.toUpperCase(), x, SLIDE.height - 64, {
    font: fonts.bold,
    size: 12,
    color: ON_BRAND,
    maxWidth: width,
  });
  drawLineOfText(page, 'Investor Presentation', x, 424, {
    font: fonts.regular,
    size: 18,
    color: ON_BRAND,
    maxWidth: width,
  });

  // The name gets two lines, and the largest size at which it fits them.
  const { size, layout } = fitLayout(
    (s) => layoutParagraphs(company.name, fonts.bold, s, width, 2 * s * LINE_HEIGHT),
    44,
    22,
  );
  const nameTop = 404;
  drawLayout(page, layout, x, nameTop, { font: fonts.bold, size, color: WHITE });
  const below = nameTop - Math.max(layout.height, size * LINE_HEIGHT) - 12;
  drawLineOfText(page, company.ticker, x, below - 20, { font: fonts.bold, size: 20, color: WHITE, maxWidth: width });
  drawLineOfText(page, `${company.sectorName}  |  ${company.industry}`, x, below - 46, {
    font: fonts.regular,
    size: 14,
    color: ON_BRAND,
    maxWidth: width,
  });

  const asOfWidth = drawLineOfText(page, `As of ${company.asOf}`, SLIDE.width - x, 42, {
    font: fonts.bold,
    size: 13,
    color: WHITE,
    align: 'right',
    maxWidth: width / 2,
  });
  drawLineOfText(page, 'Demo data generated for demonstration.', x, 42, {
    font: fonts.regular,
    size: 11,
    color: ON_BRAND,
    maxWidth: width - asOfWidth - 16,
  });
}

/** Brand band with the slide title, and a footer naming the company and the slide number. */
function drawSlideFrame(page: PDFPage, fonts: Fonts, company: Company, title: string, number: number): void {
  const right = SLIDE.width - SLIDE_MARGIN;
  page.drawRectangle({
    x: 0,
    y: SLIDE.height - SLIDE_BAND_HEIGHT,
    width: SLIDE.width,
    height: SLIDE_BAND_HEIGHT,
    color: BRAND,
  });
  const tickerWidth = drawLineOfText(page, company.ticker, right, SLIDE.height - 39, {
    font: fonts.bold,
    size: 12,
    color: ON_BRAND,
    align: 'right',
    maxWidth: 200,
  });
  drawLineOfText(page, title, SLIDE_MARGIN, SLIDE.height - 41, {
    font: fonts.bold,
    size: 24,
    color: WHITE,
    maxWidth: SLIDE_CONTENT_WIDTH - tickerWidth - 16,
  });

  page.drawLine({ start: { x: SLIDE_MARGIN, y: 42 }, end: { x: right, y: 42 }, thickness: 0.6, color: RULE });
  const pageWidth = drawLineOfText(page, `${AUTHOR}  |  ${number} / ${PRESENTATION_SLIDE_COUNT}`, right, 26, {
    font: fonts.regular,
    size: 9,
    color: MUTED,
    align: 'right',
  });
  drawLineOfText(page, company.name, SLIDE_MARGIN, 26, {
    font: fonts.bold,
    size: 9,
    color: MUTED,
    maxWidth: SLIDE_CONTENT_WIDTH - pageWidth - 16,
  });
}

const SLIDE_PANEL_WIDTH = 236;
const SLIDE_PANEL_X = SLIDE.width - SLIDE_MARGIN - SLIDE_PANEL_WIDTH;
const SLIDE_MAIN_WIDTH = SLIDE_PANEL_X - SLIDE_MARGIN - 32;

/** Shaded side panel with a title; returns the inner top for its content. */
function drawPanel(page: PDFPage, fonts: Fonts, title: string, box: Box): number {
  page.drawRectangle({ ...box, color: SHADE });
  page.drawRectangle({ x: box.x, y: box.y + box.height - 3, width: box.width, height: 3, color: BRAND });
  const top = box.y + box.height;
  drawLineOfText(page, title, box.x + 16, top - 28, {
    font: fonts.bold,
    size: 13,
    color: BRAND,
    maxWidth: box.width - 32,
  });
  return top - 42;
}

function drawOverviewSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const text = company.description || 'No description available.';
  const { size, layout } = fitLayout(
    (s) => layoutParagraphs(text, fonts.regular, s, SLIDE_MAIN_WIDTH, SLIDE_CONTENT_HEIGHT),
    16,
    9,
  );
  drawLayout(page, layout, SLIDE_MARGIN, SLIDE_CONTENT_TOP, { font: fonts.regular, size });

  const box = { x: SLIDE_PANEL_X, y: SLIDE_CONTENT_BOTTOM, width: SLIDE_PANEL_WIDTH, height: SLIDE_CONTENT_HEIGHT };
  let cursor = drawPanel(page, fonts, 'At a Glance', box);
  const innerX = box.x + 16;
  const innerWidth = box.width - 32;
  const facts: [string, string][] = [
    ['Listing', company.ticker || DASH],
    ['Sector', company.sectorName],
    ['Industry', company.industry],
    ['Country', company.country],
    ['IPO Year', company.ipoYear],
    ['Website', company.website],
  ];
  for (const [label, value] of facts) {
    drawLineOfText(page, label.toUpperCase(), innerX, cursor - 8, {
      font: fonts.bold,
      size: 8,
      color: MUTED,
      maxWidth: innerWidth,
    });
    const valueLayout = layoutParagraphs(value, fonts.bold, 12, innerWidth, 2 * 12 * LINE_HEIGHT);
    drawLayout(page, valueLayout, innerX, cursor - 12, { font: fonts.bold, size: 12 });
    cursor -= 12 + valueLayout.height + 14;
  }
}

/** The muted line a slide shows when its section is empty. */
function drawSlideNote(page: PDFPage, fonts: Fonts, text: string, x: number, maxWidth: number): void {
  drawLineOfText(page, text, x, SLIDE_CONTENT_TOP - 22, { font: fonts.italic, size: 18, color: MUTED, maxWidth });
}

function drawValuePropositionSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const x = SLIDE_MARGIN + 24;
  const width = SLIDE_CONTENT_WIDTH - 48;
  if (!company.valueProp) return drawSlideNote(page, fonts, COMPANY_TEXT.noValueProp, x, width);
  const { size, layout } = fitLayout(
    (s) => layoutParagraphs(company.valueProp, fonts.regular, s, width, SLIDE_CONTENT_HEIGHT),
    24,
    10,
  );
  // A brand bar alongside the text sets it apart as a statement rather than body copy.
  page.drawRectangle({
    x: SLIDE_MARGIN,
    y: SLIDE_CONTENT_TOP - layout.height,
    width: 5,
    height: layout.height,
    color: BRAND,
  });
  drawLayout(page, layout, x, SLIDE_CONTENT_TOP, { font: fonts.regular, size });
}

function drawHighlightsSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  if (company.highlights.length === 0)
    return drawSlideNote(page, fonts, COMPANY_TEXT.noHighlights, SLIDE_MARGIN, SLIDE_CONTENT_WIDTH);
  const { size, layout } = fitLayout(
    (s) => layoutBullets(company.highlights, fonts.regular, s, SLIDE_CONTENT_WIDTH, SLIDE_CONTENT_HEIGHT),
    18,
    9,
  );
  drawLayout(page, layout, SLIDE_MARGIN, SLIDE_CONTENT_TOP, { font: fonts.regular, size });
}

/** Management as cards in two columns, and the investor relations contact in a side panel. */
function drawLeadershipSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const people = company.management;
  if (people.length === 0) {
    drawLineOfText(page, 'No management information available.', SLIDE_MARGIN, SLIDE_CONTENT_TOP - 22, {
      font: fonts.italic,
      size: 18,
      color: MUTED,
      maxWidth: SLIDE_MAIN_WIDTH,
    });
  } else {
    const gap = 12;
    const cardWidth = (SLIDE_MAIN_WIDTH - gap) / 2;
    const cardHeight = 54;
    const rows = Math.floor((SLIDE_CONTENT_HEIGHT + gap) / (cardHeight + gap));
    const capacity = rows * 2;
    const shown = people.length <= capacity ? people : people.slice(0, capacity - 1);
    const cards = [
      ...shown.map((person) => ({ ...person, more: false })),
      ...(shown.length < people.length
        ? [{ name: `+ ${people.length - shown.length} more`, title: '', more: true }]
        : []),
    ];
    for (const [index, card] of cards.entries()) {
      const x = SLIDE_MARGIN + (index % 2) * (cardWidth + gap);
      const top = SLIDE_CONTENT_TOP - Math.floor(index / 2) * (cardHeight + gap);
      page.drawRectangle({ x, y: top - cardHeight, width: cardWidth, height: cardHeight, color: SHADE });
      page.drawRectangle({ x, y: top - cardHeight, width: 4, height: cardHeight, color: BRAND });
      const inner = { x: x + 16, width: cardWidth - 28 };
      if (card.more) {
        drawLineOfText(page, card.name, inner.x, top - cardHeight / 2 - 4, {
          font: fonts.italic,
          size: 12,
          color: MUTED,
          maxWidth: inner.width,
        });
        continue;
      }
      drawLineOfText(page, card.name, inner.x, top - 20, { font: fonts.bold, size: 13, maxWidth: inner.width });
      drawLineOfText(page, card.title, inner.x, top - 38, {
        font: fonts.regular,
        size: 10,
        color: MUTED,
        maxWidth: inner.width,
      });
    }
  }

  const box = { x: SLIDE_PANEL_X, y: SLIDE_CONTENT_TOP - 130, width: SLIDE_PANEL_WIDTH, height: 130 };
  const top = drawPanel(page, fonts, 'Investor Relations Contact', box);
  drawContact(page, fonts, company.specialist, box.x + 16, top, box.width - 32, 11);
}

/** The one-year chart with the key statistics beside it, and the small print below. */
function drawSharePriceSlide(page: PDFPage, fonts: Fonts, company: Company): void {
  const chartTop = SLIDE_CONTENT_TOP;
  const chartHeight = 270;
  const captionWidth = drawLineOfText(
    page,
    priceChange(company.closes),
    SLIDE_MARGIN + SLIDE_MAIN_WIDTH,
    chartTop - 10,
    { font: fonts.regular, size: 10, color: MUTED, align: 'right', maxWidth: SLIDE_MAIN_WIDTH / 2 },
  );
  drawLineOfText(page, 'Daily closing price', SLIDE_MARGIN, chartTop - 10, {
    font: fonts.bold,
    size: 11,
    color: BRAND,
    maxWidth: SLIDE_MAIN_WIDTH - captionWidth - 12,
  });
  drawLineChart(
    page,
    fonts,
    company.closes,
    { x: SLIDE_MARGIN, y: chartTop - 22 - chartHeight, width: SLIDE_MAIN_WIDTH, height: chartHeight },
    9,
  );

  const box = { x: SLIDE_PANEL_X, y: chartTop - 22 - chartHeight, width: SLIDE_PANEL_WIDTH, height: chartHeight + 22 };
  const top = drawPanel(page, fonts, 'Key Statistics', box);
  // On the shaded panel, white stripes keep the rows apart.
  const table = { x: box.x + 16, top, width: box.width - 32, maxHeight: top - box.y - 12 };
  drawStatsTable(page, fonts, company.stats, table, 9.5, WHITE);

  // The small print fills the space down to the footer, with the data line right under it.
  const smallPrintTop = box.y - 16;
  const asOfSize = 8.5;
  const disclosureSize = 7.5;
  const disclosureRoom = smallPrintTop - SLIDE_CONTENT_BOTTOM - asOfSize * LINE_HEIGHT - 6;
  const disclosureStyle = { font: fonts.regular, size: disclosureSize, color: MUTED };
  const used = drawParagraph(
    page,
    company.disclosure,
    SLIDE_MARGIN,
    smallPrintTop,
    SLIDE_CONTENT_WIDTH,
    disclosureRoom,
    disclosureStyle,
  );
  const asOfBaseline = smallPrintTop - used - (used > 0 ? 6 : 0) - asOfSize * BASELINE;
  drawLineOfText(page, dataAsOfLine(company), SLIDE_MARGIN, asOfBaseline, {
    font: fonts.regular,
    size: asOfSize,
    maxWidth: SLIDE_CONTENT_WIDTH,
  });
}
