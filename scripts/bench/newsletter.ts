/**
 * Newsletter benchmark (issue 31): the weekly newsletter's sending, on the
 * demo data (BENCH_COMPANIES companies, 500 by default), on the embedded
 * database and on PostgreSQL when BENCH_DATABASE_URL (or a server on
 * 127.0.0.1:5432) is available; BENCH_PARTS=pglite (for instance) runs only
 * some of them. For each:
 * - composing this week's draft (composeDraft, median of 5; target ≤ 1 s)
 *   and its dark preview as staff see it (GET /api/tools/newsletter/issues/
 *   {id}/preview?scheme=dark with a bearer token, median of 5; target ≤ 1 s);
 * - BENCH_AUDIENCE confirmed subscribers (100,000) queued for the issue by
 *   the sending job (runNewsletterSending: the archive article, then every
 *   reader a batch at a time; target ≤ 10 s), every reader checked queued;
 * - delivering those messages, DKIM-signed, to an SMTP sink in a process of
 *   its own over 5 pooled connections (the bulk worker unpaced, 10 at once):
 *   messages the sink accepted per second over the first BENCH_DELIVER
 *   (20,000), or BENCH_DELIVER_MAX_S (30 s) when that comes first (target
 *   ≥ 1,000/s), then the rest when they take under a minute
 *   more (BENCH_DELIVER_ALL=1 always, 0 never) until the issue is `sent`;
 * - other readers meanwhile: the API (news pages, company records) served by
 *   the same process and database, at a steady BENCH_READER_RATE (50 req/s,
 *   evenly spaced, over up to 4 connections, from a process of its own), its
 *   p99 before, during the queueing and during the delivery (target ≤ 50 ms),
 *   each request timed from when it was due. The answers cache
 *   is off (BENCH_PUBLIC_CACHE_TTL_MS, 0), as for signed-in readers: every
 *   request reaches the database the sending is using.
 * Prints one JSON line per figure; a figure with a target is followed by
 * `<metric>_target` and `<metric>_pass` (1 met, 0 missed), and a summary goes to stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { StaffActor } from '../../src/lib/console.ts';
import { lastCompletedTradingDay } from '../../src/lib/market-calendar.ts';
import { createApp } from '../../src/server/app.ts';
import { seedDemoData } from '../../src/server/demo/seed.ts';
import { upsertStaff, users } from '../../src/server/features/accounts/index.ts';
import {
  actOnIssue,
  composeDraft,
  issueRenderer,
  newsletterIssues,
  runNewsletterSending,
} from '../../src/server/features/newsletter/index.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase, rowsOf, type Database, type Db } from '../../src/server/platform/db/client.ts';
import { listen } from '../../src/server/platform/http/server.ts';
import { createLogger } from '../../src/server/platform/logger.ts';
import { createBulkWorker } from '../../src/server/platform/outbox/bulk-worker.ts';
import { createSmtpTransport, type DkimOptions, type Transport } from '../../src/server/platform/outbox/transports.ts';
import { createBenchDatabase, createJudge, percentile, postgresAvailable } from './server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 500);
const AUDIENCE = Number(process.env.BENCH_AUDIENCE ?? 100_000);
/** Messages the delivery rate is measured over. */
const DELIVER = Math.min(AUDIENCE, Number(process.env.BENCH_DELIVER ?? 20_000));
/** …or for this long at most, when delivery is slow. */
const DELIVER_MAX_S = Number(process.env.BENCH_DELIVER_MAX_S ?? 30);
const DELIVER_ALL = process.env.BENCH_DELIVER_ALL ?? 'auto';
/** Requests per second of other readers while the issue goes out. */
const READER_RATE = Number(process.env.BENCH_READER_RATE ?? 50);
const READER_CONNECTIONS = 4;
const RUNS = 5;
const POOL = 5;
const CONCURRENCY = 10;
/** BENCH_PARTS=pglite (for instance) runs only some parts. */
const parts = new Set((process.env.BENCH_PARTS ?? 'pglite,postgres').split(','));
const STAFF = { email: 'bench-newsletter@example.com', password: 'Bench!Edit0r', name: 'Bench Editor' };
const SITE_URL = 'https://bench.example.com';
const FROM = 'RedCap Weekly <newsletter@bench.example.com>';
const POSTAL_ADDRESS = 'RedCap Research, 1 Bench Street, New York, NY 10001';
const audienceLabel = AUDIENCE % 1000 === 0 ? `${AUDIENCE / 1000}k` : String(AUDIENCE);

