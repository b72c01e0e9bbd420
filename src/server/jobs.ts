/**
 * The server's background work: every part's jobs (`jobs(deps)`), gathered
 * the way app.ts gathers route groups, for main.ts to schedule. Each
 * feature says what its jobs do and how often; this module only hands them
 * what they need.
 */
import { createDemoQuoteProvider } from './demo/quotes.ts';
import {
  ALERT_DELIVERY_JOB,
  ALERT_DIGEST_JOB,
  ALERT_RAISING_JOB,
  alertDeliveryJobs,
  createPushTransport,
  jobs as alertJobs,
  vapidSubject,
} from './features/alerts/index.ts';
import { jobs as analystJobs } from './features/analyst-providers/index.ts';
import { jobs as chatJobs } from './features/chat/index.ts';
import { EDGAR_SYNC_JOB, jobs as edgarJobs } from './features/edgar/index.ts';
import { jobs as eventJobs } from './features/events/index.ts';
import { jobs as shortInterestJobs } from './features/short-interest/index.ts';
import { jobs as trialJobs } from './features/trials/index.ts';
import { createPolygonQuoteProvider, jobs as marketJobs } from './features/market/index.ts';
import { BROADCAST_JOB, jobs as notificationJobs } from './features/notifications/index.ts';
import type { SnapshotStore } from './features/screener/index.ts';
import { readDemoSeed } from './features/site-build/index.ts';
import { missedChangesJob, type ChangeBus } from './platform/changes.ts';
import type { Cluster } from './platform/cluster.ts';
import type { Config } from './platform/config.ts';
import { bulkStatementRows, type Database } from './platform/db/client.ts';
import type { JobDefinition } from './platform/jobs.ts';
import type { Logger } from './platform/logger.ts';
import {
  BULK_MAIL_JOB,
  NEWSLETTER_JOB,
  OUTBOX_JOB,
  issueRenderer,
  newsletterJobs,
  jobs as outboxJobs,
} from './features/email/index.ts';
import { CLUSTER_POLL_MS } from './start/cluster.ts';

export {
  ALERT_DELIVERY_JOB,
  ALERT_DIGEST_JOB,
  ALERT_RAISING_JOB,
  BROADCAST_JOB,
  BULK_MAIL_JOB,
  EDGAR_SYNC_JOB,
  NEWSLETTER_JOB,
  OUTBOX_JOB,
};

export interface ServerJobDeps {
  config: Config;
  database: Database;
  logger: Logger;
  changes: ChangeBus;
  cluster: Cluster;
  snapshots: SnapshotStore;
  /** Runs a job of this list soon (see JobScheduler.wake). */
  wake: (job: string, delayMs?: number) => void;
  /** Tells the console (messages written to files, with their codes). */
  say: (message: string) => void;
}

/** Every instance delivers transactional messages (each claims its own); bulk mail and the other jobs run on the leader. */
export function serverJobs(deps: ServerJobDeps): JobDefinition[] {
  const { config, logger, changes, cluster, snapshots } = deps;
  const db = deps.database.db;
  const bulkRows = bulkStatementRows(deps.database.kind);
  return [
    ...outboxJobs({
      db,
      config,
      logger,
      onFileWritten: (line) => deps.say(`Outbox: ${line}`),
      renderers: { 'newsletter-issue': issueRenderer(db, config.siteUrl) },
      push: createPushTransport({
        db,
        subject: vapidSubject(config.mail.from, config.siteUrl),
        localServices: config.pushLocalServices,
      }),
      leaseRows: bulkRows.lease,
    }),
    ...alertDeliveryJobs({
      db,
      siteUrl: config.siteUrl,
      postalAddress: config.mail.postalAddress,
      logger,
      batch: bulkRows.queue,
    }),
    ...newsletterJobs({ db, logger, wakeBulk: () => deps.wake(BULK_MAIL_JOB, 50), queueRows: bulkRows.queue }),
    ...eventJobs({ db }),
    ...notificationJobs({ db, siteUrl: config.siteUrl, logger, queueRows: bulkRows.queue }),
    ...chatJobs({ db, logger }),
    // Changes written by another instance whose message was lost, or by a command (npm run import).
    missedChangesJob(db, changes, CLUSTER_POLL_MS),
    // Quotes move the demo universe only: real data comes with a real quote provider.
    ...marketJobs({
      db,
      logger,
      demoQuotes: createDemoQuoteProvider(config.demoSeed),
      realQuotes: config.quoteProvider ? createPolygonQuoteProvider({ ...config.quoteProvider, logger }) : null,
      holdsDemoData: async () => Boolean(await readDemoSeed(db)),
      onChange: () => {
        snapshots.invalidate();
        cluster.publish('market');
        // Moves, new 52-week ranges and companies entering saved screens.
        deps.wake(ALERT_RAISING_JOB, 0);
      },
    }),
    ...edgarJobs({ db, config: config.edgar, logger, onRecords: () => deps.wake(ALERT_RAISING_JOB, 0) }),
    ...trialJobs({ db, config: config.trials, logger, onAlerts: () => deps.wake(ALERT_DELIVERY_JOB, 50) }),
    ...shortInterestJobs({ db, config: config.finra, logger }),
    ...analystJobs({ db, config: config.analysts, logger }),
    ...alertJobs({
      db,
      logger,
      snapshots,
      changes,
      batch: bulkRows.queue,
      onRaised: () => deps.wake(ALERT_DELIVERY_JOB, 50),
    }),
  ];
}
