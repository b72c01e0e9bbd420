/**
 * Content builds. A build process runs one full Astro build, then keeps
 * what that build made for rendering pages: Astro's page bundle, loaded,
 * with the build's options and internals, and the content layer with the
 * collections' loaders. While the site's sources stay as they were, each
 * later build of the process is a content build: the collections sync the
 * changes since the last build, what the bundle kept for the last build is
 * dropped (src/build/build-session.ts), and Astro's page generation runs
 * again, into a new output directory that starts as links to every file of
 * the published build. Its incremental cache renders only the pages whose
 * cache key changed, exactly as in a full build; Astro's setup, the loading
 * of the content configuration and the two bundler runs, most of a one-edit
 * build, are not done again.
 *
 * This reaches into Astro's build (its page generation, the content layer
 * instance and the prerenderer hook an integration can set). The lockfile
 * pins Astro, and tests/process/content-build.test.ts compares what content
 * builds publish with a full build of the same data, so an upgrade that
 * changes these internals fails there rather than in production.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroConfig, AstroIntegration, AstroPrerenderer } from 'astro';
import { beginNextBuild } from '../../../build/build-session.ts';

/** Astro's own files, reached by path: these modules are not in its public exports. */
const ASTRO_DIST = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');
const astroModule = (file: string) => pathToFileURL(path.join(ASTRO_DIST, file)).href;

/** The parts of Astro's build this module touches. */
interface RouteData {
  distURL?: URL[];
}
interface GenerateOptions {
  settings: { config: { outDir: URL } };
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

interface KeptRenderer {
  app: PageApp;
  options: GenerateOptions;
  internals: unknown;
}

const PRERENDER_ENTRY = /^prerender-entry\..*\.mjs$/;

/** Where a content build's time went, in milliseconds. */
export interface ContentBuildTimes {
  /** The collections' sync (fetching the changes, writing the data store). */
  syncMs: number;
  /** Waiting, after the sync, for the published files to be linked in. */
  linkWaitMs: number;
  /** Listing every page's cache key and rendering the changed ones. */
  generateMs: number;
}

export interface WarmRenderer {
  /** Given to the full build's Astro configuration: it keeps the build's page renderer. */
  integration: AstroIntegration;
  /**
   * A content build into `outDir`, which holds the published build's files
   * as links once `prefilled` resolves (pages render only then).
   */
  renderContent(outDir: string, prefilled: Promise<unknown>): Promise<ContentBuildTimes>;
}

export function createWarmRenderer(): WarmRenderer {
  let kept: KeptRenderer | null = null;
  // Heard when Astro hands the build's internals to the page bundle's app.
  let internals: unknown = null;

  /**
   * Imports the bundle's entry before Astro does (the same file, so the same
   * module), so that the internals Astro hands to its app are heard.
   */
  async function listenForInternals(config: AstroConfig): Promise<void> {
    const { getPrerenderOutputDirectory } = (await import(astroModule('prerender/utils.js'))) as {
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
      internals = value;
      handOver(value);
    };
  }

  function wrap(base: DefaultPrerenderer, config: AstroConfig): AstroPrerenderer {
    return {
      name: 'site-build:warm-renderer',
      async setup() {
        if (kept) {
          // A content build: the page bundle is loaded already.
          base.app = kept.app;
          return;
        }
        await listenForInternals(config);
        await base.setup?.();
        const app = base.app;
        if (!app || !internals) throw new Error('the page bundle did not load as expected');
        // Every page module now, while the bundle's files exist: the full build removes them when it ends.
        await Promise.all([...(app.manifest.pageMap?.values() ?? [])].map((load) => load()));
        kept = { app, options: app.getOptions(), internals };
      },
      getStaticPaths: () => base.getStaticPaths(),
      render: (request, options) => base.render(request, options),
      teardown: () => base.teardown?.() ?? Promise.resolve(),
    };
  }

  // The full build's configuration, which says where its page bundle is written.
  let fullBuildConfig: AstroConfig | null = null;
  const integration: AstroIntegration = {
    name: 'site-build:warm-renderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        fullBuildConfig = config;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((base) => wrap(base, fullBuildConfig!));
      },
    },
  };

  return {
    integration,
    async renderContent(outDir, prefilled) {
      if (!kept) throw new Error('a content build needs the renderer of a full build');
      const { app, options } = kept;
      const [{ generatePages }, { globalContentLayer }] = (await Promise.all([
        import(astroModule('core/build/generate.js')),
        import(astroModule('content/instance.js')),
      ])) as [{ generatePages: GeneratePages }, { globalContentLayer: ContentLayerInstance }];
      const contentLayer = globalContentLayer.get();
      if (!contentLayer) throw new Error('the full build left no content layer');
      // What the last build recorded: its output directory, page names, the files each route wrote.
      options.settings.config.outDir = pathToFileURL(`${path.resolve(outDir)}${path.sep}`);
      options.pageNames.length = 0;
      for (const { routeData } of app.manifest.routes) routeData.distURL = undefined;
      for (const page of Object.values(options.allPages)) page.route.distURL = undefined;
      // Static paths are listed again, from this build's content.
      app.routeCache.clearAll();
      const started = performance.now();
      await contentLayer.sync();
      beginNextBuild();
      const synced = performance.now();
      await prefilled;
      const linked = performance.now();
      // The page bundle's directory is not read: the bundle is loaded.
      await generatePages(options, kept.internals, options.settings.config.outDir);
      return {
        syncMs: Math.round(synced - started),
        linkWaitMs: Math.round(linked - synced),
        generateMs: Math.round(performance.now() - linked),
      };
    },
  };
}
