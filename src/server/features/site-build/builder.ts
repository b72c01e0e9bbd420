/**
 * Builds the static site in a child process and publishes it atomically.
 *
 * Each build goes to <siteDir>/builds/<id>. When it succeeds its text files
 * are precompressed and the <siteDir>/current symlink is swapped by rename,
 * which is atomic: requests see the old site or the new one, never a mix.
 * A failed build leaves the previous site serving. Only one build runs at a
 * time; a request for another while one runs is coalesced into one rerun.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../platform/logger.ts';
import { createBuildProcesses, type AstroBuild } from './astro-process.ts';
import { INCREMENTAL_MANIFEST } from './astro-internals.ts';
import type { BuildProcessResult } from './build-process.ts';
import { fingerprintOf, siteSources, sourceFingerprint } from './fingerprint.ts';
import {
  buildsDirOf,
  publish,
  publishedBuild,
  pruneBuilds,
  readChangesThrough,
  readStamp,
  writeChangesThrough,
  writeStamp,
} from './publish.ts';
import { idleBuildStatus, type BuildStatus, type SiteState } from './state.ts';

/** Ends the stamp of a build that holds only the first pages of a new site. */
const FIRST_PHASE_STAMP = '+first-pages';

/** Whether a published build holds the whole site (not only a new site's first pages). */
const isComplete = (buildDir: string | null) => !readStamp(buildDir)?.endsWith(FIRST_PHASE_STAMP);

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
  /**
   * The newest content change id: read when a build starts, every change up
   * to it is in that build, so the console can tell when an edit is live.
   */
  changeCursor?: () => Promise<number>;
  /** Hears each build published (other instances are told, see main.ts). */
  onPublished?: (build: string) => void;
  /** A new site publishes its first pages, then the rest (see src/build/build-phase.ts); default true. */
  firstPagesFirst?: boolean;
  /** Changes are published by content builds (see warm-renderer.ts); false: each is a full build. Default true. */
  contentBuilds?: boolean;
}

export interface SiteBuilder extends SiteState {
  /** Builds unless the published site matches the current sources and data. */
  ensureBuilt(): Promise<void>;
  /** Builds now (or right after the running build). */
  rebuild(reason: string): Promise<void>;
  /**
   * Serves the build another instance published in the shared site
   * directory, if it is newer than the one served (instances that do not
   * lead never build).
   */
  follow(): void;
  stop(): Promise<void>;
}

