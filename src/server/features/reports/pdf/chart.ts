/** The share-price line chart of the fact sheet and the presentation's last slide. */
import { type PDFPage } from 'pdf-lib';
import { drawLineOfText, type TextStyle } from './draw.ts';
import { type Box, BRAND, BRAND_TINT, type Fonts, MUTED, RULE } from './style.ts';
import { widthOf } from './text.ts';

function formatPrice(value: number): string {
  // Small caps trade below a dollar often enough that cents alone would flatten the axis.
  const digits = Math.abs(value) >= 1 ? 2 : 4;
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

export function priceChange(closes: { close: number }[]): string {
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
export function drawLineChart(
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
