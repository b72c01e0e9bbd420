/**
 * Newsletter benchmark (issue 31): the weekly newsletter's sending, on the
 * demo data (BENCH_COMPANIES companies, 500 by default), on the embedded
 * database and on PostgreSQL when BENCH_DATABASE_URL (or a server on
 * 127.0.0.1:5432) is available; BENCH_PARTS=pglite (for instance) runs only
 * some of them. For each, with the API served by this process:
 * - composing this week's draft (composeDraft, median of 5; target ≤ 1 s)
 *   and its dark preview as staff get it (GET /api/tools/newsletter/issues/
 *   {id}/preview?scheme=dark with a bearer token, median of 5; target ≤ 1 s);
 * - BENCH_AUDIENCE confirmed subscribers (100,000) queued for the issue by
 *   the sending job (runNewsletterSending: the archive article, then the
 *   readers a batch at a time; target ≤ 10 s), every reader checked queued;
 * - delivering those messages, DKIM-signed, to an SMTP sink in a process of
 *   its own over 5 pooled connections (the bulk worker unpaced, 10 at once;
 *   BENCH_SMTP=nodemailer sends them through nodemailer's pooled transport
 *   and its DKIM signer instead of the site's bulk transport, to compare):
 *   messages the sink accepted per second over the first BENCH_DELIVER
 *   (20,000), or BENCH_DELIVER_MAX_S (30 s) if that comes first (target
 *   ≥ 1,000/s); then the rest, when that takes under a minute more
 *   (BENCH_DELIVER_ALL=1 always, 0 never), until the issue is `sent`;
 * - other readers meanwhile: news pages and company records at a steady
 *   BENCH_READER_RATE (50 req/s; see startReaderLoad), p99 before, while
 *   queueing and while delivering (target ≤ 50 ms), with the answers cache
 *   off (BENCH_PUBLIC_CACHE_TTL_MS=0) as for signed-in readers;
 * and where the time goes (rendering, SMTP hand-over, event-loop stalls).
 * Prints one JSON line per figure; a figure with a target is followed by
 * `<metric>_target` and `<metric>_pass` (1 met, 0 missed), and a summary goes to stderr.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { StaffActor } from '../../src/lib/console.ts';
import { lastCompletedTradingDay } from '../../src/lib/market-calendar.ts';
import { createApp } from '../../src/server/app.ts';
import { seedDemoData } from '../../src/server/demo/seed.ts';
import { upsertStaff } from '../../src/server/features/accounts/index.ts';
import {
  actOnIssue,
  composeDraft,
  issueRenderer,
  runNewsletterSending,
} from '../../src/server/features/email/index.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { bulkStatementRows, openDatabase, rowsOf, type Db } from '../../src/server/platform/db/client.ts';
import { listen } from '../../src/server/platform/http/server.ts';
import { createLogger } from '../../src/server/platform/logger.ts';
import { createBulkWorker } from '../../src/server/features/email/bulk/bulk-worker.ts';
import { createBulkSmtpTransport, createSmtpTransport } from '../../src/server/features/email/transport/transports.ts';
import { mailLinkSecret } from '../../src/server/features/email/list-links.ts';
import { messageReferences } from '../../src/server/features/email/transport/message-reference.ts';
import { createBenchDatabase, createJudge, percentile, postgresAvailable } from './server.ts';
import { startReaderLoad, type LoadFigures } from './reader-load.ts';
import { startSink } from './smtp-sink.ts';
import { newsletterIssues, users } from '../../src/server/schema.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 500);
const AUDIENCE = Number(process.env.BENCH_AUDIENCE ?? 100_000);
/** Messages the delivery rate is measured over… */
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
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
/** Rows per statement, as the server sizes them for the database. */
type BulkRows = ReturnType<typeof bulkStatementRows>;
const count = async (db: Db, query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(query))[0]!.n;

