/**
 * The browser the browser tests drive: Debian's Chromium in its headless
 * shell build (the package `chromium-headless-shell`), the same Chromium
 * release as Debian's `chromium` without the desktop browser around it,
 * which is what Playwright itself runs for headless tests. Measured on the
 * suite's two cores, opening a page costs it a third of what the full
 * browser spends (0.1 s of CPU against 0.3 s), and the browser suite ran in
 * 313 s instead of 441 s. CHROMIUM_PATH names another binary.
 */
export const BROWSER_PACKAGE = 'chromium-headless-shell';
export const BROWSER_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
