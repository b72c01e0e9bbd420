/**
 * The files of a published build: which file a URL path names (never
 * outside the build, never a dot-file), their content types, and which are
 * worth precompressing.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where a build's bundles are (named by content hash, so cached for good). */
export const BUNDLES_DIR = '_astro';

/** Content types by file extension. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

/** Extensions worth precompressing (and serving compressed). */
export const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.map',
  '.webmanifest',
]);

export interface Found {
  file: string;
  stat: fs.Stats;
}

export function statFile(file: string): fs.Stats | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** Maps a URL path to a file inside root, or null. Never escapes root. */
export function resolveSiteFile(root: string, urlPath: string): Found | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const normal = path.posix.normalize(`/${decoded}`);
  const base = path.join(root, normal);
  if (!base.startsWith(root)) return null;
  // Dot-files (precompressed twins aside) are never served.
  if (normal.split('/').some((part) => part.startsWith('.') && part.length > 1)) return null;
  const candidates = normal.endsWith('/')
    ? [path.join(base, 'index.html')]
    : [base, path.join(base, 'index.html'), `${base}.html`];
  for (const file of candidates) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const stat = statFile(file);
    if (stat) return { file, stat };
  }
  return null;
}
