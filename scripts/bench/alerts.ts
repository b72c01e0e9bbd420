/**
 * Alerts benchmark: raising alerts at the size of a busy site, on the
 * embedded database and on PostgreSQL when BENCH_DATABASE_URL (or a server
 * on 127.0.0.1:5432) is available; BENCH_PARTS=pglite (for instance) runs
 * only some of them. On the demo universe (BENCH_COMPANIES, 4,200) with
 * BENCH_READERS readers (100,000) each following 10 companies (the first
 * half all following one company among them) and keeping 2 saved screens
 * with alerts on (queries drawn from a few hundred screens of the
 * screener's filters), with the API served by this process:
 * - market-data updates: the demo quotes job applies a session minute's
 *   quotes, the screener's snapshot reloads, and the evaluation decides the
 *   moves, 52-week ranges and screen entries (BENCH_UPDATES, 12, after a
 *   first one that takes note of every screen): p50 and p99 of the
 *   evaluation (target p99 ≤ 200 ms); apart, the quotes' write, the
 *   snapshot's reload and the writing of each update's alert rows;
 * - one new filing of the company half the readers follow: its alert rows
 *   queued (target ≤ 5 s);
 * - digests: BENCH_READERS more readers (100,000) on the daily digest at
 *   the same hour with 3 alerts each, every digest built and queued by the
 *   digest job's buildDueDigests (target ≤ 60 s);
 * - other readers meanwhile: company records at a steady BENCH_READER_RATE
 *   (50 req/s), p99 during each of the three (target ≤ 50 ms).
 * Prints one JSON line per figure; a figure with a target is followed by
 * `<metric>_target` and `<metric>_pass` (1 met, 0 missed), and a summary goes to stderr.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { lastCompletedTradingDay, nextTradingDay } from '../../src/lib/market-calendar.ts';
import { canonicalScreen } from '../../src/lib/saved-screens.ts';
import { createApp } from '../../src/server/app.ts';
import { createDemoQuoteProvider } from '../../src/server/demo/quotes.ts';
import { seedDemoData } from '../../src/server/demo/seed.ts';
import { COMPANY_ALERT_KINDS } from '../../src/lib/alerts.ts';
import { buildDueDigests, createMarketAlerts, raiseFilingAlerts } from '../../src/server/features/alerts/index.ts';
import { createMarketDataJob } from '../../src/server/features/market/index.ts';
import { createSnapshotStore } from '../../src/server/features/screener/index.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { arrayColumn } from '../../src/server/platform/db/arrays.ts';
import { bulkStatementRows, openDatabase, rowsOf, transaction, type Db } from '../../src/server/platform/db/client.ts';
import { listen } from '../../src/server/platform/http/server.ts';
import { createLogger } from '../../src/server/platform/logger.ts';
import { startReaderLoad } from './reader-load.ts';
import { createBenchDatabase, createJudge, percentile, postgresAvailable } from './server.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 4200);
const READERS = Number(process.env.BENCH_READERS ?? 100_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 12);
const READER_RATE = Number(process.env.BENCH_READER_RATE ?? 50);
const READER_CONNECTIONS = 4;
const DIGEST_ALERTS_EACH = 3;
const FOLLOWED = 10;
const SCREENS = 2;
const parts = new Set((process.env.BENCH_PARTS ?? 'pglite,postgres').split(','));

const { emit, judge, summarize } = createJudge('alerts');
const logger = createLogger('silent');
const say = (line: string) => console.error(line);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await db.execute(query))[0]!.n);

/** Screens readers keep: the screener's own link queries over a few of its filters. */
function screenQueries(): string[] {
  const queries: string[] = [];
  const prices = [
    [0, 1],
    [0, 2],
    [1, 5],
    [2, 10],
    [5, 20],
    [10, 50],
  ];
  const caps = ['50000000 to 300000000', '300000000 to 2000000000', '0 to 100000000'];
  const sectors = ['', 'sector=life-sciences', 'sector=technology', 'sector=manufacturing', 'sector=finance'];
  for (const [lo, hi] of prices)
    for (const cap of caps)
      for (const sector of sectors) {
        const params = new URLSearchParams(sector);
        params.set('Last Price', `${lo} to ${hi}`);
        params.set('Market Cap', cap);
        queries.push(canonicalScreen(params.toString(), []).query);
      }
  return queries;
}

