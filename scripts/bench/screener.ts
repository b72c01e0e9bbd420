/**
 * Screener benchmark: POST /api/graphql filteredCompanies with the default
 * active filters, a sort and a page of 50. One client (p99) and 32
 * connections (throughput, p99), on the embedded database, on PostgreSQL when
 * BENCH_DATABASE_URL (or a server on 127.0.0.1:5432) is available, and over a
 * 50,000-company synthetic universe (the demo companies copied under new symbols).
 * Then the screener page in Chromium: its JavaScript (gzip) as it loads and
 * with its grid, which loads when it comes into view, and the time from
 * navigation to the first rows in the grid for a reader who scrolls straight
 * to it.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../src/server/platform/db/client.ts';
import { hasChromium, launchChromium, pageScriptBytes, timeToSelector, waitForPage } from './page.ts';
import {
  createBenchDatabase,
  emitter,
  percentile,
  postgresAvailable,
  startBenchServer,
  type BenchServer,
} from './server.ts';

const emit = emitter('screener');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

const body = JSON.stringify({
  query: `query Screen($data: PageInput!, $filters: FilterMap, $sortField: String, $sortDirection: SortDirection) {
    filteredCompanies(data: $data, filters: $filters, sortField: $sortField, sortDirection: $sortDirection) {
      totalItems totalPages companies { symbol name market_cap last_sale change_pre ipo_year volume isFavorite is_client }
    }
  }`,
  variables: {
    data: { page: 1, pageSize: 50 },
    filters: {
      'Market Cap': '50000000 to 2000000000',
      Volume: '10000 to 500000000',
      'Shares Outstanding': '200000 to 100000000000',
      'Bio Phase': '',
    },
    sortField: 'change_pre',
    sortDirection: 'desc',
  },
});

async function load(url: string, connections: number) {
  const result = await autocannon({
    url: `${url}/api/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration: DURATION_S,
    // A GraphQL error also comes with status 200: count a body without the page as a failure.
    verifyBody: (body) => String(body ?? '').startsWith('{"data":{"filteredCompanies":{"totalItems":'),
  });
  const failures = result.non2xx + result.errors + (result.mismatches ?? 0);
  if (failures > 0)
    throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors, ${result.mismatches} wrong bodies`);
  return result;
}

async function measure(label: string, server: BenchServer) {
  // Warm up: loads the snapshot and builds the sort order.
  await load(server.url, 4).catch(() => {});
  const single = await load(server.url, 1);
  emit(`${label}_1conn_p50`, single.latency.p50, 'ms');
  emit(`${label}_1conn_p99`, single.latency.p99, 'ms');
  const many = await load(server.url, 32);
  emit(`${label}_32conn_throughput`, many.requests.average, 'req/s');
  emit(`${label}_32conn_p99`, many.latency.p99, 'ms');
  emit(`${label}_peak_rss`, server.memory().peak, 'MiB');
}

const common = { BUILD_SITE: 'false', LOG_LEVEL: 'error' };
/** BENCH_PARTS=page (for instance) runs only some parts. */
const parts = new Set((process.env.BENCH_PARTS ?? 'pglite,postgres,synthetic,page').split(','));

if (parts.has('pglite')) {
  const server = await startBenchServer(common);
  try {
    await measure('pglite_4200', server);
  } finally {
    await server.stop();
  }
}

const pgUrl = parts.has('postgres') ? await postgresAvailable() : null;
if (pgUrl) {
  const database = await createBenchDatabase(pgUrl);
  const server = await startBenchServer({ ...common, DATABASE_URL: database.url });
  try {
    await measure('postgres_4200', server);
  } finally {
    await server.stop();
    await database.drop();
  }
} else if (parts.has('postgres')) {
  emit('postgres_skipped', 1, 'flag');
}

if (parts.has('synthetic')) {
  // 50,000 companies: seed the demo universe, stop, copy its companies eleven times more, start again.
  const first = await startBenchServer(common);
  const dataDir = first.dataDir;
  await first.stop({ keepDataDir: true });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.db.execute(sql`
    insert into companies
    select c.symbol || '.' || n, c.name || ' ' || n, c.sic_code, c.sector_name, c.industry, c.market, c.country, c.ipo_year,
      c.logo, false, c.last_sale * (0.5 + random()), c.pre_close, c.open, c.day_high, c.day_low, c.net_change,
      c.change_pre * (0.5 + random()), c.volume, c.volume_avg, c.market_cap * (0.5 + random()), c.week52_low,
      c.week52_high, c.shares_outstanding, c.float_shares, c.free_float, c.latest_rsi, c.latest_ema, c.latest_sma,
      c.latest_macd, c.institutional_buying, c.institutional_ownership, c.year_over_year_revenue,
      c.quarter_over_quarter_revenue, c.bio_phase_pipelines, c.insider_ownership_percent, c.insider_transactions,
      c.price_target, c.high_price_target, c.low_price_target, c.price_target_upside, c.buy_ratings, c.hold_ratings,
      c.sell_ratings, c.total_analysts, c.quote_updated_at
    from companies c, generate_series(1, 11) n
    where c.symbol not like '%.%'`);
  const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from companies`));
  await database.close();
  const server = await startBenchServer(common, dataDir);
  try {
    emit('synthetic_companies', count?.n ?? 0, 'count');
    await measure('pglite_50k', server);
  } finally {
    await server.stop();
  }
}

if (parts.has('page') && hasChromium()) {
  // The page as a visitor gets it: the real server with its built site.
  const server = await startBenchServer({ LOG_LEVEL: 'error' });
  const browser = await launchChromium();
  try {
    const url = `${server.url}/stocks`;
    await waitForPage(url);
    // The grid loads when it comes into view: as the page loads, then scrolled down to it (the grid included).
    const initial = await pageScriptBytes(browser, url);
    emit('page_js_initial_gzip', initial.gzipBytes / 1024, 'KB');
    const weight = await pageScriptBytes(browser, url, { scroll: true });
    emit('page_js_files', weight.files, 'count');
    emit('page_js_gzip', weight.gzipBytes / 1024, 'KB');
    // A reader going straight to the grid: scrolled to it as soon as its box is drawn.
    const times = (
      await timeToSelector(browser, url, '.ag-row .ag-cell[col-id="symbol"] a', 7, {
        scrollTo: '[data-testid="grid-box"]',
      })
    ).inDom;
    emit('page_first_rows_p50', percentile(times, 50), 'ms');
    emit('page_first_rows_max', times[times.length - 1]!, 'ms');
  } finally {
    await browser.close();
    await server.stop();
  }
} else if (parts.has('page')) {
  emit('page_skipped_no_chromium', 1, 'flag');
}
