/**
 * Starts everything in one process: configuration, the HTTP port, the
 * database (migrated and, when empty, seeded with demo data), the API and
 * site, and the site build. A failure to start is one line naming the
 * setting and the cause. Stops gracefully on SIGTERM/SIGINT.
 */
import { lastCompletedTradingDay } from '../lib/market-calendar.ts';
import { createApp } from './app.ts';
import { createDemoQuoteProvider } from './demo/quotes.ts';
import { seedDemoData } from './demo/seed.ts';
import { GUEST_THREAD_SWEEP_MS, deleteStaleGuestThreads } from './features/chat/index.ts';
import { REMINDER_INTERVAL_MS, sendDueReminders } from './features/events/index.ts';
import { BROADCAST_INTERVAL_MS, deliverBroadcasts } from './features/notifications/index.ts';
import {
  MARKET_DATA_INTERVAL_MS,
  createMarketDataJob,
  createPolygonQuoteProvider,
  type QuoteProvider,
} from './features/market/index.ts';
import { createSnapshotStore } from './features/screener/index.ts';
import {
  NO_SITE,
  createSiteBuilder,
  readDemoSeed,
  startSiteRebuildJob,
  type SiteBuilder,
  type SiteRebuildJob,
  type SiteState,
} from './features/site-build/index.ts';
import { createChangeBus, latestChangeId, type ChangeBus } from './platform/changes.ts';
import { joinPostgresCluster, singleInstance, type Cluster } from './platform/cluster.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/client.ts';
import { DatabaseOpenError } from './platform/db/errors.ts';
import { DataDirectoryLockedError } from './platform/db/lock.ts';
import { ListenError, listen, type HttpServer } from './platform/http/server.ts';
import { createJobScheduler, type JobScheduler } from './platform/jobs.ts';
import { createLogger, type Logger } from './platform/logger.ts';
import { createFileTransport, createSmsHttpTransport, createSmtpTransport } from './platform/outbox/transports.ts';
import { OUTBOX_INTERVAL_MS, createOutboxWorker } from './platform/outbox/worker.ts';

/** Human-readable progress on the console, separate from the JSON logs. */
const say = (message: string) => process.stdout.write(`▸ ${message}\n`);

function fail(message: string): never {
  process.stderr.write(`\n✖ ${message}\n\n`);
  process.exit(1);
}

