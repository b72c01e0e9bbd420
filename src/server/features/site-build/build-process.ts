/**
 * The site-build process (started by astro-process.ts). It does all of a
 * build's file work, so the server's event loop stays free for readers
 * while a build runs: it carries the published
 * build's pages over (incremental.ts), runs the build, compresses pages as
 * they are written, removes pages of deleted content, lists the inline
 * script hashes (and the headers a web server in front sends with the pages)
 * and compresses the rest of what is new. The server then only switches
 * the published link.
 *
 * The process is started ahead of its first build: it loads Astro, Vite and
 * the page renderer's libraries, then waits for jobs, one line of JSON each
 * on standard input (see BuildJob), so a build does not wait for the seconds
 * that loading takes. Its first build is a full Astro build; while the
 * site's sources stay the same and the published build is its own last one,
 * the server sends it the next builds as content builds, which render with
 * the page bundle the full build made (warm-renderer.ts). After each build a
 * line after RESULT_MARK gives its result, which says whether the process
 * ends after it. A build that fails ends the process. Every build ends with
 * the site's service worker written for its shell (service-worker.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import type * as Astro from 'astro';
import { fileURLToPath } from 'node:url';
import {
  DATA_STORE_MODULE,
  INCREMENTAL_MANIFEST,
  PAGE_COPIES_DIR,
  holdGeneration,
  manifestOutputs,
} from './astro-internals.ts';
import { createBuildWrites, type BuildWrites } from './build-writes.ts';
import { recordScriptHashes, writeNginxHeaders } from './csp.ts';
import { PROJECT_ROOT } from './fingerprint.ts';
import { filesToCompress, madeFiles, prefillPages, pruneStalePages } from './incremental.ts';
import { createPageCompressor, type PageCompressor } from './page-compressor.ts';
import { BUNDLES_DIR } from './published-files.ts';
import { bundleWorker, writeServiceWorker } from './service-worker.ts';
import { createWarmRenderer, type WarmRenderer } from './warm-renderer.ts';

/** Marks the line carrying the build's result as JSON. */
export const RESULT_MARK = '@@site-build-result ';

/** What one build does, sent to the waiting process. */
export interface BuildJob {
  outDir: string;
  /** The published build, whose unchanged pages are carried over. */
  previousDir: string | null;
  cacheDir: string;
  /** The first build of a new site renders only its first pages (see src/build/build-phase.ts). */
  phase: 'first' | 'full';
  /**
   * `full`: Astro's whole build, bundling included (a process's first build).
   * `content`: pages only, with the page bundle of the process's full build;
   * the server asks for it only while the sources are those of that build and
   * the published build is this process's last one.
   */
  mode: 'full' | 'content';
}

export interface BuildProcessResult {
  removed: number;
  compressed: number;
  scriptHashes: number;
  /** Milliseconds per phase. */
  phases: Record<string, number>;
  /** The process ends after this build (a new site's first pages, or its memory): the next build needs another. */
  retiring?: boolean;
}

/**
 * Pages rendered at once. A page's render is mostly CPU, but between renders
 * it waits on its file writes; with several in flight the waits overlap.
 */
const RENDER_CONCURRENCY = 6;

/** The page bundle reads the content data store from the cache directory instead of embedding it. */
const DATA_STORE_AT_RUNTIME = fileURLToPath(new URL('../../../build/data-store-at-runtime.ts', import.meta.url));

/**
 * Runs between bundling and page generation (see holdGeneration): hands the
 * new bundles to the compressor, then holds generation until the
 * carried-over pages are in place.
 */
function beforeGeneration(options: {
  onBundled: () => void;
  prefilled: Promise<unknown>;
  phases: Record<string, number>;
}) {
  return holdGeneration(async () => {
    options.onBundled();
    const waiting = performance.now();
    await options.prefilled;
    // How long generation waited for the pages (0 when they were in place first).
    options.phases.pagesWaitMs = Math.round(performance.now() - waiting);
  });
}

/**
 * A process's resident memory past which it ends after its build: the next
 * build starts a new process (and runs in full) rather than let one grow.
 */
const RETIRE_ABOVE_BYTES = 2 * 1024 ** 3;

/** The compressed copies of bundles and other assets, shared by every build of the checkout (see compression.ts). */
const ASSET_CACHE_DIR = path.join(PROJECT_ROOT, '.astro', 'compressed-assets');

interface BuildContext {
  job: BuildJob;
  /** The published build's files, being linked into the new build. */
  prefilled: Promise<unknown>;
  compressor: PageCompressor;
  phases: Record<string, number>;
}

