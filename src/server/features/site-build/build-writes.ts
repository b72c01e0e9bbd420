/**
 * The pages one build writes, as the build process hears of them (through
 * the prerenderer and Astro's cache, see astro-internals.ts):
 * - A new build directory starts as hard links to the published build's
 *   pages, so unchanged pages are not written again; a page that is written
 *   must get a file of its own, or the write would change the published file
 *   in place while it is being served. A page about to be written therefore
 *   first loses a target that is shared.
 * - Each page written is announced, so it is compressed while others render.
 * - Every page written into the build directory is listed, so the work after
 *   the build looks at what it made, not at every carried-over page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PageWrites } from './astro-internals.ts';

export interface BuildWrites extends PageWrites {
  /** The pages written into the build directory (the bundler's files and public files are not here). */
  files(): ReadonlySet<string>;
}

export function createBuildWrites(options: { outDir: string; onPageWritten?: (file: string) => void }): BuildWrites {
  const outDir = path.resolve(options.outDir);
  const written = new Set<string>();
  const inside = (file: string) => path.resolve(file).startsWith(outDir + path.sep);
  return {
    writing(file) {
      if (!inside(file)) return;
      written.add(path.resolve(file));
      try {
        if (fs.lstatSync(file).nlink > 1) fs.unlinkSync(file);
      } catch {
        // Missing already: nothing is shared.
      }
    },
    written(file) {
      if (inside(file)) options.onPageWritten?.(path.resolve(file));
    },
    files: () => written,
  };
}
