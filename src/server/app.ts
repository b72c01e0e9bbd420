/**
 * The HTTP application: the platform's middleware, then every feature's
 * route group at its path. The JSON API lives under /api, operational
 * endpoints at the root (/healthz, /readyz, /openapi.json, /api-docs), the
 * generated documents under /Reports, and the static site takes the rest.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from './features/accounts/routes.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { alertChannelRoutes } from './features/alerts/channel-routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { googleRoutes } from './features/accounts/google-routes.ts';
import { loadSession } from './features/accounts/index.ts';
import { chatRoutes, createAnswerEngine } from './features/chat/index.ts';
import { companyRoutes, tipranksRoutes } from './features/companies/routes.ts';
import { financialsRoutes } from './features/financials/index.ts';
import { companyStaffRoutes } from './features/companies/staff-routes.ts';
import {
  ANALYST_REPORT_MAX_BYTES,
  ANALYST_REPORT_UPLOAD,
  analystRatingStaffRoutes,
} from './features/companies/analyst-staff-routes.ts';
import { coverRoutes } from './features/covers/routes.ts';
import { analystsDataSource } from './features/analyst-providers/index.ts';
import { edgarDataSource, holdingsRoutes } from './features/edgar/index.ts';
import { dataSourceStaffRoutes } from './features/sources/index.ts';
import { shortInterestDataSource } from './features/short-interest/index.ts';
import { trialAliasStaffRoutes, trialsDataSource } from './features/trials/index.ts';
import { refreshEventsOnChange } from './features/events/index.ts';
import {
  createCertificateFetcher,
  emailRoutes,
  suppressionStaffRoutes,
  type EmailRouteDeps,
} from './features/email/index.ts';
import { eventRoutes } from './features/events/routes.ts';
import { eventStaffRoutes } from './features/events/staff-routes.ts';
import { ipoRoutes, ipoStaffRoutes } from './features/ipos/routes.ts';
import { marketRoutes } from './features/market/routes.ts';
import { newsRoutes } from './features/news/routes.ts';
import { newsStaffRoutes } from './features/news/staff-routes.ts';
import { newsletterStaffRoutes } from './features/email/index.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { createSnapshotStore, type SnapshotStore } from './features/screener/index.ts';
import { savedScreenRoutes } from './features/saved-screens/routes.ts';
import { graphqlRoutes, screenerRoutes } from './features/screener/routes.ts';
import { feedRoutes } from './features/site-build/feed-routes.ts';
import { NO_SITE, type SiteState } from './features/site-build/index.ts';
import { siteStatusRoutes } from './features/site-build/routes.ts';
import { siteRoutes } from './features/site-build/site-routes.ts';
import { newsAlertRoutes } from './features/email/lists/news-alert-routes.ts';
import { subscriptionRoutes } from './features/email/lists/routes.ts';
import { companyVideoRoutes, videoRoutes } from './features/videos/routes.ts';
import { videoStaffRoutes } from './features/videos/staff-routes.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import type { Logger } from './platform/logger.ts';
import type { AppEnv } from './platform/http/context.ts';
import { createErrorHandler, errorBody } from './platform/http/errors.ts';
import {
  API_PREFIX,
  deadline,
  limitBodySize,
  limitConcurrency,
  requestContext,
  whileDatabaseReachable,
} from './platform/http/middleware.ts';
import { apiDocumentRoutes, healthRoutes } from './platform/http/operations.ts';
import { createResponseCache } from './platform/http/response-cache.ts';
import { addressRanges } from './platform/address-ranges.ts';
import { createMetrics } from './platform/metrics.ts';
import { metricsRoutes, timeRequests } from './platform/http/metrics-routes.ts';
import { createChangeBus, type ChangeBus } from './platform/changes.ts';
import { validationHook } from './platform/http/validation.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** The published site (none: API-only servers and tests). */
  site?: SiteState;
  /** The screener's in-memory snapshot (made here when not given). */
  snapshots?: SnapshotStore;
  /** Starts delivering a global notification at once, after staff broadcast it. */
  wakeBroadcasts?: () => void;
  /** Starts sending a newsletter issue at once, after staff scheduled it for now or resumed it. */
  wakeNewsletter?: () => void;
  /** Looks at once for a run of a source's sync staff asked for (the job that runs it). */
  wakeSourceSync?: (job: string) => void;
  /** Whether this instance leads the others (alone, it does). */
  isLeader?: () => boolean;
  /** The changes committed through the database (one of the app's own when not given). */
  changes?: ChangeBus;
  /** How SNS certificates are fetched and subscriptions confirmed (over HTTPS unless given). */
  sns?: Partial<Omit<EmailRouteDeps['sns'], 'allowedTopics'>>;
  /** The clock RedChat answers by (the system's unless given; tests fix it). */
  chatClock?: () => Date;
}

/** Visits an SNS subscription's confirmation address. */
async function confirmSnsSubscription(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`SNS subscription confirmation answered ${response.status}`);
}

/** The HTTP application; close() removes what it listens to (the change bus, the snapshot's invalidations). */
export type App = OpenAPIHono<AppEnv> & { close(): void };

