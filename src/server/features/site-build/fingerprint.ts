/**
 * When the published site is stale: a hash of every input the site build
 * reads (the site's sources, public files, the Astro and TypeScript
 * configuration and the installed packages) and of the data it was built
 * from. The site never imports the server (the linter enforces it), so
 * everything under src but src/server is what pages can import.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from './incremental.ts';

/** The checkout the site is built from. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Inputs whose change makes the published site stale. */
export const SITE_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** Server code, which no page can import. */
export const NOT_SITE_INPUTS = [path.join('src', 'server')];

/** A hash of every site input (path, size, mtime) and the data version. */
export function sourceFingerprint(dataVersion: string, root: string = PROJECT_ROOT): string {
  return fingerprintOf(dataVersion, siteSources(root));
}

/** The fingerprint of a build from the data version and `siteSources`, when the caller has them already. */
export const fingerprintOf = (dataVersion: string, sources: string): string =>
  createHash('sha256').update(dataVersion).update(sources).digest('hex').slice(0, 16);

/** A hash of every site input (path, size, mtime): what a build's bundles are made from. */
export function siteSources(root: string = PROJECT_ROOT): string {
  const hash = createHash('sha256');
  const skip = new Set(NOT_SITE_INPUTS.map((dir) => path.join(root, dir)));
  for (const input of SITE_INPUTS) {
    const full = path.join(root, input);
    const files = fs.existsSync(full) && fs.statSync(full).isDirectory() ? listFiles(full, skip) : [full];
    for (const file of files.sort()) {
      try {
        const stat = fs.statSync(file);
        hash.update(`${path.relative(root, file)}:${stat.size}:${Math.floor(stat.mtimeMs)}\n`);
      } catch {
        hash.update(`${file}:missing\n`);
      }
    }
  }
  return hash.digest('hex').slice(0, 16);
}
