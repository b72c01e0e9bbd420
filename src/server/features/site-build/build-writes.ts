/**
 * Loaded into the site-build process (node --import), where it watches the
 * files Astro writes:
 * - A new build directory starts as hard links to the published build's
 *   pages, so unchanged pages are not written again; a page that is written
 *   must get a file of its own, or the write would change the published file
 *   in place while it is being served. Every write or copy into the build
 *   directory therefore first unlinks a target that is shared.
 * - Astro's incremental build also keeps a copy of every page it renders in
 *   its cache, to restore pages missing from the output. The output always
 *   starts with the published pages, so those copies (as many bytes again as
 *   the site) are never read: they are not written.
 * - Each page written is announced, so it is compressed while others render.
 * - Every file written into the build directory is listed, so the work after
 *   the build looks at what it made, not at every carried-over page.
 *
 * The directories come from SITE_BUILD_OUT_DIR and ASTRO_CACHE_DIR when the
 * process starts with them, or from `directBuildWrites` (a process started
 * ahead of its build learns them later, see build-process.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Astro's incremental cache keeps its page copies here, below its cache directory. */
const CACHE_COPIES = 'dist';
const PAGE = /\.(html|xml)$/;

let outDir: string | null = null;
let cacheCopies: string | null = null;
let onPageWritten: ((file: string) => void) | null = null;
const written = new Set<string>();

/** Points the write rules at a build: its output and Astro's cache directory. */
export function directBuildWrites(options: {
  outDir: string;
  cacheDir: string;
  onPageWritten?: (file: string) => void;
}): void {
  outDir = path.resolve(options.outDir);
  cacheCopies = path.resolve(options.cacheDir, CACHE_COPIES);
  onPageWritten = options.onPageWritten ?? null;
  written.clear();
}

/**
 * The files written or copied into the build directory through Node's file
 * functions (the bundler writes its bundles itself: they are not here).
 */
export function writtenFiles(): ReadonlySet<string> {
  return written;
}

if (process.env.SITE_BUILD_OUT_DIR) {
  directBuildWrites({ outDir: process.env.SITE_BUILD_OUT_DIR, cacheDir: process.env.ASTRO_CACHE_DIR ?? '.' });
}

function targetPath(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (target instanceof URL) return fileURLToPath(target);
  if (Buffer.isBuffer(target)) return target.toString();
  return null;
}

const inside = (dir: string | null, file: string | null): file is string =>
  dir !== null && file !== null && path.resolve(file).startsWith(dir + path.sep);

/** Unlinks a shared (hard-linked) file inside the build directory, which is about to be written. */
function detach(file: string | null): void {
  if (!inside(outDir, file)) return;
  written.add(path.resolve(file));
  try {
    if (fs.lstatSync(file).nlink > 1) fs.unlinkSync(file);
  } catch {
    // Missing already: nothing is shared.
  }
}

const { promises } = fs;
const writeFile = promises.writeFile;
promises.writeFile = ((target: Parameters<typeof writeFile>[0], ...rest: unknown[]) => {
  const file = targetPath(target);
  if (inside(cacheCopies, file)) return Promise.resolve();
  detach(file);
  const written = (writeFile as (...args: unknown[]) => Promise<void>)(target, ...rest);
  if (onPageWritten && inside(outDir, file) && PAGE.test(file)) {
    const announce = onPageWritten;
    written.then(() => announce(file)).catch(() => {});
  }
  return written;
}) as typeof writeFile;
const mkdir = promises.mkdir;
promises.mkdir = ((target: fs.PathLike, options?: fs.MakeDirectoryOptions) =>
  inside(cacheCopies, targetPath(target)) ? Promise.resolve(undefined) : mkdir(target, options)) as typeof mkdir;
const copyFile = promises.copyFile;
promises.copyFile = ((src: fs.PathLike, dest: fs.PathLike, mode?: number) => {
  detach(targetPath(dest));
  return copyFile(src, dest, mode);
}) as typeof copyFile;
const writeFileSync = fs.writeFileSync;
fs.writeFileSync = ((target: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
  detach(targetPath(target));
  return (writeFileSync as (...args: unknown[]) => void)(target, ...rest);
}) as typeof fs.writeFileSync;
const copyFileSync = fs.copyFileSync;
fs.copyFileSync = ((src: fs.PathLike, dest: fs.PathLike, mode?: number) => {
  detach(targetPath(dest));
  return copyFileSync(src, dest, mode);
}) as typeof fs.copyFileSync;
