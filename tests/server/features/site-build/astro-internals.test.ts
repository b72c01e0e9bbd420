/**
 * The contract with the installed Astro: each private thing
 * src/server/features/site-build/astro-internals.ts relies on is still
 * there, with the shape it expects. A failure names what changed; the
 * "Upgrading Astro" in docs/operations.md says what to do then.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ASTRO_FILES,
  ASTRO_PACKAGE,
  DATA_STORE_MODULE,
  INCREMENTAL_MANIFEST,
  PAGE_COPIES_DIR,
  importAstroFile,
  manifestOutputs,
  siteBuildIntegration,
} from '../../../../src/server/features/site-build/astro-internals.ts';
import { createBuildWrites } from '../../../../src/server/features/site-build/build-writes.ts';

const version = (JSON.parse(fs.readFileSync(path.join(ASTRO_PACKAGE, 'package.json'), 'utf8')) as { version: string })
  .version;
/** The message of a broken expectation: which Astro, what it no longer does, where to read on. */
const changed = (what: string) => `Astro ${version} no longer ${what}: see docs/operations.md, "Upgrading Astro"`;

/** One of Astro's files, as the build imports it (empty when it is gone). */
async function astroFile(file: string): Promise<Record<string, unknown>> {
  try {
    return (await importAstroFile(file)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** An export of one of Astro's files, checked to be a function. */
async function exported<T>(file: string, name: string): Promise<T> {
  const value = (await astroFile(file))[name];
  expect(typeof value, changed(`exports ${name} from ${file}`)).toBe('function');
  return value as T;
}

const astroSource = (file: string): string => {
  try {
    return fs.readFileSync(path.join(ASTRO_PACKAGE, file), 'utf8');
  } catch {
    return '';
  }
};

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-astro-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const dirURL = (dir: string) => pathToFileURL(`${dir}${path.sep}`);

/** Settings of a static build, as much as the internals read of them. */
const staticSettings = (outDir: string, cacheDir = tempDir()) => ({
  buildOutput: 'static' as const,
  config: {
    root: dirURL(process.cwd()),
    outDir: dirURL(outDir),
    cacheDir: dirURL(cacheDir),
    publicDir: dirURL(tempDir()),
    build: { format: 'directory' as const },
  },
});

describe('the Astro internals the site build relies on', () => {
  it('page generation: generatePages(options, internals, prerenderOutputDir)', async () => {
    const generatePages = await exported<(...args: unknown[]) => unknown>(ASTRO_FILES.generate, 'generatePages');
    expect(generatePages.length, changed(`takes (options, internals, outDir) in generatePages`)).toBe(3);
  });

  it('the content layer instance: globalContentLayer.get()', async () => {
    const { globalContentLayer } = (await astroFile(ASTRO_FILES.contentLayer)) as {
      globalContentLayer?: { get?: unknown };
    };
    expect(typeof globalContentLayer?.get, changed(`exports globalContentLayer from ${ASTRO_FILES.contentLayer}`)).toBe(
      'function',
    );
  });

  it('the page bundle’s directory: getPrerenderOutputDirectory(settings)', async () => {
    const getPrerenderOutputDirectory = await exported<(settings: unknown) => URL>(
      ASTRO_FILES.prerenderUtils,
      'getPrerenderOutputDirectory',
    );
    const outDir = path.join(process.cwd(), 'dist');
    expect(
      getPrerenderOutputDirectory(staticSettings(outDir)).href,
      changed('writes a static build’s page bundle to .prerender/ in its output directory'),
    ).toBe(new URL('.prerender/', dirURL(outDir)).href);
  });

  it('the default prerenderer hands the internals to the bundle’s app and keeps the app as `app`', async () => {
    const createDefaultPrerenderer = await exported<(options: unknown) => AstroPrerenderer & { app?: unknown }>(
      ASTRO_FILES.defaultPrerenderer,
      'createDefaultPrerenderer',
    );
    const bundle = tempDir();
    fs.writeFileSync(
      path.join(bundle, 'prerender-entry.contract.mjs'),
      'export const app = { setInternals(internals) { this.internals = internals; }, setOptions(options) { this.options = options; } };',
    );
    const internals = { prerenderEntryFileName: 'prerender-entry.contract.mjs' };
    const prerenderer = createDefaultPrerenderer({ internals, options: {}, prerenderOutputDir: dirURL(bundle) });
    await prerenderer.setup?.();
    const app = prerenderer.app as { internals?: unknown } | undefined;
    expect(app?.internals, changed('hands the build’s internals to the page bundle’s app.setInternals')).toBe(
      internals,
    );
  });

  it('the bundle’s app: setInternals, getOptions and routeCache', async () => {
    const { BuildApp } = (await astroFile(ASTRO_FILES.buildApp)) as { BuildApp?: { prototype: object } };
    const prototype = BuildApp?.prototype ?? {};
    for (const name of ['setInternals', 'getOptions', 'routeCache']) {
      expect(name in prototype, changed(`gives the page bundle’s app ${name} (${ASTRO_FILES.buildApp})`)).toBe(true);
    }
  });

  it('output files: getOutFolder and getOutFile name the file of each path', async () => {
    type Route = { type: string };
    const getOutFolder = await exported<(settings: unknown, pathname: string, route: Route) => URL>(
      ASTRO_FILES.outputFiles,
      'getOutFolder',
    );
    const getOutFile = await exported<(format: string, folder: URL, pathname: string, route: Route) => URL>(
      ASTRO_FILES.outputFiles,
      'getOutFile',
    );
    const outDir = tempDir();
    const settings = staticSettings(outDir);
    const fileOf = (pathname: string, type: string) =>
      path.relative(
        outDir,
        new URL(getOutFile('directory', getOutFolder(settings, pathname, { type }), pathname, { type })).pathname,
      );
    const expected: [string, string, string][] = [
      ['/news/1', 'page', 'news/1/index.html'],
      ['', 'page', 'index.html'],
      ['/404', 'page', '404.html'],
      ['/news/rss/ABC.xml', 'endpoint', 'news/rss/ABC.xml'],
    ];
    for (const [pathname, type, file] of expected) {
      expect(fileOf(pathname, type), changed(`writes the ${type} ${pathname || '/'} to ${file}`)).toBe(
        path.normalize(file),
      );
    }
  });

  it('the incremental cache: its manifest, its page copies, and a page written before its copy', async () => {
    type Cache = {
      record(...args: unknown[]): void;
      writeManifest(settings: unknown): void;
      writeOutputFile(settings: unknown, file: string, body: unknown): Promise<void>;
    };
    const { IncrementalBuildCache } = (await astroFile(ASTRO_FILES.incrementalCache)) as {
      IncrementalBuildCache?: { load(settings: unknown, ...hashes: string[]): Cache };
    };
    expect(
      typeof IncrementalBuildCache?.load,
      changed(`exports IncrementalBuildCache from ${ASTRO_FILES.incrementalCache}`),
    ).toBe('function');
    const cacheDir = tempDir();
    const settings = staticSettings(tempDir(), cacheDir);
    const cache = IncrementalBuildCache!.load(settings, 'config', 'lockfile', 'key');
    cache.record('src/pages/news/[id].astro', 'deps', '/news/1', 'key-1', 'news/1/index.html');
    cache.writeManifest(settings);
    expect(
      [...(manifestOutputs(path.join(cacheDir, INCREMENTAL_MANIFEST)) ?? [])],
      changed(`keeps each path's outputFile in ${INCREMENTAL_MANIFEST} in its cache directory`),
    ).toEqual([path.normalize('news/1/index.html')]);
    await cache.writeOutputFile(settings, 'news/1/index.html', 'page');
    expect(
      fs.existsSync(path.join(cacheDir, PAGE_COPIES_DIR, 'news/1/index.html')),
      changed(`keeps its page copies in ${PAGE_COPIES_DIR}/ in its cache directory, through writeOutputFile`),
    ).toBe(true);
    const generate = astroSource(ASTRO_FILES.generate);
    expect(
      /canSkip\([\s\S]{0,200}existsSync\(outFile\)/.test(generate),
      changed(`leaves a skipped page found in the output directory as it is (in ${ASTRO_FILES.generate})`),
    ).toBe(true);
    const render = generate.indexOf('prerenderer.render(');
    const page = generate.indexOf('writeFile(result.outFile');
    const copy = generate.indexOf('cache.writeOutputFile(');
    expect(
      render >= 0 && page > render && copy > page,
      changed(`renders a page, writes it, then its cache copy (in ${ASTRO_FILES.generate})`),
    ).toBe(true);
  });

  it('page generation runs in the buildApp hook (order post) of the astro:build-generate Vite plugin', () => {
    expect(
      /name: "astro:build-generate",[\s\S]{0,80}buildApp: \{\s*order: "post",[\s\S]*?generatePages\(/.test(
        astroSource(ASTRO_FILES.staticBuild),
      ),
      changed(`generates pages in a post-order buildApp hook (${ASTRO_FILES.staticBuild})`),
    ).toBe(true);
  });

  it('the data store: the astro:data-layer-content module, written to data-store.json', async () => {
    const constants = await astroFile(ASTRO_FILES.contentConstants);
    expect(constants.DATA_STORE_VIRTUAL_ID, changed(`reads the data store as ${DATA_STORE_MODULE}`)).toBe(
      DATA_STORE_MODULE,
    );
    // src/build/data-store-at-runtime.ts reads this file.
    expect(constants.DATA_STORE_FILE, changed('writes the data store to data-store.json')).toBe('data-store.json');
  });
});

/** The prerenderer the site build's integration gives Astro, around a stand-in for Astro's own. */
function sitePrerenderer(integration: AstroIntegration, base: AstroPrerenderer): AstroPrerenderer {
  let wrap: ((base: AstroPrerenderer) => AstroPrerenderer) | null = null;
  const hooks = integration.hooks as Record<string, (options: unknown) => void>;
  hooks['astro:config:done']!({ config: {} });
  hooks['astro:build:start']!({
    setPrerenderer: (prerenderer: AstroPrerenderer | ((base: AstroPrerenderer) => AstroPrerenderer)) => {
      wrap = typeof prerenderer === 'function' ? prerenderer : () => prerenderer;
    },
  });
  return wrap!(base);
}

describe('the pages a build writes', () => {
  function standIn(outDir: string, cacheDir = tempDir()) {
    const route = { type: 'page', component: 'src/pages/news/[id].astro', route: '/news/[id]' };
    const settings = staticSettings(outDir, cacheDir);
    const base = {
      name: 'stand-in',
      app: { getOptions: () => ({ settings }) },
      setup: async () => {},
      getStaticPaths: async () => [{ pathname: '/news/1', route }],
      render: async () => new Response('<p>rendered</p>'),
    } as unknown as AstroPrerenderer;
    return { base, route, settings };
  }

  it('a rendered page loses its link to the published file before Astro writes it, and is listed', async () => {
    const published = tempDir();
    const outDir = tempDir();
    fs.mkdirSync(path.join(published, 'news/1'), { recursive: true });
    fs.writeFileSync(path.join(published, 'news/1/index.html'), 'published');
    fs.mkdirSync(path.join(outDir, 'news/1'), { recursive: true });
    fs.linkSync(path.join(published, 'news/1/index.html'), path.join(outDir, 'news/1/index.html'));
    const writes = createBuildWrites({ outDir });
    const { base, route } = standIn(outDir);
    const prerenderer = sitePrerenderer(
      siteBuildIntegration({ pageWrites: () => writes, kept: () => null, keep: null }),
      base,
    );
    await prerenderer.setup?.();
    await prerenderer.getStaticPaths();
    await prerenderer.render(new Request('http://localhost/news/1/'), { routeData: route } as never);
    expect(fs.existsSync(path.join(outDir, 'news/1/index.html'))).toBe(false);
    expect([...writes.files()]).toEqual([path.join(outDir, 'news/1/index.html')]);
    expect(fs.readFileSync(path.join(published, 'news/1/index.html'), 'utf8')).toBe('published');
    await prerenderer.teardown?.();
  });

  it('names the file of each page as Astro does, an encoded path or one it did not list included', async () => {
    const outDir = tempDir();
    const writes = createBuildWrites({ outDir });
    const { base, route } = standIn(outDir);
    const listed = { ...base, getStaticPaths: async () => [{ pathname: '/news/a b', route }] } as AstroPrerenderer;
    const prerenderer = sitePrerenderer(
      siteBuildIntegration({ pageWrites: () => writes, kept: () => null, keep: null }),
      listed,
    );
    await prerenderer.setup?.();
    await prerenderer.getStaticPaths();
    for (const url of ['http://localhost/news/a%20b/', 'http://localhost/news/2/', 'http://localhost/']) {
      await prerenderer.render(new Request(url), { routeData: route } as never);
    }
    expect([...writes.files()]).toEqual(
      ['news/a b/index.html', 'news/2/index.html', 'index.html'].map((file) => path.join(outDir, file)),
    );
    await prerenderer.teardown?.();
  });

  it("does not write Astro's cache copies of pages: the page is announced as written instead", async () => {
    const outDir = tempDir();
    const cacheDir = tempDir();
    const announced: string[] = [];
    const writes = createBuildWrites({ outDir, onPageWritten: (file) => announced.push(file) });
    const { base, settings } = standIn(outDir, cacheDir);
    const prerenderer = sitePrerenderer(
      siteBuildIntegration({ pageWrites: () => writes, kept: () => null, keep: null }),
      base,
    );
    await prerenderer.setup?.();
    const { IncrementalBuildCache } = (await importAstroFile(ASTRO_FILES.incrementalCache)) as {
      IncrementalBuildCache: {
        load(...args: unknown[]): { writeOutputFile(settings: unknown, file: string, body: unknown): Promise<void> };
      };
    };
    const cache = IncrementalBuildCache.load(settings, 'config', 'lockfile', 'key');
    await cache.writeOutputFile(settings, 'news/1/index.html', 'page');
    expect(fs.existsSync(path.join(cacheDir, PAGE_COPIES_DIR))).toBe(false);
    expect(announced).toEqual([path.join(outDir, 'news/1/index.html')]);
    // Once the build is over, Astro's cache behaves as Astro's again.
    await prerenderer.teardown?.();
    await cache.writeOutputFile(settings, 'news/1/index.html', 'page');
    expect(fs.existsSync(path.join(cacheDir, PAGE_COPIES_DIR, 'news/1/index.html'))).toBe(true);
  });

  it('reads the pages a build produced from Astro’s manifest, and nothing from a broken one', () => {
    const dir = tempDir();
    const file = path.join(dir, INCREMENTAL_MANIFEST);
    fs.writeFileSync(
      file,
      JSON.stringify({
        routes: { 'src/pages/news/[id].astro': { paths: { '/news/1': { outputFile: 'news/1/index.html' } } } },
      }),
    );
    expect([...manifestOutputs(file)!]).toEqual([path.normalize('news/1/index.html')]);
    fs.writeFileSync(file, '{');
    expect(manifestOutputs(file)).toBeNull();
  });
});
