/**
 * Worker thread of `prefillPages` (incremental.ts): hard-links the published
 * build's pages into a new build directory with synchronous calls, which on
 * a thread of its own take a fraction of the time the same work takes
 * between Astro's on the build's main thread. A content build, which bundles
 * nothing, takes the bundles and public files over as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { BUNDLES_DIR } from './published-files.ts';

export interface LinkPagesJob {
  previousDir: string;
  outDir: string;
  /** Every file, not only the pages (never the build's own records, see OWN_RECORD). */
  everything?: boolean;
}

/** Files a build renders page by page (and their compressed copies). */
export const PAGE_FILE = /\.(html|xml)(\.br|\.gz)?$/;

/** A build's records of itself (its stamp, script hashes, headers: dot-files at its root), which each build writes anew. */
const OWN_RECORD = /^\.[^\\/]*$/;

/** Links the pages; answers their paths relative to the build directory. */
export function linkPages({ previousDir, outDir, everything = false }: LinkPagesJob): string[] {
  const linked: string[] = [];
  const made = new Set<string>();
  for (const entry of fs.readdirSync(previousDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(previousDir, path.join(entry.parentPath, entry.name));
    if (OWN_RECORD.test(relative)) continue;
    if (!everything && (!PAGE_FILE.test(relative) || relative.startsWith(`${BUNDLES_DIR}${path.sep}`))) continue;
    const dir = path.dirname(path.join(outDir, relative));
    if (!made.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    fs.linkSync(path.join(previousDir, relative), path.join(outDir, relative));
    linked.push(relative);
  }
  return linked;
}

if (parentPort && (workerData as { linkPages?: LinkPagesJob } | null)?.linkPages) {
  parentPort.postMessage(linkPages((workerData as { linkPages: LinkPagesJob }).linkPages));
}