const { emit, judge, summarize } = createJudge('newsletter');
const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.error(line);
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** `judge`, with more fields on the figure's own line (how it was measured). */
function judgeWith(
  metric: string,
  value: number,
  unit: string,
  target: { max: number } | { min: number },
  extra: Record<string, unknown>,
): void {
  const log = console.log;
  console.log = (line: string) => {
    const row = JSON.parse(line) as { metric: string };
    log(JSON.stringify(row.metric === metric ? { ...row, ...extra } : row));
  };
  try {
    judge(metric, value, unit, target);
  } finally {
    console.log = log;
  }
}

const count = async (db: Db, query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(query))[0]!.n;

// ---------------------------------------------------------------------------------------------
// Other readers: requests at evenly spaced times from a process of its own, so the sending's
// work (and the embedded database, which runs on this process's thread) cannot hold back the
// requests it sends. Each request's time runs from when it was due, not from when a free
// connection took it: a stall counts for every request it delays. (autocannon's `overallRate`
// is not steady: each connection sends its share of a second back to back at the top of the
// second, and the burst's own queueing dominated its p99.)

interface LoadFigures {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
  /** Requests answered in more than 50 ms. */
  over50: number;
}

const LOAD_CLIENT = `
import http from 'node:http';
const { url, paths, rate, connections } = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const times = [];
let failed = 0, sent = 0, open = 0, running = true;
const interval = 1000 / rate;
const started = performance.now();
function fire(due) {
  const path = paths[sent++ % paths.length];
  open++;
  const done = (ok) => { open--; if (ok) times.push(performance.now() - due); else failed++; };
  http.get(url + path, { agent }, (response) => {
    response.resume();
    response.on('end', () => done(response.statusCode === 200));
  }).on('error', () => done(false));
}
function tick() {
  if (!running) return;
  const now = performance.now();
  while (started + sent * interval <= now) fire(started + sent * interval);
  setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
}
process.on('message', async (message) => {
  if (message !== 'stop') return;
  running = false;
  for (let waited = 0; open > 0 && waited < 10000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  times.sort((a, b) => a - b);
  const at = (p) => times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : 0;
  const figures = { p50: at(50), p99: at(99), max: times.at(-1) ?? 0, requests: times.length + failed, failed: failed + open,
    over50: times.filter((t) => t > 50).length };
  process.send({ figures }, () => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
process.send({ started: true });
tick();
`;

interface ReaderLoad {
  stop(): Promise<LoadFigures>;
}

