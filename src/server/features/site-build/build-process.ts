/**
 * The site-build process (started by astro-process.ts with copy-on-write.ts
 * loaded). It does all of a build's file work, so the server's event loop
 * stays free for readers while a build runs: it carries the published
 * build's pages over (incremental.ts), runs Astro's build, removes pages of
 * deleted content, lists the inline script hashes (and the headers a web
 * server in front sends with the pages) and precompresses what is new. The
 * server then only switches the published link.
 *
 * Input comes from the environment (SITE_BUILD_OUT_DIR, SITE_BUILD_PREVIOUS_DIR,
 * ASTRO_CACHE_DIR); the last line of output is the result, after RESULT_MARK.
 */
import path from 'node:path';
import { build } from 'astro';
import { recordScriptHashes, writeNginxHeaders } from './csp.ts';
import { manifestOutputs, precompressChanged, prefillPages, pruneStalePages } from './incremental.ts';

/** Marks the line carrying the build's result as JSON. */
export const RESULT_MARK = '@@site-build-result ';
/** Astro's incremental-build manifest, in its cache directory. */
export const MANIFEST_FILE = 'incremental-build.json';

export interface BuildProcessResult {
  removed: number;
  compressed: number;
  scriptHashes: number;
  /** Milliseconds per phase. */
  phases: Record<string, number>;
}

/**
 * A Vite plugin that holds page generation until the carried-over pages are
 * in place: Astro generates pages in a `buildApp` hook that runs after the
 * bundles are built, and the hooks of the same order run in plugin order,
 * the project's plugins before Astro's generation.
 */
function pagesInPlace(prefilled: Promise<unknown>, phases: Record<string, number>) {
  return {
    name: 'site-build:pages-in-place',
    buildApp: {
      order: 'post' as const,
      async handler() {
        const waiting = performance.now();
        await prefilled;
        // How long generation waited for the pages (0 when they were in place first).
        phases.pagesWaitMs = Math.round(performance.now() - waiting);
      },
    },
  };
}

async function run(): Promise<BuildProcessResult> {
  const outDir = process.env.SITE_BUILD_OUT_DIR;
  const cacheDir = process.env.ASTRO_CACHE_DIR;
  if (!outDir || !cacheDir) throw new Error('SITE_BUILD_OUT_DIR and ASTRO_CACHE_DIR are required');
  const previousDir = process.env.SITE_BUILD_PREVIOUS_DIR || null;
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    phases[name] = Math.round(performance.now() - mark);
    mark = performance.now();
  };
  // Pages are carried over while Astro starts and bundles; it renders only once they are all in place.
  const prefilled = (previousDir ? prefillPages(previousDir, outDir) : Promise.resolve([])).finally(() => {
    phases.prefillMs = Math.round(performance.now() - mark);
  });
  prefilled.catch(() => {});
  await build({
    root: process.cwd(),
    outDir,
    mode: 'production',
    vite: { plugins: [pagesInPlace(prefilled, phases)] },
  });
  const linked = await prefilled;
  lap('astroMs');
  const kept = manifestOutputs(path.join(cacheDir, MANIFEST_FILE));
  const removed = kept ? pruneStalePages(outDir, linked, kept) : 0;
  lap('pruneMs');
  const scriptHashes = recordScriptHashes(outDir, previousDir);
  writeNginxHeaders(outDir);
  lap('hashMs');
  const compressed = await precompressChanged(outDir, previousDir);
  lap('compressMs');
  return { removed, compressed, scriptHashes, phases };
}

// Only as the build process's entry point: tests import the constants.
if (process.env.SITE_BUILD_OUT_DIR && process.argv[1] === import.meta.filename) {
  try {
    const result = await run();
    process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(result)}\n`);
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  }
}
