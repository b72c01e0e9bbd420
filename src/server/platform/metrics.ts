/**
 * Operational metrics in the Prometheus format (served by http/metrics-routes.ts): requests
 * by route and status with latency histograms, database query time and
 * queries in flight, the event loop's lag and the process's resources, the
 * site build, the outbox queue and its failures, the age of the market
 * quotes, and whether this instance leads. Figures read from the database
 * (outbox, quotes) are read when scraped, so every instance reports them.
 */
import { sql } from 'drizzle-orm';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js/session';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db/client.ts';
import { rowsOf } from './db/client.ts';

/** What the metrics read from the site builder (see features/site-build). */
export interface BuildFigures {
  state: string;
  durationMs: number | null;
  pages: { rendered: number; unchanged: number } | null;
}

export interface MetricsSources {
  db: Db;
  /** The database's connection limit (1 for the embedded one). */
  maxConnections: number;
  isLeader: () => boolean;
  build: () => BuildFigures;
}

export interface Metrics {
  registry: Registry;
  /** Counts one answered request and its time, by method, route pattern and status. */
  observeRequest(labels: { method: string; route: string; status: string }, seconds: number): void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Database timing is one pair of metrics per process (the drivers are patched
 * once), registered in every registry made from it.
 */
const queryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time of each database query',
  buckets: LATENCY_BUCKETS,
  registers: [],
});
const queriesInFlight = new Gauge({
  name: 'db_queries_in_flight',
  help: 'Database queries running or waiting for a connection',
  registers: [],
});
let timingInstalled = false;

/**
 * Times every query Drizzle runs, on either driver: their prepared queries
 * are the one place every select, write and raw statement passes through.
 */
function installDatabaseTiming(): void {
  if (timingInstalled) return;
  timingInstalled = true;
  for (const prepared of [PglitePreparedQuery.prototype, PostgresJsPreparedQuery.prototype] as {
    execute: (...args: unknown[]) => Promise<unknown>;
  }[]) {
    const execute = prepared.execute;
    prepared.execute = function timedExecute(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      queriesInFlight.inc();
      const done = () => {
        queriesInFlight.dec();
        queryDuration.observe((performance.now() - started) / 1000);
      };
      const result = execute.apply(this, args);
      result.then(done, done);
      return result;
    };
  }
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });

  installDatabaseTiming();
  registry.registerMetric(queryDuration);
  registry.registerMetric(queriesInFlight);
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'Connections the database pool may open',
    registers: [registry],
    collect() {
      this.set(sources.maxConnections);
    },
  });

  new Gauge({
    name: 'cluster_leader',
    help: '1 when this instance leads (runs the jobs and the site builds)',
    registers: [registry],
    collect() {
      this.set(sources.isLeader() ? 1 : 0);
    },
  });

  const buildState = new Gauge({
    name: 'site_build_state',
    help: 'The site build’s state (1 for the current one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { state } = sources.build();
      for (const each of ['idle', 'building', 'failed']) buildState.set({ state: each }, each === state ? 1 : 0);
    },
  });
  new Gauge({
    name: 'site_build_last_duration_seconds',
    help: 'How long the last site build took',
    registers: [registry],
    collect() {
      const { durationMs } = sources.build();
      if (durationMs !== null) this.set(durationMs / 1000);
    },
  });
  const pages = new Gauge({
    name: 'site_build_pages',
    help: 'Pages of the last site build, rendered or carried over unchanged',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const counts = sources.build().pages;
      if (!counts) return;
      pages.set({ result: 'rendered' }, counts.rendered);
      pages.set({ result: 'unchanged' }, counts.unchanged);
    },
  });

  const outbox = new Gauge({
    name: 'outbox_messages',
    help: 'Messages in the outbox by status (pending is the queue still to deliver; dead gave up)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ status: string; count: number }>(
        await sources.db.execute(sql`select status, count(*)::int as count from outbox_messages group by status`),
      );
      for (const status of ['pending', 'sent', 'dead']) {
        outbox.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
      }
    },
  });
  new Gauge({
    name: 'outbox_delivery_failures',
    help: 'Messages whose last delivery attempt failed (pending a retry, or dead)',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ count: number }>(
        await sources.db.execute(
          sql`select count(*)::int as count from outbox_messages where last_error is not null and status <> 'sent'`,
        ),
      );
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: 'market_quotes_age_seconds',
    help: 'Seconds since the newest market quote was applied (absent when no quote today)',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ newest: string | Date | null }>(
        await sources.db.execute(sql`select max(quote_updated_at) as newest from companies`),
      );
      this.reset();
      if (row?.newest) this.set((Date.now() - new Date(row.newest).getTime()) / 1000);
    },
  });

  return {
    registry,
    observeRequest(labels, seconds) {
      duration.observe(labels, seconds);
      requests.inc(labels);
    },
  };
}
