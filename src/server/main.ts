/**
 * Starts everything in one process: configuration, the HTTP port, the
 * database (migrated and, when empty, seeded with demo data), the API and
 * site, every part's background jobs, and the site build. A failure to start
 * is one line naming the setting and the cause. Stops gracefully on
 * SIGTERM/SIGINT. Only wiring lives here: each part is built elsewhere.
 */
import { createApp } from './app.ts';
import { createSnapshotStore } from './features/screener/index.ts';
import { readDemoSeed } from './features/site-build/index.ts';
import { BROADCAST_JOB, NEWSLETTER_JOB, serverJobs } from './jobs.ts';
import { createChangeBus } from './platform/changes.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { ListenError, listen, type HttpServer } from './platform/http/server.ts';
import { createJobScheduler } from './platform/jobs.ts';
import { createLogger } from './platform/logger.ts';
import { receiveBounces } from './start/bounces.ts';
import { joinCluster, relayChanges } from './start/cluster.ts';
import { openAndSeed, shareWithCli } from './start/database.ts';
import { mailWarnings } from './start/mail-readiness.ts';
import { fail, say, warn } from './start/progress.ts';
import { sitePublishing } from './start/site.ts';

function configOrFail(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function listenOrFail(config: Config): Promise<HttpServer> {
  try {
    return await listen({ port: config.port, host: config.host });
  } catch (error) {
    if (error instanceof ListenError) fail(error.message);
    throw error;
  }
}

export async function main(): Promise<void> {
  const config = configOrFail();
  const logger = createLogger(config.logLevel);
  // The port first: a port in use is told before any seeding; until the start ends it answers 503.
  const http = await listenOrFail(config);
  const database = await openAndSeed(config);
  await shareWithCli(database, logger);
  const cluster = await joinCluster(config, logger);
  const scheduler = createJobScheduler(logger, cluster.isLeader);
  const changes = createChangeBus(database.db);
  const snapshots = createSnapshotStore(database.db);
  relayChanges(cluster, changes, snapshots);

  scheduler.start(
    serverJobs({
      config,
      database,
      logger,
      changes,
      cluster,
      snapshots,
      wake: (job, delayMs) => scheduler.wake(job, delayMs),
      say,
    }),
  );
  if (!config.mail.smtpUrl || !config.sms) {
    say(`Messages without a configured provider are written to ${config.outboxDir} (codes are shown here too)`);
  }
  if (config.quoteProvider) {
    say(
      `Quotes for imported data from ${config.quoteProvider.baseUrl}, ${config.quoteProvider.callsPerMinute} calls a minute`,
    );
  } else if (!(await readDemoSeed(database.db))) {
    say('No quote provider for this data (QUOTE_PROVIDER_KEY): prices stay as imported');
  }

  const bounces = await receiveBounces(config, database.db, logger);
  for (const warning of mailWarnings(config)) warn(warning);

  const publishing = sitePublishing({ config, database, logger, cluster, scheduler, changes });
  const app = createApp({
    config,
    database,
    logger,
    site: publishing.site,
    snapshots,
    wakeBroadcasts: () => scheduler.wake(BROADCAST_JOB, 0),
    wakeNewsletter: () => scheduler.wake(NEWSLETTER_JOB, 0),
    wakeSourceSync: (job) => scheduler.wake(job, 0),
    isLeader: cluster.isLeader,
    changes,
  });
  http.serve(app.fetch);
  const localUrl = `http://localhost:${http.port}`;
  say(`API listening on ${localUrl} (health: ${localUrl}/healthz, API reference: ${localUrl}/api-docs)`);

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    say(`${signal} received: finishing requests in flight, then stopping`);
    void (async () => {
      await http.stop(Math.max(100, config.shutdownTimeoutMs - 2000));
      await publishing.stop();
      await scheduler.stop();
      await bounces?.close();
      app.close();
      changes.close();
      await cluster.close();
      await database.close();
      say('Stopped cleanly');
      process.exit(0);
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await publishing.start(http.port);
}
