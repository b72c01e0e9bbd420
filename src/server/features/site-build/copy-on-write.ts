/**
 * Loaded into the site-build process (node --import). A new build directory
 * starts as hard links to the published build's pages, so unchanged pages are
 * not written again; a page that is written must get a file of its own, or
 * the write would change the published file in place while it is being
 * served. Every write or copy into the build directory therefore first
 * unlinks a target that is shared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = process.env.SITE_BUILD_OUT_DIR ? path.resolve(process.env.SITE_BUILD_OUT_DIR) : null;

function targetPath(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (target instanceof URL) return fileURLToPath(target);
  if (Buffer.isBuffer(target)) return target.toString();
  return null;
}

/** Unlinks a shared (hard-linked) file inside the build directory. */
function detach(target: unknown): void {
  const file = targetPath(target);
  if (!outDir || !file || !path.resolve(file).startsWith(outDir + path.sep)) return;
  try {
    if (fs.lstatSync(file).nlink > 1) fs.unlinkSync(file);
  } catch {
    // Missing already: nothing is shared.
  }
}

if (outDir) {
  const { promises } = fs;
  const writeFile = promises.writeFile;
  promises.writeFile = ((file: Parameters<typeof writeFile>[0], ...rest: unknown[]) => {
    detach(file);
    return (writeFile as (...args: unknown[]) => Promise<void>)(file, ...rest);
  }) as typeof writeFile;
  const copyFile = promises.copyFile;
  promises.copyFile = ((src: fs.PathLike, dest: fs.PathLike, mode?: number) => {
    detach(dest);
    return copyFile(src, dest, mode);
  }) as typeof copyFile;
  const writeFileSync = fs.writeFileSync;
  fs.writeFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    detach(file);
    return (writeFileSync as (...args: unknown[]) => void)(file, ...rest);
  }) as typeof fs.writeFileSync;
  const copyFileSync = fs.copyFileSync;
  fs.copyFileSync = ((src: fs.PathLike, dest: fs.PathLike, mode?: number) => {
    detach(dest);
    return copyFileSync(src, dest, mode);
  }) as typeof fs.copyFileSync;
}
