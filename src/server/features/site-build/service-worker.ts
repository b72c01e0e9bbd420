/**
 * The published build's service worker (docs/product.md §3.7). `/sw.js` is
 * the list of the build's shell files (SiteShell: the offline page, the
 * bundles and styles under _astro, the manifest and icons) followed by the
 * worker's code, src/service-worker/worker.ts bundled for the browser with
 * Rolldown (the bundler Astro's Vite builds with). Its version is a hash of
 * both, so a build whose shell is unchanged (a content build) writes the
 * same bytes and readers are offered a new version only when the site's
 * code, styles or offline page changed. Served as a file like any other,
 * under the site's script policy.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OFFLINE_PATH, SHELL_GLOBAL, WORKER_PATH, type SiteShell } from '../../../lib/service-worker.ts';
import { PROJECT_ROOT } from './fingerprint.ts';
import { BUNDLES_DIR, resolveSiteFile } from './published-files.ts';

export const WORKER_SOURCE = path.join(PROJECT_ROOT, 'src', 'service-worker', 'worker.ts');
/** The worker's file in a build. */
export const WORKER_FILE = WORKER_PATH.slice(1);

/** Shell files besides the bundles: what the installed app shows before any page (its icon, its manifest). */
const SHELL_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];
/** Bundle files the shell precaches (their compressed twins are the server's business). */
const BUNDLE_FILE = /\.(js|css|woff2?)$/;

const contentHash = (data: Buffer | string) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/** The build's shell: its bundles by their own hashed names, the rest by a hash of their bytes. */
export function siteShell(outDir: string, workerCode: string): SiteShell {
  const bundles = fs.existsSync(path.join(outDir, BUNDLES_DIR))
    ? fs
        .readdirSync(path.join(outDir, BUNDLES_DIR))
        .filter((name) => BUNDLE_FILE.test(name))
        .sort()
        .map((name) => ({ url: `/${BUNDLES_DIR}/${name}`, revision: null }))
    : [];
  // Found the way the site serves them (the offline page is its folder's index.html).
  const others = [OFFLINE_PATH, ...SHELL_FILES].flatMap((url) => {
    const found = resolveSiteFile(outDir, url);
    return found ? [{ url, revision: contentHash(fs.readFileSync(found.file)) }] : [];
  });
  const files = [...others, ...bundles];
  return { version: contentHash(JSON.stringify(files) + workerCode), files };
}

/** The worker's code for the browser: one classic script, production Workbox, minified. */
export async function bundleWorker(): Promise<string> {
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: WORKER_SOURCE,
    platform: 'browser',
    // Workbox's development logging is left out the way its own builds do it.
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'warn',
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

/** Writes the build's `/sw.js` (the worker's code bundled once per build process); returns its path. */
export async function writeServiceWorker(outDir: string, workerCode: Promise<string>): Promise<string> {
  const code = await workerCode;
  const shell = siteShell(outDir, code);
  const file = path.join(outDir, WORKER_FILE);
  // The file and its compressed twins may be hard links to the published build's: new files, never a write
  // through the link (the compressor makes the twins again).
  for (const suffix of ['', '.br', '.gz']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.writeFileSync(file, `self.${SHELL_GLOBAL}=${JSON.stringify(shell)};\n${code}`);
  return file;
}