export function createSiteBuilder(options: SiteBuilderOptions): SiteBuilder {
  const { siteDir, logger } = options;
  const buildsDir = buildsDirOf(siteDir);
  const cacheDir = path.join(siteDir, 'cache');
  let current = publishedBuild(siteDir);
  const processes = createBuildProcesses({
    apiUrl: options.apiUrl,
    siteUrl: options.siteUrl,
    siteDir,
    compileCacheDir: path.join(cacheDir, 'compiled'),
    contentBuilds: options.contentBuilds ?? true,
  });
  let astro: AstroBuild | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let stopped = false;
  const status: BuildStatus = {
    ...idleBuildStatus(),
    currentBuild: current && path.basename(current),
    publishedThrough: readChangesThrough(current),
    complete: isComplete(current),
  };

  async function runAstro(outDir: string, firstPhase: boolean, sources: string): Promise<BuildProcessResult> {
    astro = processes.start(
      { outDir, previousDir: current, cacheDir, phase: firstPhase ? 'first' : 'full', sources },
      (line) => {
        status.progress = astro?.output.tail.slice(-20) ?? [];
        options.onOutput?.(line);
      },
    );
    status.pages = astro.output.pages;
    status.sections = astro.output.sections;
    try {
      return await astro.done;
    } finally {
      astro = null;
      // The next build's process loads while this instance waits for the next change.
      if (!stopped) processes.prepare();
    }
  }

  /**
   * `knownStamp`: the fingerprint the caller already computed for this build, if any.
   * `firstPhase`: only the first pages of a new site; its stamp never matches, so the full build follows.
   */
  async function buildOnce(reason: string, knownStamp?: string, firstPhase = false): Promise<void> {
    const sources = siteSources();
    const stamp = `${knownStamp ?? fingerprintOf(await options.dataVersion(), sources)}${firstPhase ? FIRST_PHASE_STAMP : ''}`;
    const id = `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}-${stamp.slice(0, 8)}`;
    const outDir = path.join(buildsDir, id);
    const started = Date.now();
    const through = (await options.changeCursor?.()) ?? null;
    Object.assign(status, {
      state: 'building',
      buildingThrough: through,
      startedAt: new Date(started).toISOString(),
      finishedAt: null,
      progress: [],
    });
    logger.info({ build: id, reason }, 'site build started');
    try {
      await fs.promises.mkdir(buildsDir, { recursive: true });
      await fs.promises.rm(outDir, { recursive: true, force: true });
      await fs.promises.mkdir(outDir, { recursive: true });
      // The build process carries unchanged pages over from the published build (see
      // incremental.ts) and does the file work; its phase times go to the log, so a slow
      // build says where its time went.
      const { phases, ...files } = await runAstro(outDir, firstPhase, sources);
      writeStamp(outDir, stamp);
      if (through !== null) writeChangesThrough(outDir, through);
      publish(siteDir, outDir);
      current = outDir;
      status.currentBuild = path.basename(outDir);
      status.publishedThrough = through ?? status.publishedThrough;
      Object.assign(status, { state: 'idle', lastError: null, buildingThrough: null, complete: !firstPhase });
      logger.info(
        { build: id, ms: Date.now() - started, ...status.pages, ...files, ...phases },
        'site build published',
      );
    } catch (error) {
      await fs.promises.rm(outDir, { recursive: true, force: true });
      // The manifest may describe pages of this discarded build: the next build renders everything.
      fs.rmSync(path.join(cacheDir, INCREMENTAL_MANIFEST), { force: true });
      const message = error instanceof Error ? error.message : String(error);
      Object.assign(status, { state: 'failed', lastError: message, buildingThrough: null });
      logger.error({ build: id, err: message }, 'site build failed; the previous site keeps serving');
      throw error;
    } finally {
      status.finishedAt = new Date().toISOString();
      status.durationMs = Date.now() - started;
    }
    await pruneBuilds(siteDir, current).catch((error: unknown) => {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'old builds not removed');
    });
  }

  function rebuild(reason: string, knownStamp?: string, firstPhase = false): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = buildOnce(reason, knownStamp, firstPhase)
        // A build can fail for a passing cause (its process lost, the API busy): once more
        // before the change waits for the next one. A lasting failure fails twice.
        .catch((error: unknown) => {
          if (stopped) throw error;
          logger.warn({ reason }, 'site build retried once after a failure');
          return buildOnce(`${reason} (retried)`, knownStamp, firstPhase);
        })
        .finally(() => {
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

  function follow(): void {
    const published = publishedBuild(siteDir);
    if (!published || published === current || running) return;
    current = published;
    status.currentBuild = path.basename(published);
    status.publishedThrough = readChangesThrough(published);
    status.complete = isComplete(published);
    logger.info({ build: status.currentBuild }, 'serving the build another instance published');
  }

  return {
    currentDir: () => current,
    follow,
    status: () => ({ ...status, progress: [...status.progress] }),
    async ensureBuilt() {
      // Another instance may have published since this one last looked.
      follow();
      const wanted = sourceFingerprint(await options.dataVersion());
      if (current && readStamp(current) === wanted) {
        logger.info({ build: status.currentBuild }, 'site is up to date');
        return;
      }
      if (current || running || options.firstPagesFirst === false) {
        await rebuild(current ? 'sources or data changed' : 'no site built yet', wanted);
        return;
      }
      // A new site: its first pages at once, then the rest in the background.
      await rebuild('first pages of a new site', wanted, true);
      rebuild('the rest of a new site').catch(() => {
        // Logged by the build; the first pages keep serving.
      });
    },
    rebuild,
    async stop() {
      stopped = true;
      processes.close();
      astro?.stop();
      await running?.catch(() => {});
    },
  };
}