async function startReaderLoad(url: string, paths: string[]): Promise<ReaderLoad> {
  const options = { url, paths, rate: READER_RATE, connections: READER_CONNECTIONS };
  const child = spawn(process.execPath, ['--input-type=module', '-e', LOAD_CLIENT, JSON.stringify(options)], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message[key] as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the reader load ended (${code}) before ${key}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  await next('started');
  return {
    async stop() {
      const figures = next<LoadFigures>('figures');
      child.send('stop');
      return figures;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The SMTP sink: scripts/bench/smtp-sink.ts in a child process.

interface SinkFigures {
  accepted: number;
  signed: number;
  bytes: number;
}

interface Sink {
  url: string;
  /** Hears the sink's count as it moves (about every 100 ms). */
  onCount(listener: (figures: SinkFigures) => void): void;
  /** The figures now. */
  figures(): Promise<SinkFigures>;
  stop(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const child: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, 'smtp-sink.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) => resolve(message.port!));
    child.once('exit', (code) => reject(new Error(`the SMTP sink ended (${code}) before listening`)));
  });
  const listeners: ((figures: SinkFigures) => void)[] = [];
  child.on('message', (message: Partial<SinkFigures> & { final?: boolean }) => {
    if (message.accepted !== undefined && !message.final)
      for (const listener of listeners) listener(message as SinkFigures);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    onCount: (listener) => listeners.push(listener),
    figures: () =>
      new Promise((resolve) => {
        const onMessage = (message: SinkFigures & { final?: boolean }) => {
          if (!message.final) return;
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
        child.send('count');
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------

function dkimKey(): DkimOptions {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { domainName: 'bench.example.com', keySelector: 'bench', privateKey };
}

/** The staff member who composes and schedules, and a bearer token of theirs for the console's API. */
async function staffOf(db: Db, url: string) {
  await upsertStaff(db, STAFF);
  const [actor] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, STAFF.email));
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string | null };
  if (!actor || !token) throw new Error('the staff member could not sign in');
  return { actor, token };
}

/** Part 1: composing this week's draft, and its preview; the last draft composed is the issue sent. */
async function measureCompose(label: string, db: Db, url: string, staff: Awaited<ReturnType<typeof staffOf>>) {
  const composing: number[] = [];
  let issue: Awaited<ReturnType<typeof composeDraft>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    // A week has one draft: the one before goes, so each run composes anew.
    if (issue) await db.delete(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    const started = performance.now();
    issue = await composeDraft(db, staff.actor);
    composing.push(performance.now() - started);
  }
  const items = issue!.sections.reduce((n, s) => n + s.items.length, 0);
  emit(`${label}_compose_items`, items, 'count');
  judge(`${label}_compose_ms`, median(composing), 'ms', { max: 1000 });

  const previewing: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/tools/newsletter/issues/${issue!.id}/preview?scheme=dark`, {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const html = await response.text();
    previewing.push(performance.now() - started);
    if (response.status !== 200 || !html.includes('<html'))
      throw new Error(`the preview answered ${response.status}: ${html.slice(0, 200)}`);
    bytes = html.length;
  }
  emit(`${label}_preview_bytes`, bytes, 'bytes');
  judge(`${label}_preview_ms`, median(previewing), 'ms', { max: 1000 });
  return issue!;
}

/** Readers' requests: pages of the news list and company records, in turn. */
async function readerPaths(db: Db, url: string): Promise<string[]> {
  const symbols = rowsOf<{ symbol: string }>(
    await db.execute(sql`select symbol from companies order by symbol limit 20`),
  ).map((r) => r.symbol);
  const paths = [
    ...Array.from({ length: 20 }, (_, i) => `/api/news/all?page=${i + 1}&limit=10`),
    ...symbols.map((s) => `/api/stock/company/${s}`),
  ];
  // Warmed up: each answered once.
  for (const p of paths) {
    const response = await fetch(`${url}${p}`);
    if (response.status !== 200) throw new Error(`${p} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  return paths;
}

const loadExtra = { rate_req_s: READER_RATE, connections: READER_CONNECTIONS };

function reportLoad(metric: string, figures: LoadFigures, target?: { max: number }) {
  const base = metric.replace(/_p99_/, '_').replace(/_ms$/, '');
  emit(`${base}_p50_ms`, figures.p50, 'ms');
  if (target) judgeWith(metric, figures.p99, 'ms', target, { ...loadExtra, requests: figures.requests });
  else emit(metric, figures.p99, 'ms');
  emit(`${base}_max_ms`, figures.max, 'ms');
  emit(`${base}_over_50ms`, figures.over50, 'count');
  emit(`${base}_failed`, figures.failed, 'count');
  if (figures.failed > 0) say(`${metric}: ${figures.failed} of ${figures.requests} reader requests failed`);
}

/** Part 2: the audience queued by the sending job, readers' requests going on. */
async function measureQueue(label: string, db: Db, url: string, issueId: number, paths: string[], actor: StaffActor) {
  say(`${label}: adding ${thousands(AUDIENCE)} confirmed subscribers…`);
  let started = performance.now();
  await db.execute(sql`
    insert into email_subscriptions (email, source, first_name, confirmed_at)
    select 'reader' || lpad(n::text, 7, '0') || '@bench.example.com', 'bench', 'Reader ' || n, now()
    from generate_series(1, ${AUDIENCE}) as n`);
  emit(`${label}_subscribers_insert_ms`, performance.now() - started, 'ms');
  // Settled, as a list gathered over months would be: the bulk insert's aftermath is not the sending's.
  await db.execute(sql`vacuum analyze email_subscriptions`);
  await db.execute(sql`checkpoint`);

  const before = await startReaderLoad(url, paths);
  await sleep(8000);
  reportLoad(`${label}_reader_api_p99_before_ms`, await before.stop());

  await actOnIssue(db, actor, issueId, 'schedule');
  const load = await startReaderLoad(url, paths);
  await sleep(500);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let queueing = true;
  const progress = (async () => {
    while (queueing) {
      await sleep(2000);
      if (!queueing) break;
      const [row] = await db
        .select({ through: newsletterIssues.queuedThrough })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issueId));
      const n = Number(/reader(\d+)@/.exec(row?.through ?? '')?.[1] ?? 0);
      say(`${label}: queued ${thousands(n)}…`);
    }
  })();
  started = performance.now();
  try {
    await runNewsletterSending({ db, logger, wakeBulk: () => {} });
  } finally {
    queueing = false;
  }
  const queueS = (performance.now() - started) / 1000;
  loop.disable();
  const during = await load.stop();
  await progress;
  const queued = await count(
    db,
    sql`select count(*)::int as n from outbox_messages where template = 'newsletter-issue' and template_ref = ${issueId}`,
  );
  say(`${label}: ${thousands(queued)} messages queued in ${queueS.toFixed(1)} s`);
  judge(`${label}_queue_${audienceLabel}_s`, queueS, 's', { max: 10 });
  judge(`${label}_queued_messages`, queued, 'count', { min: AUDIENCE });
  if (queued !== AUDIENCE) say(`${label}: ${thousands(queued)} messages queued for ${thousands(AUDIENCE)} readers`);
  reportLoad(`${label}_reader_api_p99_during_queue_ms`, during, { max: 50 });
  reportLoop(`${label}_event_loop_during_queue`, loop);
}

/** How long this process's event loop (the API's) was held up at a time. */
function reportLoop(metric: string, loop: IntervalHistogram) {
  emit(`${metric}_p99_ms`, loop.percentile(99) / 1e6, 'ms');
  emit(`${metric}_max_ms`, loop.max / 1e6, 'ms');
}

/** Part 3: delivery to the sink, readers' requests going on; then the rest, when it is quick. */
async function measureDelivery(label: string, db: Db, url: string, issueId: number, paths: string[]) {
  const sink = await startSink();
  const dkim = dkimKey();
  const smtp = createSmtpTransport(sink.url, { from: FROM, pool: POOL, dkim });
  // Where a message's time goes: writing it for its reader (on this thread), and handing it to the SMTP pool
  // (building the MIME message, signing it, and the server's answer).
  const spent = { render: 0, rendered: 0, send: 0, sent: 0 };
  const render = issueRenderer(db, SITE_URL);
  const transport: Transport = {
    name: smtp.name,
    async send(message) {
      const started = performance.now();
      await smtp.send(message);
      spent.send += performance.now() - started;
      spent.sent++;
    },
  };
  const worker = createBulkWorker({
    db,
    transport,
    logger,
    siteUrl: SITE_URL,
    postalAddress: POSTAL_ADDRESS,
    ratePerSecond: 100_000,
    concurrency: CONCURRENCY,
    renderers: {
      'newsletter-issue': (ref, recipient) => {
        const started = performance.now();
        return render(ref, recipient).finally(() => {
          spent.render += performance.now() - started;
          spent.rendered++;
        });
      },
    },
  });
  try {
    const enough = new AbortController();
    let started = 0;
    let reported = 0;
    // The steady rate: from a tenth of the measured messages to all of them, as the sink counts.
    let tenthAt = 0;
    let doneAt = 0;
    let tenth = 0;
    sink.onCount(({ accepted }) => {
      const now = performance.now();
      if (!tenthAt && accepted >= DELIVER / 10) [tenthAt, tenth] = [now, accepted];
      if (!doneAt && accepted >= DELIVER) {
        doneAt = now;
        enough.abort();
      }
      if (accepted - reported >= 5000) {
        reported = accepted - (accepted % 5000);
        say(`${label}: delivered ${thousands(accepted)}… (${thousands(accepted / ((now - started) / 1000))}/s)`);
      }
    });
    const load = await startReaderLoad(url, paths);
    await sleep(500);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const deadline = setTimeout(() => enough.abort(), DELIVER_MAX_S * 1000);
    started = performance.now();
    await worker.runOnce(enough.signal);
    const elapsed = (performance.now() - started) / 1000;
    clearTimeout(deadline);
    loop.disable();
    const during = await load.stop();
    const sunk = await sink.figures();
    const recorded = await count(
      db,
      sql`select count(*)::int as n from outbox_messages where template_ref = ${issueId} and status = 'sent'`,
    );
    const rate = sunk.accepted / elapsed;
    judgeWith(`${label}_deliver_msgs_per_s`, rate, 'msg/s', { min: 1000 }, {
      dkim: sunk.signed === sunk.accepted && sunk.accepted > 0,
      messages: sunk.accepted,
      pool: POOL,
      concurrency: CONCURRENCY,
    });
    if (doneAt && tenthAt)
      emit(`${label}_deliver_steady_msgs_per_s`, (DELIVER - tenth) / ((doneAt - tenthAt) / 1000), 'msg/s');
    emit(`${label}_deliver_message_kb`, sunk.bytes / Math.max(1, sunk.accepted) / 1024, 'KB');
    emit(`${label}_deliver_dkim_signed`, sunk.signed, 'count');
    emit(`${label}_deliver_recorded_sent`, recorded, 'count');
    if (recorded !== sunk.accepted)
      say(`${label}: the sink accepted ${sunk.accepted} messages, the outbox records ${recorded} sent`);
    emit(`${label}_deliver_render_ms_per_msg`, spent.render / Math.max(1, spent.rendered), 'ms');
    emit(`${label}_deliver_smtp_send_ms_avg`, spent.send / Math.max(1, spent.sent), 'ms');
    reportLoad(`${label}_reader_api_p99_during_delivery_ms`, during, { max: 50 });
    reportLoop(`${label}_event_loop_during_delivery`, loop);

    // The rest, when it takes under a minute more: the issue ends `sent`.
    const rest = AUDIENCE - sunk.accepted;
    const wanted = DELIVER_ALL === '1' || (DELIVER_ALL !== '0' && rest / rate <= 60);
    if (rest > 0 && !wanted) {
      say(`${label}: the other ${thousands(rest)} messages are not delivered (about ${Math.round(rest / rate)} s more)`);
      return;
    }
    const stop = AbortSignal.timeout(180_000);
    while (!stop.aborted) {
      await worker.runOnce(stop);
      const pending = await count(
        db,
        sql`select count(*)::int as n from outbox_messages where template_ref = ${issueId} and status = 'pending'`,
      );
      if (pending === 0) break;
      // Retries wait for their time.
      await sleep(1000);
    }
    const allS = (performance.now() - started) / 1000;
    await runNewsletterSending({ db, logger, wakeBulk: () => {} });
    const [issue] = await db
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId));
    const all = await sink.figures();
    emit(`${label}_deliver_all_s`, allS, 's');
    emit(`${label}_deliver_all_messages`, all.accepted, 'count');
    emit(`${label}_deliver_all_msgs_per_s`, all.accepted / allS, 'msg/s');
    judge(`${label}_issue_sent`, issue?.status === 'sent' ? 1 : 0, 'flag', { min: 1 });
  } finally {
    smtp.close?.();
    await sink.stop();
  }
}

/** Everything on one database; figures are prefixed with `label`. */
async function measure(label: string, env: Record<string, string>) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PORT: '0',
    SITE_URL,
    MAIL_POSTAL_ADDRESS: POSTAL_ADDRESS,
    PUBLIC_CACHE_TTL_MS: process.env.BENCH_PUBLIC_CACHE_TTL_MS ?? '0',
    EXPENSIVE_CALLS_PER_ADDRESS: '1000',
    ...env,
  });
  const started = performance.now();
  say(`${label}: opening and seeding the demo data (${COMPANIES} companies)…`);
  const database: Database = await openDatabase(config.database);
  const http = await listen({ port: 0, host: '127.0.0.1' });
  let app: ReturnType<typeof createApp> | null = null;
  try {
    await seedDemoData(database, {
      seed: config.demoSeed,
      companies: COMPANIES,
      asOf: lastCompletedTradingDay(new Date()),
    });
    emit(`${label}_seed_s`, (performance.now() - started) / 1000, 's');
    app = createApp({ config, database, logger });
    http.serve(app.fetch);
    const url = `http://127.0.0.1:${http.port}`;
    const { db } = database;
    const staff = await staffOf(db, url);
    const issue = await measureCompose(label, db, url, staff);
    const paths = await readerPaths(db, url);
    await measureQueue(label, db, url, issue.id, paths, staff.actor);
    await measureDelivery(label, db, url, issue.id, paths);
  } finally {
    await http.stop(1000);
    app?.close();
    await database.close();
  }
}

if (parts.has('pglite')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-newsletter-'));
  try {
    await measure('pglite', { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgUrl = parts.has('postgres') ? await postgresAvailable() : null;
if (pgUrl) {
  const database = await createBenchDatabase(pgUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-newsletter-'));
  try {
    await measure('postgres', { DATABASE_URL: database.url, DATA_DIR: dataDir });
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} else if (parts.has('postgres')) {
  emit('postgres_skipped', 1, 'flag');
}

summarize();
