/** Palette, page sizes and type metrics of the documents (PDF points, origin bottom-left). */
import { type PDFFont, rgb } from 'pdf-lib';

export const BRAND = rgb(0xc8 / 255, 0x10 / 255, 0x2e / 255);
export const BRAND_DARK = rgb(0x8e / 255, 0x0b / 255, 0x21 / 255);
export const BRAND_TINT = rgb(0.98, 0.9, 0.92);
export const INK = rgb(0.12, 0.13, 0.15);
export const MUTED = rgb(0.42, 0.44, 0.48);
export const RULE = rgb(0.84, 0.85, 0.87);
export const SHADE = rgb(0.955, 0.957, 0.965);
export const WHITE = rgb(1, 1, 1);
export const ON_BRAND = rgb(1, 0.86, 0.88);

export const LETTER = { width: 612, height: 792 };
export const SLIDE = { width: 792, height: 612 };

/** Line box as a multiple of the font size. */
export const LINE_HEIGHT = 1.35;
/** Baseline below the top of a line box, as a multiple of the font size. */
export const BASELINE = 0.95;
export const ELLIPSIS = '\u2026';
export const DASH = '\u2014';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/** A rectangle in page coordinates; `y` is its bottom edge. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