async function openAndSeed(config: Config): Promise<Database> {
  const started = performance.now();
  say(
    config.database.kind === 'postgres' ? 'Opening PostgreSQL' : `Opening the embedded database in ${config.dataDir}`,
  );
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DataDirectoryLockedError || error instanceof DatabaseOpenError) fail(error.message);
    fail(
      `Cannot open the database (${config.database.kind === 'postgres' ? 'DATABASE_URL' : `DATA_DIR=${config.dataDir}`}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (database.recovered) say('The previous run did not shut down cleanly; the database was recovered.');
  say(`Database ready (${database.kind}, migrations applied) in ${Math.round(performance.now() - started)} ms`);
  if (config.seedDemoData) {
    // Under the start lock: a second instance starting on the same database waits, then finds the seed done.
    const outcome = await database.exclusive(() =>
      seedDemoData(database, {
        seed: config.demoSeed,
        companies: config.demoCompanyCount,
        asOf: lastCompletedTradingDay(new Date()),
        onProgress: say,
      }),
    );
    if (!outcome.seeded && outcome.reason !== 'demo data already present')
      say(`Demo data not loaded: ${outcome.reason}`);
  }
  return database;
}

/** While the server holds the embedded database, command-line tools (staff:add, db:shell) reach it through the server. */
async function shareWithLocalTools(database: Database, logger: Logger): Promise<void> {
  try {
    const socket = await database.shareWithLocalTools({
      onError: (err) => logger.warn({ err }, 'a command-line tool connection failed'),
    });
    if (socket) say(`Command-line tools (npm run staff:add, db:shell) reach the database through ${socket}`);
  } catch (error) {
    say(
      `Command-line tools cannot reach the database while the server runs: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** How often instances on PostgreSQL look for changes and builds they were not told about. */
const CLUSTER_POLL_MS = 5000;

/** Several instances on one PostgreSQL cooperate (see platform/cluster.ts); on the embedded database this one is alone. */
async function joinCluster(config: Config, logger: Logger): Promise<Cluster> {
  if (config.database.kind !== 'postgres') return singleInstance();
  const cluster = await joinPostgresCluster({ url: config.database.url, logger });
  say(
    cluster.isLeader()
      ? 'This instance leads: it runs the scheduled jobs and builds the site'
      : 'Another instance leads: this one serves, and takes over if that one stops',
  );
  cluster.onLeadership((leader) =>
    say(leader ? 'This instance now leads: it runs the jobs and builds the site' : 'This instance no longer leads'),
  );
  return cluster;
}

/**
 * Fallback for a lost cluster message, and how changes written by a command
 * (npm run import) arrive: the content changes record is polled, and a
 * change no listener heard of is announced (the rebuild job and the
 * caches read what changed themselves).
 */
function watchForMissedChanges(database: Database, changes: ChangeBus, scheduler: JobScheduler): void {
  let known = 0;
  const catchUp = async () => {
    known = Math.max(known, await latestChangeId(database.db));
  };
  changes.on(() => void catchUp().catch(() => {}));
  let first = true;
  scheduler.every('content-changes-poll', CLUSTER_POLL_MS, async () => {
    const latest = await latestChangeId(database.db);
    if (first) {
      first = false;
      known = latest;
    } else if (latest > known) {
      known = latest;
      changes.announceRemote({ kind: 'company', entityId: 0, op: 'upsert' });
    }
  });
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // The port first: a port in use is told before any seeding; until the start ends it answers 503.
  let http: HttpServer;
  try {
    http = await listen({ port: config.port, host: config.host });
  } catch (error) {
    if (error instanceof ListenError) fail(error.message);
    throw error;
  }
  const database = await openAndSeed(config);
  await shareWithLocalTools(database, logger);
  const cluster = await joinCluster(config, logger);
  const scheduler = createJobScheduler(logger, cluster.isLeader);

  const fileTransport = createFileTransport(config.outboxDir, (line) => say(`Outbox: ${line}`));
  const outbox = createOutboxWorker({
    db: database.db,
    email: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : fileTransport,
    sms: config.sms ? createSmsHttpTransport(config.sms) : fileTransport,
    logger,
  });
  const outboxJob = scheduler.every('outbox', OUTBOX_INTERVAL_MS, (signal) => outbox.runOnce(signal));
  // Every instance delivers queued messages (each claims its own); the other jobs run on the leader only.
  const leaderOnly = { leaderOnly: true };
  scheduler.every(
    'event-reminders',
    REMINDER_INTERVAL_MS,
    async () => {
      if ((await sendDueReminders(database.db)) > 0) outboxJob.wake(50);
    },
    leaderOnly,
  );
  const broadcastJob = scheduler.every(
    'broadcasts',
    BROADCAST_INTERVAL_MS,
    async (signal) => {
      const queued = await deliverBroadcasts(database.db, config.siteUrl, {
        signal,
        onQueued: () => outboxJob.wake(50),
      });
      if (queued > 0) logger.info({ queued }, 'global notification messages queued');
    },
    leaderOnly,
  );
  if (!config.mail.smtpUrl || !config.sms) {
    say(`Messages without a configured provider are written to ${config.outboxDir} (codes are shown here too)`);
  }

  // Quotes move the demo universe only: real data comes with a real quote provider.
  scheduler.every(
    'chat-guest-threads',
    GUEST_THREAD_SWEEP_MS,
    async () => {
      const deleted = await deleteStaleGuestThreads(database.db);
      if (deleted > 0) logger.info({ deleted }, 'old guest chat threads deleted');
    },
    leaderOnly,
  );
  const snapshots = createSnapshotStore(database.db);
  const changes = createChangeBus(database.db);
  // Content written here is announced to the other instances; theirs reaches this one's listeners.
  changes.on((change) => {
    if (change.kind === 'company') snapshots.invalidate();
    if (!change.remote) cluster.publish('content', { kind: change.kind, entityId: change.entityId, op: change.op });
  });
  cluster.on('content', (data) =>
    changes.announceRemote(data as unknown as Parameters<ChangeBus['announceRemote']>[0]),
  );
  cluster.on('market', () => snapshots.invalidate());
  // Changes written by another instance whose message was lost, or by a command (npm run import).
  watchForMissedChanges(database, changes, scheduler);
  // One market-data job, its quotes from the provider for the data in the database at each run: demo quotes
  // for the demo universe, a real provider's (when configured) once an import replaced it, else none.
  const marketJob = (provider: QuoteProvider) =>
    createMarketDataJob({
      db: database.db,
      provider,
      logger,
      onChange: () => {
        snapshots.invalidate();
        cluster.publish('market');
      },
    });
  const demoQuotes = marketJob(createDemoQuoteProvider(config.demoSeed));
  const realQuotes = config.quoteProvider
    ? marketJob(createPolygonQuoteProvider({ ...config.quoteProvider, logger }))
    : null;
  scheduler.every(
    'market-data',
    MARKET_DATA_INTERVAL_MS,
    async () => {
      const job = (await readDemoSeed(database.db)) ? demoQuotes : realQuotes;
      return job ? job.tick() : 'idle';
    },
    leaderOnly,
  );
  if (config.quoteProvider) {
    say(
      `Quotes for imported data from ${config.quoteProvider.baseUrl}, ${config.quoteProvider.callsPerMinute} calls a minute`,
    );
  } else if (!(await readDemoSeed(database.db))) {
    say('No quote provider for this data (QUOTE_PROVIDER_KEY): prices stay as imported');
  }

  let builder: SiteBuilder | null = null;
  let rebuildJob: SiteRebuildJob | null = null;
  const site: SiteState = {
    currentDir: () => builder?.currentDir() ?? NO_SITE.currentDir(),
    status: () => builder?.status() ?? NO_SITE.status(),
  };
  const app = createApp({
    config,
    database,
    logger,
    site,
    snapshots,
    wakeOutbox: () => outboxJob.wake(50),
    wakeBroadcasts: () => broadcastJob.wake(0),
    isLeader: cluster.isLeader,
    changes,
  });
  http.serve(app.fetch);
  const port = http.port;
  const localUrl = `http://localhost:${port}`;
  say(`API listening on ${localUrl} (health: ${localUrl}/healthz, API reference: ${localUrl}/api-docs)`);

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    say(`${signal} received: finishing requests in flight, then stopping`);
    void (async () => {
      await http.stop(Math.max(100, config.shutdownTimeoutMs - 2000));
      rebuildJob?.stop();
      await builder?.stop();
      await scheduler.stop();
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

  if (!config.buildSite) {
    say('Site build disabled (BUILD_SITE=false): serving the API only');
    return;
  }
  builder = createSiteBuilder({
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
  });
  const siteBuilder = builder;
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
  if (!builder.currentDir())
    say(
      config.firstPagesFirst
        ? 'Building the site for the first time: the first pages readers arrive on, then the rest'
        : 'Building the site for the first time (about a minute)...',
    );
  try {
    await builder.ensureBuilt();
    const complete = builder.status().complete;
    say(
      `Site ready in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s: open ${localUrl}` +
        (complete ? '' : ' (the rest of the site follows in the background)'),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    say(`Site build failed: ${message}`);
    if (builder.currentDir()) say(`The previous site keeps serving at ${localUrl}`);
  }
}
