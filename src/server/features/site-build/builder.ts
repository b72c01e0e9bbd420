/**
 * Builds the static site in a child process and publishes it atomically.
 *
 * Each build goes to <siteDir>/builds/<id>. When it succeeds its text files
 * are precompressed and the <siteDir>/current symlink is swapped by rename,
 * which is atomic: requests see the old site or the new one, never a mix.
 * A failed build leaves the previous site serving. Only one build runs at a
 * time; a request for another while one runs is coalesced into one rerun.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../../platform/logger.ts';
import { listFiles, manifestOutputs, precompressChanged, prefillPages, pruneStalePages } from './incremental.ts';
import { idleBuildStatus, sectionOf, type BuildStatus, type PageCounts, type SiteState } from './state.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ASTRO_CLI = path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const COPY_ON_WRITE = fileURLToPath(new URL('./copy-on-write.ts', import.meta.url));
/** Astro's incremental-build manifest, in its cache directory. */
const MANIFEST_FILE = 'incremental-build.json';
/** A page line of Astro's build output: '10:02:03   ├─ /news/12/index.html (+3ms)'. */
const PAGE_LINE = /[├└]─\s+\/\S*/;
/** The timing or cache note of a page, when it arrives as a line of its own. */
const PAGE_NOTE = /^\s*\((\+[\d.]+m?s|cached|restored)\)\s*$/;
const UNCHANGED = /\((cached|restored)\)/;
const RENDER_TIME = /\(\+([\d.]+)(ms|s)\)/;
/** Inputs whose change makes the published site stale. */
const SOURCE_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const KEEP_BUILDS = 3;
const STAMP_FILE = '.build-stamp';
/** Terminal colour codes in the build output. */
const ANSI_ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export interface SiteBuilderOptions {
  siteDir: string;
  /** Origin of the API the build-time loaders read. */
  apiUrl: string;
  siteUrl: string;
  logger: Logger;
  /** Data fingerprint: when it changes, the site is rebuilt. */
  dataVersion: () => Promise<string>;
  /** Echo build output lines (the CLI start shows progress). */
  onOutput?: (line: string) => void;
}

export interface SiteBuilder extends SiteState {
  /** Builds unless the published site matches the current sources and data. */
  ensureBuilt(): Promise<void>;
  /** Builds now (or right after the running build). */
  rebuild(reason: string): Promise<void>;
  stop(): Promise<void>;
}

// Server code does not end up in the static site.
const NOT_SITE_SOURCES = new Set([path.join(ROOT, 'src', 'server')]);

