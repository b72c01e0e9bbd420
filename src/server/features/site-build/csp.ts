/**
 * The site's Content-Security-Policy. Scripts run only from the site's own
 * files or when they are one of the inline scripts the build wrote (the theme
 * bootstrap, the route rules, Astro's island hydration): each build lists the
 * SHA-256 of every inline script in its pages, and the policy allows exactly
 * those. No 'unsafe-inline' for scripts; styles may be inline (they run no
 * code, and islands set style attributes).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SECURITY_HEADERS } from '../../platform/security-headers.ts';
import { listFiles } from './incremental.ts';

const HASHES_FILE = '.csp-script-hashes.json';

/** Inline scripts a browser runs: no src, and no type or a JavaScript one (JSON-LD is data). */
const INLINE_SCRIPT =
  /<script\b(?![^>]*\bsrc\s*=)(?![^>]*\btype\s*=\s*["']?(?!module\b|text\/javascript\b|application\/javascript\b)[\w/+.-]+)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source expressions of the inline scripts in one page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
}

function readHashes(buildDir: string): string[] | null {
  try {
    const list = JSON.parse(fs.readFileSync(path.join(buildDir, HASHES_FILE), 'utf8')) as unknown;
    return Array.isArray(list) && list.every((h) => typeof h === 'string') ? list : null;
  } catch {
    return null;
  }
}

/**
 * Lists the inline script hashes of a new build: the pages it rendered are
 * read (but those in `known.files`, whose hashes are `known.scriptHashes`), the
 * pages it carried over (hard links to the previous build) keep the previous
 * build's list. `files`: the build's files to look at (all by default).
 */
export function recordScriptHashes(
  outDir: string,
  previousDir: string | null,
  known: { files: ReadonlySet<string>; scriptHashes: Iterable<string> } = { files: new Set(), scriptHashes: [] },
  files: string[] = listFiles(outDir),
): number {
  const previous = previousDir ? readHashes(previousDir) : null;
  const hashes = new Set([...(previous ?? []), ...known.scriptHashes]);
  for (const file of files) {
    if (!file.endsWith('.html') || known.files.has(file)) continue;
    if (previous && fs.statSync(file).nlink > 1) continue;
    for (const hash of inlineScriptHashes(fs.readFileSync(file, 'utf8'))) hashes.add(hash);
  }
  const list = [...hashes].sort();
  fs.writeFileSync(path.join(outDir, HASHES_FILE), JSON.stringify(list));
  return list.length;
}

let cached: { buildDir: string | null; policy: string } | null = null;

/** The policy for the pages of a published build (no build yet: no inline script is allowed). */
export function sitePolicy(buildDir: string | null): string {
  if (cached?.buildDir === buildDir) return cached.policy;
  const hashes = (buildDir && readHashes(buildDir)) || [];
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Videos, podcast players and a client's presentation come from other sites.
    "frame-src 'self' https:",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  cached = { buildDir, policy };
  return policy;
}

/** The build's header list for nginx serving its pages (see docs/deploy.md): the same headers the server sends. */
export const NGINX_HEADERS_FILE = '.nginx-headers.conf';

/** The nginx directives of those headers (no build yet: a policy that allows no inline script). */
export function nginxHeaders(buildDir: string | null): string {
  const headers = { ...SECURITY_HEADERS, 'Content-Security-Policy': sitePolicy(buildDir), 'Cache-Control': 'no-cache' };
  const lines = Object.entries(headers).map(
    ([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`,
  );
  return `${lines.join('\n')}\n`;
}

export function writeNginxHeaders(buildDir: string): void {
  fs.writeFileSync(path.join(buildDir, NGINX_HEADERS_FILE), nginxHeaders(buildDir));
}
