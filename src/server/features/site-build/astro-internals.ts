/**
 * Astro's internals, behind one door. The site build uses Astro's public
 * API (`astro.build`, integrations, `setPrerenderer`) and, for what that
 * API does not offer, reaches into Astro's own files. Every such reach is
 * here, and nowhere else; `tests/server/features/site-build/astro-internals.test.ts`
 * checks each of them against the installed Astro, and docs/operations.md's
 * "Upgrading Astro" says what to do when an upgrade changes one:
 *
 * 1. `dist/core/build/generate.js` `generatePages(options, internals, outDir)`:
 *    a content build runs Astro's page generation again, with the options
 *    and internals the full build used (warm-renderer.ts).
 * 2. `dist/content/instance.js` `globalContentLayer.get().sync()`: the
 *    content layer the full build set up syncs the collections' changes.
 * 3. `dist/prerender/utils.js` `getPrerenderOutputDirectory(settings)` and
 *    the page bundle's `prerender-entry.*.mjs`, whose `app` is handed the
 *    build's internals through `app.setInternals`: imported first, so that
 *    the internals are heard (Astro hands them over nowhere else).
 * 4. The bundle's app (`BuildApp`, dist/core/build/app.js): `getOptions()`, `manifest.pageMap` (every page module,
 *    loaded while the bundle exists), `manifest.routes[].routeData.distURL`
 *    and `routeCache.clearAll()` (what a build records, dropped before the
 *    next one).
 * 5. Astro's default prerenderer keeps the app it loaded as `app`: the
 *    wrapper given to `setPrerenderer` reads and, in a content build, sets it.
 * 6. `dist/core/build/common.js` `getOutFolder`/`getOutFile`: the file each
 *    path's page is written to, known before Astro writes it (the write
 *    must not go through a link into the published build).
 * 7. `dist/core/build/incremental.js` `IncrementalBuildCache.prototype.writeOutputFile`,
 *    which Astro calls right after it wrote a page: the page's copy in the
 *    cache (as many bytes again as the site, never read, since each build
 *    starts from the published pages) is not written, and the page is
 *    announced as written instead. A page whose cache key is unchanged and
 *    whose file is in the output directory already is left as it is (which
 *    is why a build starts as links to the published pages). Its manifest, `incremental-build.json` in
 *    the cache directory (`routes` → `paths` → `outputFile`), says which
 *    pages the build kept.
 * 8. Astro generates pages in the `buildApp` hook (order `post`) of its
 *    `astro:build-generate` Vite plugin, which runs after the project's
 *    plugins of the same order: `holdGeneration` waits there.
 * 9. The content runtime imports the data store as the virtual module
 *    `astro:data-layer-content`, written to `data-store.json` in the cache
 *    directory: the build aliases the module to src/build/data-store-at-runtime.ts,
 *    which reads that file (and, being part of the site, cannot import this
 *    module).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroIntegration, AstroPrerenderer } from 'astro';

/** Astro's installed package directory. */
export const ASTRO_PACKAGE = path.dirname(createRequire(import.meta.url).resolve('astro/package.json'));

/** Astro's own files this module imports by path: they are not in its public exports. */
export const ASTRO_FILES = {
  generate: 'dist/core/build/generate.js',
  contentLayer: 'dist/content/instance.js',
  prerenderUtils: 'dist/prerender/utils.js',
  outputFiles: 'dist/core/build/common.js',
  incrementalCache: 'dist/core/build/incremental.js',
  defaultPrerenderer: 'dist/core/build/default-prerenderer.js',
  buildApp: 'dist/core/build/app.js',
  staticBuild: 'dist/core/build/static-build.js',
  contentConstants: 'dist/content/consts.js',
} as const;

/** Imports one of Astro's own files (the same module instance Astro's build uses). */
export const importAstroFile = (file: string): Promise<unknown> =>
  import(pathToFileURL(path.join(ASTRO_PACKAGE, file)).href);

/** The virtual module through which Astro's content runtime reads the data store. */
export const DATA_STORE_MODULE = 'astro:data-layer-content';
/** Astro's incremental-build manifest, in its cache directory. */
export const INCREMENTAL_MANIFEST = 'incremental-build.json';
/** Where Astro's incremental build keeps its page copies, below its cache directory. */
export const PAGE_COPIES_DIR = 'dist';

/** The parts of Astro's build this module touches. */
interface RouteData {
  component: string;
  type: string;
  distURL?: URL[];
}
interface AstroSettings {
  config: { outDir: URL; build: { format: AstroConfig['build']['format'] } };
}
interface GenerateOptions {
  settings: AstroSettings;
  allPages: Record<string, { route: RouteData }>;
  pageNames: string[];
}
interface PageApp {
  manifest: { routes: { routeData: RouteData }[]; pageMap?: Map<string, () => Promise<unknown>> };
  routeCache: { clearAll(): void };
  getOptions(): GenerateOptions;
  setInternals(internals: unknown): void;
}
/** Astro's own prerenderer holds the bundle's app it loaded. */
type DefaultPrerenderer = AstroPrerenderer & { app?: PageApp };
type GeneratePages = (options: GenerateOptions, internals: unknown, prerenderOutputDir: URL) => Promise<void>;
interface ContentLayerInstance {
  get(): { sync(): Promise<void> } | null | undefined;
}
type OutFolder = (settings: AstroSettings, pathname: string, route: RouteData) => URL;
type OutFile = (format: AstroConfig['build']['format'], folder: URL, pathname: string, route: RouteData) => URL;
type WriteOutputFile = (settings: AstroSettings, outputFile: string, body: unknown) => Promise<void>;

