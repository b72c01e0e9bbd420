/**
 * Incremental publishing. A new build directory starts as hard links to the
 * published build's pages; Astro's incremental build then skips every page
 * whose cache key is unchanged and finds its file already in place, so only
 * changed pages are rendered and written (as new files, see build-writes.ts).
 * Afterwards pages of deleted content are removed and only new files are
 * compressed (by page-compressor.ts, pages as they are written).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { COMPRESS_FROM_BYTES } from './compression.ts';
import type { LinkPagesJob } from './link-pages.ts';
import { COMPRESSIBLE } from './published-files.ts';

/** Every file below `dir`, leaving out the directories in `skip`. */
export function listFiles(dir: string, skip: ReadonlySet<string> = new Set(), out: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(full)) listFiles(full, skip, out);
    } else if (entry.isFile()) out.push(full);
  }
  return out;
}

const LINK_PAGES = new URL('./link-pages.ts', import.meta.url);

/**
 * Hard-links the previous build's pages (with `everything`, all its files)
 * into `outDir` on a worker thread; resolves with their paths relative to
 * it. The build starts meanwhile.
 */
export function prefillPages(previousDir: string, outDir: string, everything = false): Promise<string[]> {
  const job: LinkPagesJob = { previousDir, outDir, everything };
  return new Promise((resolve, reject) => {
    const worker = new Worker(LINK_PAGES, { workerData: { linkPages: job } });
    worker.once('message', (linked: string[]) => resolve(linked));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`linking the published pages stopped with ${code}`));
    });
  });
}

/**
 * Removes carried-over pages this build no longer has (deleted articles): a
 * linked page that was neither rewritten (`written`) nor kept by a cache key.
 */
export function pruneStalePages(
  outDir: string,
  linked: string[],
  kept: Set<string>,
  written: ReadonlySet<string>,
): number {
  let removed = 0;
  for (const relative of linked) {
    if (!/\.(html|xml)$/.test(relative)) continue;
    const file = path.resolve(outDir, relative);
    if (written.has(file) || kept.has(path.normalize(relative))) continue;
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(`${file}${suffix}`, { force: true });
    removed++;
  }
  return removed;
}

/**
 * The files of a new build that it made: all but the carried-over pages it
 * did not write again, which keep their compressed copies and the script
 * hashes listed for them.
 */
export function madeFiles(outDir: string, linked: string[], written: ReadonlySet<string>): string[] {
  const carried = new Set(linked.map((relative) => path.resolve(outDir, relative)));
  return listFiles(outDir).filter((file) => !carried.has(file) || written.has(file));
}

/** Same bytes in both files (bundles are named by content hash, so this is rarely a full read). */
function sameContent(a: string, b: string): boolean {
  try {
    const [sa, sb] = [fs.statSync(a), fs.statSync(b)];
    if (sa.size !== sb.size) return false;
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
}

/**
 * Whether a text file of a new build needs compressing: not when it is
 * small, carried over with its compressed copies, or a bundle identical to
 * the previous build's (whose compressed copies it then shares).
 */
function needsCompressing(file: string, outDir: string, previousDir: string | null): boolean {
  if (!COMPRESSIBLE.has(path.extname(file))) return false;
  const stat = fs.statSync(file);
  if (stat.size < COMPRESS_FROM_BYTES) return false;
  const shared = stat.nlink > 1;
  if (shared && fs.existsSync(`${file}.br`) && fs.existsSync(`${file}.gz`)) return false;
  const before = previousDir ? path.join(previousDir, path.relative(outDir, file)) : null;
  if (
    before &&
    !shared &&
    fs.existsSync(`${before}.br`) &&
    fs.existsSync(`${before}.gz`) &&
    sameContent(file, before)
  ) {
    for (const suffix of ['.br', '.gz']) {
      fs.rmSync(`${file}${suffix}`, { force: true });
      fs.linkSync(`${before}${suffix}`, `${file}${suffix}`);
    }
    return false;
  }
  return true;
}

/**
 * The text files of a new build below `under` (all of it by default), or
 * among `files`, that need compressing (see needsCompressing), leaving out
 * those `except` has (handed to the compressor already); the others share
 * their copies.
 */
export function filesToCompress(
  outDir: string,
  previousDir: string | null,
  options: { under?: string; files?: string[]; except?: { has(file: string): boolean } } = {},
): string[] {
  return (options.files ?? listFiles(path.join(outDir, options.under ?? ''))).filter(
    (file) => !options.except?.has(file) && needsCompressing(file, outDir, previousDir),
  );
}
