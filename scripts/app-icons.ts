/**
 * Draws the installed app's icons (public/icons/) from the site's mark in
 * public/favicon.svg: 192 and 512 px with its rounded corners, a maskable
 * 512 px one (full bleed, the mark inside the central 60% that every
 * launcher's shape keeps) and the 180 px touch icon. Run it after the mark
 * changes: `node scripts/app-icons.ts` (needs Chromium, as the browser tests do).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const favicon = fs.readFileSync(path.join(ROOT, 'public', 'favicon.svg'), 'utf8');
const mark = /<path[^>]*\/>/.exec(favicon)?.[0];
const red = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
if (!mark || !red) throw new Error('public/favicon.svg no longer has the rect and path this script draws from');

function svg(size: number, maskable: boolean): string {
  const scale = maskable ? 0.6 : 1;
  const offset = (32 - 32 * scale) / 2;
  const background = `<rect width="32" height="32"${maskable ? '' : ' rx="8"'} fill="${red}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${background}<g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`;
}

const ICONS = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
] as const;

const executablePath = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const [name, size, maskable] of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<body style="margin:0">${svg(size, maskable)}</body>`);
    await page.locator('svg').screenshot({ path: path.join(ROOT, 'public', 'icons', name), omitBackground: true });
    console.log(`public/icons/${name} (${size} px)`);
  }
} finally {
  await browser.close();
}