/** What a full build leaves for content builds: its page bundle, loaded, with the build's options and internals. */
export interface KeptRenderer {
  readonly app: PageApp;
  readonly options: GenerateOptions;
  readonly internals: unknown;
}

/** Told about each page a build writes into its output directory. */
export interface PageWrites {
  /** Astro is about to write the page `file` (it rendered it). */
  writing(file: string): void;
  /** Astro has written the page `file`. */
  written(file: string): void;
}

const PRERENDER_ENTRY = /^prerender-entry\..*\.mjs$/;

/**
 * Imports the bundle's entry before Astro does (the same file, so the same
 * module), so that the internals Astro hands to its app are heard.
 */
async function listenForInternals(config: AstroConfig, heard: (internals: unknown) => void): Promise<void> {
  const { getPrerenderOutputDirectory } = (await importAstroFile(ASTRO_FILES.prerenderUtils)) as {
    getPrerenderOutputDirectory: (settings: { buildOutput: 'static'; config: AstroConfig }) => URL;
  };
  const dir = getPrerenderOutputDirectory({ buildOutput: 'static', config });
  // The newest: a build that failed before Astro removed its bundle may have left an older entry beside it.
  const entry = fs
    .readdirSync(dir)
    .filter((name) => PRERENDER_ENTRY.test(name))
    .map((name) => ({ name, mtime: fs.statSync(new URL(name, dir)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)[0]?.name;
  if (!entry) throw new Error(`the page bundle has no entry in ${dir.pathname}`);
  const { app } = (await import(new URL(entry, dir).href)) as { app: PageApp };
  const handOver = app.setInternals.bind(app);
  app.setInternals = (value) => {
    heard(value);
    handOver(value);
  };
}

/** Page writes by output directory: Astro's cache calls name the build by its settings only. */
const pageWritesByOutDir = new Map<string, PageWrites>();
let cacheCopiesHooked: Promise<void> | null = null;

/**
 * Replaces the writing of Astro's page copies in its cache with the news
 * that the page was written, for builds whose page writes are followed
 * (others keep Astro's behaviour).
 */
function hookCacheCopies(): Promise<void> {
  cacheCopiesHooked ??= importAstroFile(ASTRO_FILES.incrementalCache).then((module) => {
    const cache = (module as { IncrementalBuildCache: { prototype: { writeOutputFile: WriteOutputFile } } })
      .IncrementalBuildCache.prototype;
    const writeCopy = cache.writeOutputFile;
    cache.writeOutputFile = function (this: unknown, settings, outputFile, body) {
      const writes = pageWritesByOutDir.get(settings.config.outDir.href);
      if (!writes) return writeCopy.call(this, settings, outputFile, body);
      writes.written(fileURLToPath(new URL(outputFile, settings.config.outDir)));
      return Promise.resolve();
    };
  });
  return cacheCopiesHooked;
}

/**
 * A path's request as Astro makes it, reduced to the path Astro listed it
 * under (no trailing slash; the site has no base path).
 */
function listedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not encoded: as it is.
  }
  return `/${decoded.replace(/^\/+|\/+$/g, '')}`;
}

/**
 * Wraps Astro's prerenderer: each page's output file is known once the
 * paths are listed, and `writes` hears it when the page has rendered, just
 * before Astro writes it (and, through Astro's cache, once it is written).
 */
function followPageWrites(
  base: DefaultPrerenderer,
  writes: () => PageWrites | null,
  setup: () => Promise<void>,
): AstroPrerenderer {
  let outFiles = new Map<RouteData, Map<string, string>>();
  let current: PageWrites | null = null;
  let outDirHref: string | null = null;
  let names: { getOutFolder: OutFolder; getOutFile: OutFile } | null = null;
  /** The file Astro writes the page of `encoded` (a path, URI-encoded) to (see generate.js). */
  const outFileOf = (settings: AstroSettings, encoded: string, route: RouteData): string =>
    fileURLToPath(
      names!.getOutFile(settings.config.build.format, names!.getOutFolder(settings, encoded, route), encoded, route),
    );
  return {
    name: 'site-build:page-writes',
    async setup() {
      const [, , outputFiles] = await Promise.all([
        setup(),
        hookCacheCopies(),
        importAstroFile(ASTRO_FILES.outputFiles),
      ]);
      names = outputFiles as typeof names;
      current = writes();
      const settings = base.app?.getOptions().settings;
      if (current && settings) {
        outDirHref = settings.config.outDir.href;
        pageWritesByOutDir.set(outDirHref, current);
      }
    },
    async getStaticPaths() {
      const paths = await base.getStaticPaths();
      const settings = base.app?.getOptions().settings;
      if (!current || !settings) return paths;
      outFiles = new Map();
      for (const { pathname, route } of paths as { pathname: string; route: RouteData }[]) {
        let byPath = outFiles.get(route);
        if (!byPath) outFiles.set(route, (byPath = new Map()));
        byPath.set(listedPath(pathname), outFileOf(settings, encodeURI(pathname), route));
      }
      return paths;
    },
    async render(request, options) {
      const rendered = await base.render(request, options);
      const settings = base.app?.getOptions().settings;
      if (current && settings) {
        const route = options.routeData as RouteData;
        const requested = new URL(request.url).pathname;
        // A path Astro did not list (none should be) is named from its request, which Astro made from the path.
        const file =
          outFiles.get(route)?.get(listedPath(requested)) ??
          outFileOf(settings, requested === '/' ? requested : requested.replace(/\/+$/, ''), route);
        current.writing(file);
      }
      return rendered;
    },
    async teardown() {
      if (outDirHref) pageWritesByOutDir.delete(outDirHref);
      outDirHref = null;
      current = null;
      await base.teardown?.();
    },
  };
}

/**
 * The integration every build of the build process runs with: it follows
 * the pages written (`pageWrites`, the current build's), and, when `keep`
 * is given, keeps the build's page renderer for content builds.
 */
export function siteBuildIntegration(options: {
  pageWrites: () => PageWrites | null;
  /** The renderer a content build renders with (null in a full build: Astro loads its bundle). */
  kept: () => KeptRenderer | null;
  /** Hears the renderer of a full build that should be kept. */
  keep: ((renderer: KeptRenderer) => void) | null;
}): AstroIntegration {
  // The full build's configuration, which says where its page bundle is written.
  let config: AstroConfig | null = null;
  return {
    name: 'site-build:astro',
    hooks: {
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const buildConfig = config!;
        const keep = options.keep;
        setPrerenderer((defaultPrerenderer) => {
          const base = defaultPrerenderer as DefaultPrerenderer;
          return followPageWrites(base, options.pageWrites, async () => {
            const kept = options.kept();
            if (kept) {
              // A content build: the page bundle is loaded already.
              base.app = kept.app;
              return;
            }
            if (!keep) return base.setup?.();
            let internals: unknown = null;
            await listenForInternals(buildConfig, (heard) => (internals = heard));
            await base.setup?.();
            const app = base.app;
            if (!app || !internals) throw new Error('the page bundle did not load as expected');
            // Every page module now, while the bundle's files exist: the full build removes them when it ends.
            await Promise.all([...(app.manifest.pageMap?.values() ?? [])].map((load) => load()));
            keep({ app, options: app.getOptions(), internals });
          });
        });
      },
    },
  };
}

