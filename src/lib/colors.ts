/** Colours drawn from a text, so a company keeps its colour everywhere (covers, logos, its page's banner). */

/** A stable hue (0–359) per text. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** The hue a company's pictures use, for pages that draw their own banner. */
export const companyHue = (symbol: string) => hueOf(symbol);