/** A hash of every source input (path, size, mtime) and the data version. */
export function sourceFingerprint(dataVersion: string): string {
  const hash = createHash('sha256');
  hash.update(dataVersion);
  for (const input of SOURCE_INPUTS) {
    const full = path.join(ROOT, input);
    const files = fs.existsSync(full) && fs.statSync(full).isDirectory() ? listFiles(full, NOT_SITE_SOURCES) : [full];
    for (const file of files.sort()) {
      try {
        const stat = fs.statSync(file);
        hash.update(`${path.relative(ROOT, file)}:${stat.size}:${Math.floor(stat.mtimeMs)}\n`);
      } catch {
        hash.update(`${file}:missing\n`);
      }
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export function createSiteBuilder(options: SiteBuilderOptions): SiteBuilder {
  const { siteDir, logger } = options;
  const buildsDir = path.join(siteDir, 'builds');
  const currentLink = path.join(siteDir, 'current');
  let current: string | null = null;
  let child: ChildProcess | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let stopped = false;
  const status: BuildStatus = idleBuildStatus();

  try {
    current = fs.realpathSync(currentLink);
    status.currentBuild = path.basename(current);
  } catch {
    current = null;
  }

  const readStamp = (dir: string | null): string | null => {
    if (!dir) return null;
    try {
      return fs.readFileSync(path.join(dir, STAMP_FILE), 'utf8').trim();
    } catch {
      return null;
    }
  };

  const cacheDir = path.join(siteDir, 'cache');

  function runAstro(outDir: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const proc = spawn(process.execPath, ['--import', COPY_ON_WRITE, ASTRO_CLI, 'build', '--outDir', outDir], {
        cwd: ROOT,
        env: {
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: '1',
          SITE_API_URL: options.apiUrl,
          SITE_URL: options.siteUrl,
          ASTRO_CACHE_DIR: cacheDir,
          SITE_BUILD_OUT_DIR: outDir,
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      const tail: string[] = [];
      const pages = { rendered: 0, unchanged: 0 };
      const sections: Record<string, PageCounts> = {};
      status.pages = pages;
      status.sections = sections;
      let seen = 0;
      let section: PageCounts | null = null;
      const onData = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          const clean = line.replace(ANSI_ESCAPES, '').trimEnd();
          if (!clean) continue;
          // Page lines are counted, not kept: a build writes thousands.
          const page = PAGE_LINE.exec(clean);
          if (page || PAGE_NOTE.test(clean)) {
            if (page) {
              seen++;
              const name = sectionOf(page[0].replace(/^[├└]─\s+/, ''));
              section = sections[name] ??= { rendered: 0, unchanged: 0, renderMs: 0 };
              section.rendered++;
            }
            if (UNCHANGED.test(clean)) {
              pages.unchanged++;
              if (section) {
                section.unchanged++;
                section.rendered--;
              }
            }
            const took = RENDER_TIME.exec(clean);
            if (took && section) section.renderMs += Number(took[1]) * (took[2] === 's' ? 1000 : 1);
            pages.rendered = seen - pages.unchanged;
            continue;
          }
          tail.push(clean);
          if (tail.length > 40) tail.shift();
          status.progress = tail.slice(-20);
          options.onOutput?.(clean);
        }
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', onData);
      proc.on('error', reject);
      proc.on('close', (code, signal) => {
        child = null;
        if (code === 0) resolve();
        else
          reject(
            new Error(
              `astro build ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${tail.slice(-8).join(' | ')}`,
            ),
          );
      });
    });
  }

  function publish(dir: string): void {
    const tmpLink = `${currentLink}.${process.pid}.tmp`;
    fs.rmSync(tmpLink, { force: true });
    fs.symlinkSync(path.relative(siteDir, dir), tmpLink);
    fs.renameSync(tmpLink, currentLink);
    current = dir;
    status.currentBuild = path.basename(dir);
  }

  function prune(): void {
    // Older builds stay a while: pages already open keep loading their assets.
    const builds = fs.existsSync(buildsDir) ? fs.readdirSync(buildsDir).sort() : [];
    for (const name of builds.slice(0, Math.max(0, builds.length - KEEP_BUILDS))) {
      const dir = path.join(buildsDir, name);
      if (dir !== current) fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** `knownStamp`: the fingerprint the caller already computed for this build, if any. */
  async function buildOnce(reason: string, knownStamp?: string): Promise<void> {
    const stamp = knownStamp ?? sourceFingerprint(await options.dataVersion());
    const id = `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}-${stamp.slice(0, 8)}`;
    const outDir = path.join(buildsDir, id);
    const started = Date.now();
    Object.assign(status, {
      state: 'building',
      startedAt: new Date(started).toISOString(),
      finishedAt: null,
      progress: [],
    });
    logger.info({ build: id, reason }, 'site build started');
    try {
      fs.mkdirSync(buildsDir, { recursive: true });
      fs.rmSync(outDir, { recursive: true, force: true });
      fs.mkdirSync(outDir, { recursive: true });
      // Unchanged pages are carried over from the published build (see incremental.ts).
      // Phase times go to the log, so a slow build says where its time went.
      const phases: Record<string, number> = {};
      let mark = Date.now();
      const lap = (name: string) => {
        phases[name] = Date.now() - mark;
        mark = Date.now();
      };
      const linked = current ? prefillPages(current, outDir) : [];
      lap('prefillMs');
      await runAstro(outDir);
      lap('astroMs');
      const kept = manifestOutputs(path.join(cacheDir, MANIFEST_FILE));
      const removed = kept ? pruneStalePages(outDir, linked, kept) : 0;
      lap('pruneMs');
      const compressed = await precompressChanged(outDir, current);
      lap('compressMs');
      fs.writeFileSync(path.join(outDir, STAMP_FILE), stamp);
      publish(outDir);
      prune();
      Object.assign(status, { state: 'idle', lastError: null });
      logger.info(
        { build: id, ms: Date.now() - started, ...status.pages, removed, compressed, ...phases },
        'site build published',
      );
    } catch (error) {
      fs.rmSync(outDir, { recursive: true, force: true });
      // The manifest may describe pages of this discarded build: the next build renders everything.
      fs.rmSync(path.join(cacheDir, MANIFEST_FILE), { force: true });
      const message = error instanceof Error ? error.message : String(error);
      Object.assign(status, { state: 'failed', lastError: message });
      logger.error({ build: id, err: message }, 'site build failed; the previous site keeps serving');
      throw error;
    } finally {
      status.finishedAt = new Date().toISOString();
      status.durationMs = Date.now() - started;
    }
  }

  function rebuild(reason: string, knownStamp?: string): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = buildOnce(reason, knownStamp).finally(() => {
        running = null;
      });
      return running;
    }
    // One build at a time; every request made during it shares one rerun.
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = null;
        return rebuild(reason);
      });
    return queued;
  }

  return {
    currentDir: () => current,
    status: () => ({ ...status, progress: [...status.progress] }),
    async ensureBuilt() {
      const wanted = sourceFingerprint(await options.dataVersion());
      if (current && readStamp(current) === wanted) {
        logger.info({ build: status.currentBuild }, 'site is up to date');
        return;
      }
      await rebuild(current ? 'sources or data changed' : 'no site built yet', wanted);
    },
    rebuild,
    async stop() {
      stopped = true;
      if (child) child.kill('SIGTERM');
      await running?.catch(() => {});
    },
  };
}