/** Astro's whole build: setup, content sync, both bundles, then every page whose cache key changed. */
async function fullBuild(astro: typeof Astro, warm: WarmRenderer, context: BuildContext): Promise<void> {
  const { job, prefilled, compressor, phases } = context;
  const { outDir, previousDir } = job;
  await astro.build({
    // The process works in a folder of its site directory's (see astro-process.ts); the sources are the checkout's.
    root: PROJECT_ROOT,
    outDir,
    mode: 'production',
    build: { concurrency: RENDER_CONCURRENCY },
    // A new site's first pages are not kept for content builds: the process ends after them.
    integrations: [warm.integration(job.phase === 'full')],
    vite: {
      plugins: [
        beforeGeneration({
          // The new bundles are compressed while the pages render.
          onBundled: () =>
            filesToCompress(outDir, previousDir, { under: BUNDLES_DIR }).forEach((file) => compressor.add(file)),
          prefilled,
          phases,
        }),
      ],
      resolve: { alias: [{ find: new RegExp(`^${DATA_STORE_MODULE}$`), replacement: DATA_STORE_AT_RUNTIME }] },
    },
  });
}

async function run(
  astro: typeof Astro,
  warm: WarmRenderer,
  job: BuildJob,
  follow: (writes: BuildWrites) => void,
  workerCode: Promise<string>,
): Promise<BuildProcessResult> {
  const { outDir, previousDir, cacheDir } = job;
  const content = job.mode === 'content';
  if (content && !previousDir) throw new Error('a content build starts from the published build: there is none');
  // Read by the site's configuration, its loaders and the data store module.
  process.env.ASTRO_CACHE_DIR = cacheDir;
  process.env.SITE_BUILD_PHASE = job.phase;
  const compressor = createPageCompressor({ dir: ASSET_CACHE_DIR });
  const writes = createBuildWrites({ outDir, onPageWritten: (file) => compressor.add(file) });
  follow(writes);
  // Page copies an earlier version let Astro keep in its cache (see astro-internals.ts).
  if (!content) await fs.promises.rm(path.join(cacheDir, PAGE_COPIES_DIR), { recursive: true, force: true });
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    phases[name] = Math.round(performance.now() - mark);
    mark = performance.now();
  };
  // Pages are carried over while Astro starts and bundles; it renders only once they are all in place. A
  // content build bundles nothing: it takes the published bundles and public files over as well.
  const prefilled = (previousDir ? prefillPages(previousDir, outDir, content) : Promise.resolve([])).finally(() => {
    phases.prefillMs = Math.round(performance.now() - mark);
  });
  prefilled.catch(() => {});
  if (content) Object.assign(phases, await warm.renderContent(outDir, prefilled));
  else await fullBuild(astro, warm, { job, prefilled, compressor, phases });
  const linked = await prefilled;
  lap(content ? 'contentMs' : 'astroMs');
  const written = writes.files();
  const kept = manifestOutputs(path.join(cacheDir, INCREMENTAL_MANIFEST));
  const removed = kept ? pruneStalePages(outDir, linked, kept, written) : 0;
  // A content build carries every file over: what it made is what it wrote.
  const made = content ? [...written] : madeFiles(outDir, linked, written);
  lap('pruneMs');
  made.push(await writeServiceWorker(outDir, workerCode));
  lap('serviceWorkerMs');
  // What is new and not compressed yet (files copied from public/, a page written outside the hook).
  filesToCompress(outDir, previousDir, { files: made, except: compressor }).forEach((file) => compressor.add(file));
  const compressed = await compressor.finish();
  lap('compressMs');
  const scriptHashes = recordScriptHashes(outDir, previousDir, compressed, made);
  writeNginxHeaders(outDir);
  lap('hashMs');
  return { removed, compressed: compressed.files.size, scriptHashes, phases };
}

// Only as the build process's entry point: the server and tests import the constants.
if (process.argv[1] === import.meta.filename) {
  try {
    // Loaded while waiting: Astro, what its build loads as it goes (Vite, Rolldown, the site's integrations, React's
    // server renderer), and jsdom, which the pages' sanitizer requires.
    const require = createRequire(import.meta.url);
    const [astro] = await Promise.all([
      import('astro'),
      ...['vite', 'rolldown', '@astrojs/react', '@tailwindcss/vite', 'react-dom/server'].map((name) => import(name)),
      Promise.resolve(require('jsdom')),
    ]);
    let writes: BuildWrites | null = null;
    const warm = createWarmRenderer(() => writes);
    // The service worker is bundled with each full build; content builds keep the sources of the last one.
    let workerCode: Promise<string> | null = null;
    // One job a line; the process ends when the server closes its input or goes away.
    for await (const line of readline.createInterface({ input: process.stdin })) {
      const job = JSON.parse(line) as BuildJob;
      if (job.mode === 'full' || !workerCode) {
        workerCode = bundleWorker();
        // Its failure fails the build when the build reaches it, not the process before.
        workerCode.catch(() => {});
      }
      const result = await run(astro, warm, job, (current) => (writes = current), workerCode);
      const retiring = job.phase === 'first' || process.memoryUsage().rss > RETIRE_ABOVE_BYTES;
      process.stdout.write(`\n${RESULT_MARK}${JSON.stringify({ ...result, retiring })}\n`);
      if (retiring) break;
    }
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  }
}
