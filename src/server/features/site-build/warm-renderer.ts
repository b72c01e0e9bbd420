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
 * What this needs of Astro beyond its public API is in astro-internals.ts.
 */
import type { AstroIntegration } from 'astro';
import { beginNextBuild } from '../../../build/build-session.ts';
import { contentBuildSteps, siteBuildIntegration, type KeptRenderer, type PageWrites } from './astro-internals.ts';

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
  /**
   * Given to a full build's Astro configuration: it follows the pages the
   * build writes and, with `keep`, keeps the build's page renderer.
   */
  integration(keep: boolean): AstroIntegration;
  /**
   * A content build into `outDir`, which holds the published build's files
   * as links once `prefilled` resolves (pages render only then).
   */
  renderContent(outDir: string, prefilled: Promise<unknown>): Promise<ContentBuildTimes>;
}

/** `pageWrites` answers the current build's (see build-writes.ts). */
export function createWarmRenderer(pageWrites: () => PageWrites | null): WarmRenderer {
  let kept: KeptRenderer | null = null;
  // True while a content build renders with the kept renderer.
  let renderingContent = false;

  return {
    integration: (keep) =>
      siteBuildIntegration({
        pageWrites,
        kept: () => (renderingContent ? kept : null),
        keep: keep
          ? (renderer) => {
              kept = renderer;
            }
          : null,
      }),
    async renderContent(outDir, prefilled) {
      if (!kept) throw new Error('a content build needs the renderer of a full build');
      const steps = await contentBuildSteps(kept, outDir);
      const started = performance.now();
      await steps.sync();
      beginNextBuild();
      const synced = performance.now();
      await prefilled;
      const linked = performance.now();
      renderingContent = true;
      try {
        await steps.generate();
      } finally {
        renderingContent = false;
      }
      return {
        syncMs: Math.round(synced - started),
        linkWaitMs: Math.round(linked - synced),
        generateMs: Math.round(performance.now() - linked),
      };
    },
  };
}
