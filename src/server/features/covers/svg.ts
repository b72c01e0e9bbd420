/**
 * Cover images for articles, newsletters and videos: small SVGs drawn from
 * the company (or the newsletter's date), so every card has a picture that
 * says what it is without storing image files.
 */
import { hueOf } from '../../../lib/colors.ts';
import { escapeXml } from '../../../lib/markup.ts';

export interface CoverText {
  /** Large text: a ticker or a date. */
  headline: string;
  /** The line under it: a company name, a newsletter title. */
  title: string;
  /** The small label on top: sector, video kind, 'Weekly newsletter'. */
  label: string;
  /** Seeds the colours. */
  key: string;
  variant?: number;
  /** Videos get a play button. */
  play?: boolean;
  /** The small print at the foot; a picture standing in for a real one is not a demo image. */
  footer?: string;
}

export function coverSvg(cover: CoverText): string {
  const hue = (hueOf(cover.key) + (cover.variant ?? 0) * 47) % 360;
  const title = cover.title.length > 42 ? `${cover.title.slice(0, 41)}…` : cover.title;
  const play = cover.play
    ? `<circle cx="1040" cy="470" r="70" fill="rgba(0,0,0,.35)"/><path d="M1018 430v80l66-40z" fill="#fff"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" aria-label="${escapeXml(`${cover.headline} ${title}`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 26%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 46%)"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<path d="M0 520 L200 440 L380 480 L560 360 L760 400 L940 260 L1200 300 L1200 630 L0 630Z" fill="rgba(255,255,255,.08)"/>
<text x="80" y="130" fill="rgba(255,255,255,.85)" font-family="Inter,Segoe UI,Arial,sans-serif" font-size="34" font-weight="600" letter-spacing="4">${escapeXml(cover.label.toUpperCase())}</text>
<text x="80" y="330" fill="#fff" font-family="Inter,Segoe UI,Arial,sans-serif" font-size="150" font-weight="800">${escapeXml(cover.headline)}</text>
<text x="80" y="420" fill="#fff" font-family="Inter,Segoe UI,Arial,sans-serif" font-size="46" font-weight="600">${escapeXml(title)}</text>
<text x="80" y="560" fill="rgba(255,255,255,.7)" font-family="Inter,Segoe UI,Arial,sans-serif" font-size="28">${escapeXml(cover.footer ?? 'RedCap · demo image')}</text>${play}
</svg>`;
}

/** A portrait placeholder for a person: initials on a colour of their own. */
export function headshotSvg(name: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  const hue = hueOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320" role="img" aria-label="${escapeXml(name)}">
<rect width="320" height="320" fill="hsl(${hue} 45% 38%)"/>
<circle cx="160" cy="128" r="62" fill="hsl(${hue} 40% 62%)"/><path d="M52 320c10-70 56-110 108-110s98 40 108 110z" fill="hsl(${hue} 40% 62%)"/>
<text x="160" y="146" text-anchor="middle" fill="#fff" font-family="Inter,Segoe UI,Arial,sans-serif" font-size="54" font-weight="700">${escapeXml(initials)}</text>
</svg>`;
}

/** A square logo placeholder for a company without one: its ticker on its colour. */
export function logoSvg(symbol: string): string {
  const hue = hueOf(symbol);
  const size = symbol.length <= 2 ? 104 : symbol.length === 3 ? 84 : symbol.length === 4 ? 66 : 52;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeXml(symbol)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 30%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 46%)"/></linearGradient></defs>
<rect width="240" height="240" rx="36" fill="url(#g)"/>
<text x="120" y="${120 + size * 0.35}" text-anchor="middle" fill="#fff" font-family="Inter,Segoe UI,Arial,sans-serif" font-size="${size}" font-weight="800">${escapeXml(symbol)}</text>
</svg>`;
}
