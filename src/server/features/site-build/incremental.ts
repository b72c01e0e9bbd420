/**
 * Incremental publishing. A new build directory starts as hard links to the
 * published build's pages; Astro's incremental build then skips every page
 * whose cache key is unchanged and finds its file already in place, so only
 * changed pages are rendered and written (as new files, see copy-on-write.ts).
 * Afterwards pages of deleted content are removed and only new files are
 * compressed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { COMPRESSIBLE } from './published-files.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files a build renders page by page (and their compressed copies). */
const PAGE_FILE = /\.(html|xml)(\.br|\.gz)?$/;

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

/** File operations made at once (the file system works them in parallel). */
const FILES_IN_FLIGHT = 32;

/** Runs `work` on every item, `size` at a time. */
async function inGroups<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * Hard-links the previous build's pages into `outDir`; resolves with their
 * paths relative to it. Asynchronous, so the build can start meanwhile.
 */
export async function prefillPages(previousDir: string, outDir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(previousDir, { recursive: true, withFileTypes: true });
  const linked = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(previousDir, path.join(entry.parentPath, entry.name)))
    .filter((relative) => PAGE_FILE.test(relative) && !relative.startsWith(`_astro${path.sep}`));
  const dirs = [...new Set(linked.map((relative) => path.dirname(path.join(outDir, relative))))];
  await inGroups(dirs, FILES_IN_FLIGHT, (dir) => fs.promises.mkdir(dir, { recursive: true }));
  await inGroups(linked, FILES_IN_FLIGHT, (relative) =>
    fs.promises.link(path.join(previousDir, relative), path.join(outDir, relative)),
  );
  return linked;
}

/** Output files Astro's incremental manifest says this build produced or kept. */
export function manifestOutputs(manifestFile: string): Set<string> | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
      routes: Record<string, { paths: Record<string, { outputFile: string }> }>;
    };
    const outputs = new Set<string>();
    for (const route of Object.values(manifest.routes)) {
      for (const entry of Object.values(route.paths)) outputs.add(path.normalize(entry.outputFile));
    }
    return outputs;
  } catch {
    return null;
  }
}

/**
 * Removes carried-over pages this build no longer has (deleted articles): a
 * linked page that was neither rewritten nor kept by a cache key.
 */
export function pruneStalePages(outDir: string, linked: string[], kept: Set<string>): number {
  let removed = 0;
  for (const relative of linked) {
    if (!/\.(html|xml)$/.test(relative)) continue;
    const file = path.join(outDir, relative);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue;
    }
    // Rewritten pages are files of their own (one link); kept ones are in the manifest.
    if (stat.nlink === 1 || kept.has(path.normalize(relative))) continue;
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(`${file}${suffix}`, { force: true });
    removed++;
  }
  return removed;
}

async function writeFresh(file: string, data: Buffer): Promise<void> {
  // The old compressed copy may be shared with the published build.
  await fs.promises.rm(file, { force: true });
  await fs.promises.writeFile(file, data);
}

async function compress(file: string): Promise<void> {
  const data = await fs.promises.readFile(file);
  if (data.byteLength < 1024) return;
  // Pages are many and change often: a fast brotli level; bundles are few and long-lived: the best.
  const quality = file.endsWith('.html') || file.endsWith('.xml') ? 6 : data.byteLength > 1_000_000 ? 6 : 11;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  if (br.byteLength < data.byteLength) await writeFresh(`${file}.br`, br);
  if (gz.byteLength < data.byteLength) await writeFresh(`${file}.gz`, gz);
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
 * Precompresses the text files that are new in this build; carried-over
 * pages keep their compressed copies, and a bundle identical to the previous
 * build's reuses its compressed copies. Returns how many files were compressed.
 */
export async function precompressChanged(outDir: string, previousDir: string | null): Promise<number> {
  const todo: string[] = [];
  for (const file of listFiles(outDir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const shared = fs.statSync(file).nlink > 1;
    if (shared && fs.existsSync(`${file}.br`) && fs.existsSync(`${file}.gz`)) continue;
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
      continue;
    }
    todo.push(file);
  }
  // Compression is CPU work on the thread pool: a few at a time.
  await inGroups(todo, 8, compress);
  return todo.length;
}