/** `judge`, with more fields on the figure's own line (how it was measured). */
function judgeWith(metric: string, value: number, unit: string, target: Parameters<typeof judge>[3], extra: object) {
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

/** Readers' requests: pages of the news list and company records, in turn; each answered once first. */
async function readerPaths(db: Db, url: string): Promise<string[]> {
  const symbols = rowsOf<{ symbol: string }>(
    await db.execute(sql`select symbol from companies order by symbol limit 20`),
  ).map((r) => r.symbol);
  const paths = [
    ...Array.from({ length: 20 }, (_, i) => `/api/news/all?page=${i + 1}&limit=10`),
    ...symbols.map((s) => `/api/stock/company/${s}`),
  ];
  for (const p of paths) {
    const response = await fetch(`${url}${p}`);
    if (response.status !== 200) throw new Error(`${p} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  return paths;
}

/** The readers' figures while something ran (`<what>`: before, during_queue, during_delivery). */
function reportLoad(label: string, what: string, figures: LoadFigures, judged: boolean) {
  const name = (figure: string) => `${label}_reader_api_${figure}`;
  emit(name(`${what}_p50_ms`), figures.p50, 'ms');
  const extra = { rate_req_s: READER_RATE, connections: READER_CONNECTIONS, requests: figures.requests };
  if (judged) judgeWith(name(`p99_${what}_ms`), figures.p99, 'ms', { max: 50 }, extra);
  else emit(name(`p99_${what}_ms`), figures.p99, 'ms');
  emit(name(`${what}_max_ms`), figures.max, 'ms');
  emit(name(`${what}_over_50ms`), figures.over50, 'count');
  emit(name(`${what}_failed`), figures.failed, 'count');
  if (figures.failed > 0) say(`${label} ${what}: ${figures.failed} of ${figures.requests} reader requests failed`);
}

/** How long this process's event loop (the API's) was held up at a time, while `work` ran. */
async function watchLoop<T>(metric: string, work: () => Promise<T>): Promise<T> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  try {
    return await work();
  } finally {
    loop.disable();
    emit(`${metric}_p99_ms`, loop.percentile(99) / 1e6, 'ms');
    emit(`${metric}_max_ms`, loop.max / 1e6, 'ms');
  }
}

/** The staff member who composes and schedules, and a bearer token of theirs for the console's API. */
async function staffOf(db: Db, url: string): Promise<{ actor: StaffActor; token: string }> {
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
async function measureCompose(label: string, db: Db, url: string, staff: { actor: StaffActor; token: string }) {
  const composing: number[] = [];
  let issue: Awaited<ReturnType<typeof composeDraft>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    // A week has one draft: the one before goes, so each run composes anew.
    if (issue) await db.delete(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    const started = performance.now();
    issue = await composeDraft(db, staff.actor);
    composing.push(performance.now() - started);
  }
  emit(
    `${label}_compose_items`,
    issue!.sections.reduce((n, s) => n + s.items.length, 0),
    'count',
  );
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

/** Part 2: the audience queued by the sending job, readers' requests going on. */
async function measureQueue(
  label: string,
  db: Db,
  url: string,
  issueId: number,
  paths: string[],
  actor: StaffActor,
  rows: BulkRows,
) {
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

  const before = await startReaderLoad(url, paths, READER_RATE, READER_CONNECTIONS);
  await sleep(8000);
  reportLoad(label, 'before', await before.stop(), false);

  await actOnIssue(db, actor, issueId, 'schedule');
  const load = await startReaderLoad(url, paths, READER_RATE, READER_CONNECTIONS);
  await sleep(500);
  let queueing = true;
  const progress = (async () => {
    for (await sleep(2000); queueing; await sleep(2000)) {
      const [row] = await db
        .select({ through: newsletterIssues.queuedThrough })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issueId));
      if (queueing) say(`${label}: queued ${thousands(Number(/reader(\d+)@/.exec(row?.through ?? '')?.[1] ?? 0))}…`);
    }
  })();
  started = performance.now();
  await watchLoop(`${label}_event_loop_during_queue`, () =>
    runNewsletterSending({ db, logger, wakeBulk: () => {}, queueRows: rows.queue }).finally(() => (queueing = false)),
  );
  const queueS = (performance.now() - started) / 1000;
  const during = await load.stop();
  await progress;
  const queued = await count(
    db,
    sql`select count(*)::int as n from outbox_messages where template = 'newsletter-issue' and template_ref = ${issueId}`,
  );
  say(`${label}: ${thousands(queued)} messages queued for ${thousands(AUDIENCE)} readers in ${queueS.toFixed(1)} s`);
  judge(`${label}_queue_${audienceLabel}_s`, queueS, 's', { max: 10 });
  judge(`${label}_queued_messages`, queued, 'count', { min: AUDIENCE });
  reportLoad(label, 'during_queue', during, true);
}

/** The bulk worker as the server makes it, to the sink, DKIM on; timing its renderer and its SMTP hand-over. */
function deliveryWorker(db: Db, sinkUrl: string, rows: BulkRows) {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dkim = { domainName: 'bench.example.com', keySelector: 'bench', privateKey };
  const references = messageReferences(() => mailLinkSecret(db));
  const smtp =
    process.env.BENCH_SMTP === 'nodemailer'
      ? createSmtpTransport(sinkUrl, { from: FROM, pool: POOL, dkim, references })
      : createBulkSmtpTransport(sinkUrl, { from: FROM, pool: POOL, dkim, references });
  const render = issueRenderer(db, SITE_URL);
  const spent = { render: 0, rendered: 0, send: 0, sent: 0 };
  const worker = createBulkWorker({
    db,
    // Handing over: building the MIME message, signing it, and the server's answer.
    transport: {
      name: smtp.name,
      async send(message) {
        const started = performance.now();
        await smtp.send(message);
        spent.send += performance.now() - started;
        spent.sent++;
      },
    },
    logger,
    siteUrl: SITE_URL,
    postalAddress: POSTAL_ADDRESS,
    ratePerSecond: 100_000,
    concurrency: CONCURRENCY,
    leaseRows: rows.lease,
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
  return { worker, spent, close: () => smtp.close?.() };
}

/** Part 3: delivery to the sink, readers' requests going on; then the rest, when it is quick. */
async function measureDelivery(label: string, db: Db, url: string, issueId: number, paths: string[], rows: BulkRows) {
  const sink = await startSink();
  const { worker, spent, close } = deliveryWorker(db, sink.url, rows);
  const sent = (status: string) =>
    count(
      db,
      sql`select count(*)::int as n from outbox_messages where template_ref = ${issueId} and status = ${status}`,
    );
  try {
    const enough = new AbortController();
    let started = 0;
    let reported = 0;
    // The steady rate: from a tenth of the measured messages to all of them, as the sink counts.
    const steady = { from: 0, at: 0, doneAt: 0 };
    sink.onCount(({ accepted }) => {
      const now = performance.now();
      if (!steady.at && accepted >= DELIVER / 10) [steady.at, steady.from] = [now, accepted];
      if (!steady.doneAt && accepted >= DELIVER) {
        steady.doneAt = now;
        enough.abort();
      }
      if (accepted - reported < 5000) return;
      reported = accepted - (accepted % 5000);
      say(`${label}: delivered ${thousands(accepted)}… (${thousands(accepted / ((now - started) / 1000))}/s)`);
    });
    const load = await startReaderLoad(url, paths, READER_RATE, READER_CONNECTIONS);
    await sleep(500);
    const deadline = setTimeout(() => enough.abort(), DELIVER_MAX_S * 1000);
    started = performance.now();
    await watchLoop(`${label}_event_loop_during_delivery`, () => worker.runOnce(enough.signal));
    const elapsed = (performance.now() - started) / 1000;
    clearTimeout(deadline);
    const during = await load.stop();
    const sunk = await sink.figures();
    const rate = sunk.accepted / elapsed;
    const how = { dkim: sunk.signed === sunk.accepted, messages: sunk.accepted, pool: POOL, concurrency: CONCURRENCY };
    judgeWith(`${label}_deliver_msgs_per_s`, rate, 'msg/s', { min: 1000 }, how);
    if (steady.doneAt && steady.at) {
      const steadyRate = (DELIVER - steady.from) / ((steady.doneAt - steady.at) / 1000);
      emit(`${label}_deliver_steady_msgs_per_s`, steadyRate, 'msg/s');
    }
    emit(`${label}_deliver_message_kb`, sunk.bytes / Math.max(1, sunk.accepted) / 1024, 'KB');
    emit(`${label}_deliver_dkim_signed`, sunk.signed, 'count');
    const recorded = await sent('sent');
    emit(`${label}_deliver_recorded_sent`, recorded, 'count');
    if (recorded !== sunk.accepted) say(`${label}: the sink accepted ${sunk.accepted}, the outbox records ${recorded}`);
    emit(`${label}_deliver_render_ms_per_msg`, spent.render / Math.max(1, spent.rendered), 'ms');
    emit(`${label}_deliver_smtp_send_ms_avg`, spent.send / Math.max(1, spent.sent), 'ms');
    reportLoad(label, 'during_delivery', during, true);

    // The rest, when it takes under a minute more: the issue ends `sent`.
    const rest = AUDIENCE - sunk.accepted;
    if (rest > 0 && (DELIVER_ALL === '0' || (DELIVER_ALL !== '1' && rest / rate > 60))) {
      say(
        `${label}: the other ${thousands(rest)} messages are not delivered (about ${Math.round(rest / rate)} s more)`,
      );
      return;
    }
    const stop = AbortSignal.timeout(180_000);
    while (!stop.aborted) {
      await worker.runOnce(stop);
      if ((await sent('pending')) === 0) break;
      // A message that failed is retried at its time.
      await sleep(1000);
    }
    const allS = (performance.now() - started) / 1000;
    await runNewsletterSending({ db, logger, wakeBulk: () => {}, queueRows: rows.queue });
    const [issue] = await db
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId));
    const all = await sink.figures();
    emit(`${label}_deliver_all_s`, allS, 's');
    emit(`${label}_deliver_all_msgs_per_s`, all.accepted / allS, 'msg/s');
    judge(`${label}_issue_sent`, issue?.status === 'sent' ? 1 : 0, 'flag', { min: 1 });
  } finally {
    close();
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
    ...env,
  });
  const started = performance.now();
  const machine = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs`;
  say(`${label}: opening and seeding the demo data (${COMPANIES} companies; ${machine})…`);
  const database = await openDatabase(config.database);
  const http = await listen({ port: 0, host: '127.0.0.1' });
  let app: ReturnType<typeof createApp> | null = null;
  try {
    const asOf = lastCompletedTradingDay(new Date());
    await seedDemoData(database, { seed: config.demoSeed, companies: COMPANIES, asOf });
    emit(`${label}_seed_s`, (performance.now() - started) / 1000, 's');
    app = createApp({ config, database, logger });
    http.serve(app.fetch);
    const url = `http://127.0.0.1:${http.port}`;
    const { db } = database;
    const staff = await staffOf(db, url);
    const issue = await measureCompose(label, db, url, staff);
    const paths = await readerPaths(db, url);
    // Statements as large as the server makes them on this database.
    const rows = bulkStatementRows(database.kind);
    await measureQueue(label, db, url, issue.id, paths, staff.actor, rows);
    await measureDelivery(label, db, url, issue.id, paths, rows);
  } finally {
    await http.stop(1000);
    app?.close();
    await database.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-newsletter-'));
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