/** Readers, their followed companies and saved screens: set-based, in a few statements. */
async function seedReaders(db: Db): Promise<{ popular: string }> {
  const started = performance.now();
  let popular = '';
  const queries = screenQueries();
  // One transaction with no statement timeout: a million rows at once on a loaded machine.
  await transaction(db, async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into users (email, name, username, password_hash, verified, terms_accepted_at)
      select 'reader' || i || '@bench.example.com', 'Reader ' || i, 'reader' || i, null, true, now()
      from generate_series(1, ${READERS}) as i`);
    const symbols = rowsOf<{ symbol: string }>(
      await tx.execute(sql`select symbol from companies where active order by symbol`),
    ).map((r) => r.symbol);
    popular = symbols[0]!;
    // Reader i follows 10 companies spread over the universe; the first half also follow the popular one.
    await tx.execute(sql`
      with s as (select array_agg(symbol order by symbol) as list, count(*)::int as n from companies where active),
      r as (select id, row_number() over (order by id) as i from users where email like '%@bench.example.com')
      insert into favorite_companies (user_id, symbol)
      select r.id, case when k = 0 and r.i <= ${READERS / 2} then s.list[1]
        else s.list[1 + ((r.i * 7919 + k * 421) % s.n)] end
      from r, s, generate_series(0, ${FOLLOWED - 1}) as k
      on conflict do nothing`);
    // One reader in ten chose settings of their own, some a lower threshold.
    await tx.execute(sql`
      insert into alert_settings (user_id, kinds, price_threshold, email, digest_hour, sms, sms_kinds, push)
      select id, array['filing-current','filing-periodic','news','price-move','high-52w','low-52w'],
        (array[5, 10, 15, 20, 25])[1 + id % 5], 'instant', 7, false, array['filing-current'], true
      from users where email like '%@bench.example.com' and id % 10 = 0`);
    // Saved a day ago: an update looks again only at screens changed since its last look.
    await tx.execute(sql`
      with q as (select ${arrayColumn(queries, (q) => q, 'text')} as list),
      r as (select id, row_number() over (order by id) as i from users where email like '%@bench.example.com')
      insert into saved_screens (user_id, name, query, columns, alert, created_at, updated_at)
      select r.id, 'Screen ' || k, q.list[1 + ((r.i * 31 + k * 97) % array_length(q.list, 1))], '{}', true,
        now() - interval '1 day', now() - interval '1 day'
      from r, q, generate_series(1, ${SCREENS}) as k`);
  });
  await db.execute(sql`analyze`);
  emit('readers_seed_s', (performance.now() - started) / 1000, 's');
  emit('distinct_screen_queries', queries.length, 'count');
  emit('favorites', await count(db, sql`select count(*)::int as n from favorite_companies`), 'count');
  return { popular };
}

/**
 * Digests of every reader built: BENCH_READERS more readers on the daily
 * digest at 7am, each with 3 alerts kept for it, made by the database
 * itself; then the digest job's function builds, signs and queues every
 * email and marks every alert, at that hour, while other readers read.
 */
async function measureDigests(label: string, db: Db, batch: number, reading: () => Promise<ReaderLoad>): Promise<void> {
  // 07:00 in New York on a Tuesday: every digest reader's hour.
  const at = new Date('2026-03-10T11:00:00Z');
  const started = performance.now();
  await transaction(db, async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const kinds = `{${COMPANY_ALERT_KINDS.join(',')}}`;
    await tx.execute(sql`insert into users (email, name, username, verified)
      select 'digest-reader-' || g || '@bench.example.com', 'Digest reader ' || g, 'digest-reader' || g, true
      from generate_series(1, ${READERS}) g`);
    await tx.execute(sql`insert into alert_settings (user_id, kinds, price_threshold, email, digest_hour, sms, sms_kinds, push)
      select id, ${kinds}::text[], 10, 'digest', 7, false, '{}'::text[], false from users
      where email like 'digest-reader-%'`);
    await tx.execute(sql`insert into alerts (user_id, kind, cause_key, symbol, title, body, link, delivery, created_at)
      select u.id, 'filing-current', 'filing:bench-' || k, 'ABC' || chr(65 + k),
        'ABC' || chr(65 + k) || ' filed an 8-K', 'Current report: results of operations.', '/stocks/ABC' || chr(65 + k),
        'digest', ${new Date(at.getTime() - 12 * 3_600_000).toISOString()}::timestamptz
      from users u cross join generate_series(1, ${DIGEST_ALERTS_EACH}) k
      where u.email like 'digest-reader-%'`);
  });
  await db.execute(sql`analyze`);
  emit(`${label}_digest_readers_seed_s`, (performance.now() - started) / 1000, 's');

  const load = await reading();
  const building = performance.now();
  const { queued, seconds } = await buildDueDigests(db, at, {
    siteUrl: 'https://bench.example.com',
    postalAddress: null,
    batch,
  })
    .then((n) => ({ queued: n, seconds: (performance.now() - building) / 1000 }))
    .finally(() => readersDuring(label, 'digests', load));
  judge(`${label}_digests_${READERS / 1000}k_s`, seconds, 's', { max: 60 });
  emit(`${label}_digests_per_s`, queued / seconds, 'digests/s');
  // Every reader's digest queued once, every alert done.
  const inOutbox = await count(
    db,
    sql`select count(*)::int as n from outbox_messages where dedupe_key like 'digest:%'`,
  );
  const waiting = await count(db, sql`select count(*)::int as n from alerts where delivery = 'digest'`);
  emit(`${label}_digests_queued`, inOutbox, 'count');
  if (queued !== READERS || inOutbox !== READERS || waiting !== 0)
    throw new Error(`${label}: ${queued} digests built, ${inOutbox} queued, ${waiting} alerts still waiting`);
}

type ReaderLoad = Awaited<ReturnType<typeof startReaderLoad>>;

/** Other readers' figures while one part ran. */
async function readersDuring(label: string, part: string, load: ReaderLoad): Promise<void> {
  const figures = await load.stop();
  emit(`${label}_reader_api_p50_during_${part}_ms`, figures.p50, 'ms');
  judge(`${label}_reader_api_p99_during_${part}_ms`, figures.p99, 'ms', { max: 50 });
  emit(`${label}_reader_api_requests_during_${part}`, figures.requests, 'count');
  emit(`${label}_reader_api_failed_during_${part}`, figures.failed, 'count');
}

async function measure(label: string, env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', PUBLIC_CACHE_TTL_MS: '0', ...env });
  const machine = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs`;
  say(`${label}: seeding ${COMPANIES} companies and ${READERS} readers (${machine})…`);
  emit(`${label}_load_average_1m`, os.loadavg()[0]!, 'load');
  const started = performance.now();
  const database = await openDatabase(config.database);
  const http = await listen({ port: 0, host: '127.0.0.1' });
  let app: ReturnType<typeof createApp> | null = null;
  try {
    const asOf = lastCompletedTradingDay(new Date());
    await seedDemoData(database, { seed: config.demoSeed, companies: COMPANIES, asOf });
    emit(`${label}_seed_s`, (performance.now() - started) / 1000, 's');
    const { db } = database;
    const { popular } = await seedReaders(db);
    const snapshots = createSnapshotStore(db);
    app = createApp({ config, database, logger, snapshots });
    http.serve(app.fetch);
    const url = `http://127.0.0.1:${http.port}`;
    const batch = bulkStatementRows(database.kind).queue;
    const job = createMarketDataJob({
      db,
      provider: createDemoQuoteProvider(config.demoSeed),
      logger,
      onChange: () => snapshots.invalidate(),
    });
    const market = createMarketAlerts({ db, snapshots, batch });

    // The next session after the seed: the day's reset, then the first quotes; the first evaluation takes note.
    const day = nextTradingDay(asOf);
    const at = (minutes: number) => new Date(`${day}T14:30:00Z`).getTime() + minutes * 60_000;
    await job.tick(new Date(at(-300)));
    await job.tick(new Date(at(1)));
    await snapshots.get();
    const first = (await market.evaluate(new Date(at(1))))!;
    emit(`${label}_first_evaluation_ms`, first.ms, 'ms');
    emit(`${label}_first_evaluation_stored_s`, first.storeMs / 1000, 's');

    const symbols = rowsOf<{ symbol: string }>(
      await db.execute(sql`select symbol from companies order by symbol limit 40`),
    ).map((r) => r.symbol);
    const paths = symbols.map((s) => `/api/stock/company/${s}`);
    for (const p of paths) await (await fetch(`${url}${p}`)).arrayBuffer();
    const reading = () => startReaderLoad(url, paths, READER_RATE, READER_CONNECTIONS);
    const evaluations: number[] = [];
    const priceParts: number[] = [];
    const screenParts: number[] = [];
    const stores: number[] = [];
    const quotes: number[] = [];
    const reloads: number[] = [];
    let raised = 0;
    let entries = 0;
    const load = await reading();
    try {
      for (let update = 0; update < UPDATES; update++) {
        const when = new Date(at(5 + update * 5));
        const tick = performance.now();
        await job.tick(when);
        quotes.push(performance.now() - tick);
        const reload = performance.now();
        await snapshots.get();
        reloads.push(performance.now() - reload);
        const result = await market.evaluate(when);
        evaluations.push(result!.ms);
        priceParts.push(result!.priceMs);
        screenParts.push(result!.screensMs);
        stores.push(result!.storeMs);
        raised += result!.priceAlerts + result!.screenAlerts;
        entries += result!.screenEntries;
      }
    } finally {
      await readersDuring(label, 'updates', load);
    }
    emit(`${label}_evaluation_p50_ms`, percentile(sorted(evaluations), 50), 'ms');
    judge(`${label}_evaluation_p99_ms`, percentile(sorted(evaluations), 99), 'ms', { max: 200 });
    emit(`${label}_evaluation_moves_p50_ms`, percentile(sorted(priceParts), 50), 'ms');
    emit(`${label}_evaluation_screens_p50_ms`, percentile(sorted(screenParts), 50), 'ms');
    emit(`${label}_update_alerts_stored_p50_s`, percentile(sorted(stores), 50) / 1000, 's');
    emit(`${label}_update_alerts_stored_max_s`, Math.max(...stores) / 1000, 's');
    emit(`${label}_quotes_write_p50_ms`, percentile(sorted(quotes), 50), 'ms');
    emit(`${label}_quotes_write_p99_ms`, percentile(sorted(quotes), 99), 'ms');
    emit(`${label}_snapshot_reload_p50_ms`, percentile(sorted(reloads), 50), 'ms');
    emit(`${label}_snapshot_reload_p99_ms`, percentile(sorted(reloads), 99), 'ms');
    emit(`${label}_market_alerts_raised`, raised, 'count');
    emit(`${label}_screen_entries_decided`, entries, 'count');

    const followers = await count(db, sql`select count(*)::int as n from favorite_companies where symbol = ${popular}`);
    const filingLoad = await reading();
    const filingStarted = performance.now();
    const { added, filingSeconds } = await raiseFilingAlerts(
      db,
      [
        {
          accessionKey: '0009999999-26-000001',
          companySymbol: popular,
          filingType: '8-K',
          description: 'Current report',
          rawTextLink: 'https://www.sec.gov/Archives/edgar/data/9999999/000999999926000001/bench.htm',
          dateAsOfChange: day,
        },
      ],
      { batch },
      new Date(at(60)),
    )
      .then((n) => ({ added: n, filingSeconds: (performance.now() - filingStarted) / 1000 }))
      .finally(() => readersDuring(label, 'filing', filingLoad));
    emit(`${label}_filing_followers`, followers, 'count');
    emit(`${label}_filing_alerts_queued`, added, 'count');
    judge(`${label}_filing_fanout_s`, filingSeconds, 's', { max: 5 });
    await measureDigests(label, db, batch, reading);
  } finally {
    await http.stop(1000);
    app?.close();
    await database.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-alerts-'));
try {
  if (parts.has('pglite')) await measure('pglite', { DATA_DIR: path.join(dataDir, 'pglite') });
  const pgUrl = parts.has('postgres') ? await postgresAvailable() : null;
  if (pgUrl) {
    const database = await createBenchDatabase(pgUrl);
    try {
      await measure('postgres', { DATABASE_URL: database.url, DATA_DIR: path.join(dataDir, 'postgres') });
    } finally {
      await database.drop();
    }
  } else if (parts.has('postgres')) {
    emit('postgres_skipped', 1, 'flag');
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  summarize();
}
