/** Drawing primitives: lines of text, laid-out blocks, section headings, label/value tables and a contact block. */
import { type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { BASELINE, BRAND, type Fonts, INK, LINE_HEIGHT, MUTED, RULE, SHADE } from './style.ts';
import { layoutBullets, layoutParagraphs, type TextLayout, truncateToWidth, widthOf } from './text.ts';

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: RGB;
  align?: 'left' | 'right' | 'center';
  /** Cut with an ellipsis beyond this width. For right alignment `x` is the right edge, for center the middle. */
  maxWidth?: number;
}

/** Draws one line of text and returns its width. The only place that calls page.drawText. */
export function drawLineOfText(page: PDFPage, text: string, x: number, y: number, style: TextStyle): number {
  const { font, size } = style;
  const shown = style.maxWidth === undefined ? text : truncateToWidth(text, font, size, style.maxWidth);
  if (shown === '') return 0;
  const width = widthOf(shown, font, size);
  const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
  page.drawText(shown, { x: left, y, font, size, color: style.color ?? INK });
  return width;
}

/** Draws a layout from paragraphs or bullets with its top at `top`; returns the height used. */
export function drawLayout(page: PDFPage, layout: TextLayout, x: number, top: number, style: TextStyle): number {
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
export function drawParagraph(
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
export function drawBullets(
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
export function drawSectionHeading(
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
export const SECTION_HEADING_HEIGHT = 20;

/** Label / value rows with alternate shading; as many rows as fit `maxHeight`. Returns the height used. */
export function drawStatsTable(
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

/** Name, email and phone of the investor relations specialist. Returns the height used. */
export function drawContact(
  page: PDFPage,
  fonts: Fonts,
  specialist: { name: string; email: string; phone: string } | null,
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