export function createApp(deps: AppDeps): App {
  const { config, database, logger } = deps;
  const site = deps.site ?? NO_SITE;
  const snapshots = deps.snapshots ?? createSnapshotStore(database.db);
  const changes = deps.changes ?? createChangeBus(database.db);
  // What the app listens to, removed when it closes: a bus or snapshot store it was given outlives it.
  const stopListening = [refreshEventsOnChange(changes, database.db)];
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const metrics = createMetrics({
    db: database.db,
    maxConnections: config.database.kind === 'postgres' ? config.database.maxConnections : 1,
    isLeader: deps.isLeader ?? (() => true),
    build: () => site.status(),
  });
  app.use('*', timeRequests(metrics), requestContext({ config, db: database.db, logger }));
  app.onError(createErrorHandler(logger, database.availability));
  app.route('/', healthRoutes(database, logger));
  app.route('/', metricsRoutes(metrics, { allow: addressRanges(config.metrics.allow), token: config.metrics.token }));

  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.use(
    '*',
    deadline(config.requestDeadlineMs),
    whileDatabaseReachable(database.availability),
    // Staff's analyst report PDFs are the one body larger than the configured limit.
    limitBodySize((path) =>
      ANALYST_REPORT_UPLOAD.test(path)
        ? Math.max(ANALYST_REPORT_MAX_BYTES, config.bodyLimitBytes)
        : config.bodyLimitBytes,
    ),
    loadSession,
  );
  // The expensive calls: a few at a time per client address.
  for (const expensive of ['/graphql', '/stock/export', '/stock/search', '/stock/searchTop3'])
    api.use(expensive, limitConcurrency(config.expensiveCallsPerAddress));
  api.route('/auth', accountRoutes);
  api.route('/auth', googleRoutes);
  api.route('/profile', profileRoutes);
  api.route('/email-subscriptions', subscriptionRoutes);
  api.route('/news-alerts', newsAlertRoutes);
  api.route(
    '/email',
    emailRoutes({
      sns: {
        allowedTopics: config.mail.snsTopics,
        fetchCertificate: deps.sns?.fetchCertificate ?? createCertificateFetcher(),
        confirmSubscription: deps.sns?.confirmSubscription ?? confirmSnsSubscription,
      },
    }),
  );
  // Anonymous readers' company market records: computed once per market or company change (or a few seconds).
  if (config.publicCacheTtlMs > 0) {
    const cache = createResponseCache({ ttlMs: config.publicCacheTtlMs, maxEntries: 5000, maxBodyBytes: 256 * 1024 });
    stopListening.push(snapshots.onInvalidate(() => cache.clear()));
    api.use('/stock/company/*', cache.middleware);
  }
  // Anonymous readers' institutional holders: they change with a 13F import or the sync's reports, and are
  // computed from up to a thousand holdings a company.
  if (config.publicCacheTtlMs > 0) {
    const cache = createResponseCache({ ttlMs: config.publicCacheTtlMs, maxEntries: 5000, maxBodyBytes: 256 * 1024 });
    api.use('/stock/institutional/*', cache.middleware);
  }
  api.route('/stock', companyRoutes);
  api.route('/stock', companyVideoRoutes);
  api.route('/stock', financialsRoutes);
  api.route('/stock', holdingsRoutes);
  api.route('/stock', screenerRoutes(snapshots));
  api.route('/stock', ipoRoutes);
  api.route('/tipranks', tipranksRoutes);
  api.route('/graphql', graphqlRoutes(snapshots));
  api.route('/screens', savedScreenRoutes);
  api.route('/alerts', alertRoutes);
  api.route('/alerts', alertChannelRoutes);
  // Anonymous readers' news, videos and events: computed once per content change (or a few seconds).
  if (config.publicCacheTtlMs > 0) {
    const cache = createResponseCache({ ttlMs: config.publicCacheTtlMs, maxEntries: 2000, maxBodyBytes: 512 * 1024 });
    stopListening.push(changes.on(() => cache.clear()));
    for (const group of ['/news/*', '/videos/*', '/events/*']) api.use(group, cache.middleware);
  }
  api.route('/news', newsRoutes);
  api.route('/videos', videoRoutes);
  api.route('/events', eventRoutes);
  api.route(
    '/redchat',
    chatRoutes({
      snapshots,
      engine: createAnswerEngine(config.chat.model, logger),
      limits: config.chat,
      now: deps.chatClock,
    }),
  );
  api.route('/tools', newsStaffRoutes);
  api.route('/tools', videoStaffRoutes);
  api.route('/tools', eventStaffRoutes);
  api.route('/tools', companyStaffRoutes);
  api.route('/tools', analystRatingStaffRoutes);
  api.route('/tools', ipoStaffRoutes);
  api.route('/tools', auditRoutes);
  api.route('/tools', newsletterStaffRoutes({ onSending: deps.wakeNewsletter }));
  api.route('/tools', suppressionStaffRoutes);
  api.route('/tools', trialAliasStaffRoutes());
  api.route(
    '/tools',
    dataSourceStaffRoutes({
      sources: [edgarDataSource, trialsDataSource, shortInterestDataSource, analystsDataSource],
      onSyncRequested: (source) => deps.wakeSourceSync?.(source.job),
    }),
  );
  api.route('/notifications', notificationRoutes({ onBroadcast: deps.wakeBroadcasts }));
  api.route('/content', feedRoutes);
  api.route('/covers', coverRoutes);
  api.route('/market', marketRoutes);
  api.route('/site', siteStatusRoutes(site));
  app.route(API_PREFIX, api);
  // Unknown API paths answer JSON, never the site's 404 page.
  app.all(`${API_PREFIX}/*`, (c) => errorBody(c, 404, `No API route for ${c.req.method} ${c.req.path}`));

  app.route('/', apiDocumentRoutes(app, config.siteUrl));
  app.use('/Reports/*', limitConcurrency(config.expensiveCallsPerAddress));
  app.route('/Reports', reportRoutes);
  app.route('/', siteRoutes(site));
  app.notFound((c) => errorBody(c, c.req.method === 'GET' ? 404 : 405, 'Not found'));
  return Object.assign(app, {
    close() {
      for (const stop of stopListening.splice(0)) stop();
      if (!deps.changes) changes.close();
    },
  });
}