/**
 * Readies a kept renderer for a content build into `outDir`: what the last
 * build recorded (its output directory, page names, the files each route
 * wrote, the static paths listed) is dropped. Answers the content layer's
 * sync and the page generation, run in that order by the caller.
 */
export async function contentBuildSteps(
  kept: KeptRenderer,
  outDir: string,
): Promise<{ sync(): Promise<void>; generate(): Promise<void> }> {
  const [{ generatePages }, { globalContentLayer }] = (await Promise.all([
    importAstroFile(ASTRO_FILES.generate),
    importAstroFile(ASTRO_FILES.contentLayer),
  ])) as [{ generatePages: GeneratePages }, { globalContentLayer: ContentLayerInstance }];
  const contentLayer = globalContentLayer.get();
  if (!contentLayer) throw new Error('the full build left no content layer');
  const { app, options, internals } = kept;
  options.settings.config.outDir = pathToFileURL(`${path.resolve(outDir)}${path.sep}`);
  options.pageNames.length = 0;
  for (const { routeData } of app.manifest.routes) routeData.distURL = undefined;
  for (const page of Object.values(options.allPages)) page.route.distURL = undefined;
  // Static paths are listed again, from this build's content.
  app.routeCache.clearAll();
  return {
    sync: () => contentLayer.sync(),
    // The page bundle's directory is not read: the bundle is loaded.
    generate: () => generatePages(options, internals, options.settings.config.outDir),
  };
}

/**
 * A Vite plugin that runs between bundling and page generation (Astro
 * generates pages in a `buildApp` hook of order `post` that runs after the
 * project's plugins of the same order): it calls `beforeGeneration` and
 * waits for it.
 */
export function holdGeneration(beforeGeneration: () => Promise<void>) {
  return {
    name: 'site-build:before-generation',
    buildApp: { order: 'post' as const, handler: beforeGeneration },
  };
}

/** Output files Astro's incremental manifest says a build produced or kept. */
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
