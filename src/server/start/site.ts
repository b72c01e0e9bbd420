/**
 * Publishing the static site from the running server: the builder (once the
 * API answers on its port), the rebuild job that follows the content, and
 * among several instances the leader building while the others follow what
 * it publishes to the shared SITE_DIR.
 */
import {
  NO_SITE,
  createSiteBuilder,
  readDemoSeed,
  startSiteRebuildJob,
  type SiteBuilder,
  type SiteRebuildJob,
  type SiteState,
} from '../features/site-build/index.ts';
import { latestChangeId, type ChangeBus } from '../platform/changes.ts';
import type { Cluster } from '../platform/cluster.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/client.ts';
import type { JobScheduler } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import { CLUSTER_POLL_MS } from './cluster.ts';
import { say } from './progress.ts';

export interface SitePublishingDeps {
  config: Config;
  database: Database;
  logger: Logger;
  cluster: Cluster;
  scheduler: JobScheduler;
  changes: ChangeBus;
}

export interface SitePublishing {
  /** The published site, for the app to serve (none until the builder starts). */
  site: SiteState;
  /**
   * Starts the builder against the API on `port`; resolves once the site is
   * ready (the leader built what it lacked) or follows the leader's.
   */
  start(port: number): Promise<void>;
  /** Stops the rebuild job and the builder (a build in progress ends). */
  stop(): Promise<void>;
}

export function sitePublishing(deps: SitePublishingDeps): SitePublishing {
  const { config, database, logger, cluster, scheduler, changes } = deps;
  let builder: SiteBuilder | null = null;
  let rebuildJob: SiteRebuildJob | null = null;
  return {
    site: {
      currentDir: () => builder?.currentDir() ?? NO_SITE.currentDir(),
      status: () => builder?.status() ?? NO_SITE.status(),
    },
    async stop() {
      rebuildJob?.stop();
      await builder?.stop();
    },
    async start(port) {
      const localUrl = `http://localhost:${port}`;
      if (!config.buildSite) {
        say('Site build disabled (BUILD_SITE=false): serving the API only');
        return;
      }
      const siteBuilder = createSiteBuilder({
        siteDir: config.siteDir,
        apiUrl: `http://127.0.0.1:${port}/api`,
        siteUrl: config.siteUrl,
        logger,
        // Content edited while the server was down (another instance, a script) also makes the site stale.
        dataVersion: async () =>
          JSON.stringify({
            seed: await readDemoSeed(database.db),
            content: await latestChangeId(database.db),
            // Pages embed the chat frame's origin.
            chatFrame: config.chat.frameOrigin,
          }),
        onOutput: (line) => {
          if (/\[build\]|generating|✓|error|Error/.test(line)) say(`site: ${line}`);
        },
        changeCursor: () => latestChangeId(database.db),
        onPublished: (build) => cluster.publish('site', { build }),
        firstPagesFirst: config.firstPagesFirst,
        contentBuilds: config.contentBuilds,
      });
      builder = siteBuilder;
      // Only the leading instance builds; the others serve what it publishes to the shared SITE_DIR.
      rebuildJob = startSiteRebuildJob({
        rebuild: (reason) => (cluster.isLeader() ? siteBuilder.rebuild(reason) : Promise.resolve()),
        changes,
        logger,
        scheduler,
        debounceMs: config.siteRebuild.debounceMs,
        maxWaitMs: 10_000,
        schedule: config.siteRebuild.schedule,
      });
      cluster.on('site', () => siteBuilder.follow());
      if (config.database.kind === 'postgres') {
        scheduler.every('site-follow', CLUSTER_POLL_MS, async () => {
          if (!cluster.isLeader()) siteBuilder.follow();
        });
      }
      // A new leader first builds whatever changed while no one built.
      cluster.onLeadership((leader) => {
        if (!leader) return;
        siteBuilder.ensureBuilt().catch((error: unknown) => {
          logger.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'site build after taking the lead failed',
          );
        });
      });
      if (!cluster.isLeader()) {
        siteBuilder.follow();
        say(`The leading instance builds the site; this one serves what it publishes at ${localUrl}`);
        return;
      }
      const buildStarted = performance.now();
      if (!siteBuilder.currentDir())
        say(
          config.firstPagesFirst
            ? 'Building the site for the first time: the first pages readers arrive on, then the rest'
            : 'Building the site for the first time (about a minute)...',
        );
      try {
        await siteBuilder.ensureBuilt();
        const complete = siteBuilder.status().complete;
        say(
          `Site ready in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s: open ${localUrl}` +
            (complete ? '' : ' (the rest of the site follows in the background)'),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        say(`Site build failed: ${message}`);
        if (siteBuilder.currentDir()) say(`The previous site keeps serving at ${localUrl}`);
      }
    },
  };
}
