/**
 * Staff console benchmark, on the demo data and the embedded database:
 * - save to live: for an article, an event, a video, a landing page and a
 *   leader, BENCH_ROUNDS saves each through the console API, timed from the
 *   save until the public page serves the change: p50 (target ≤ 15 s) and
 *   p99 (target ≤ 30 s) over all of them, and per kind;
 * - a broadcast to 100,000 users: the broadcast call's own time, the time
 *   until every message is queued (target ≤ 10 s), and the p99 of other API
 *   requests meanwhile at a steady BENCH_READER_RATE (100/s; target ≤ 50 ms),
 *   with the same requests' p99 before the broadcast for comparison;
 * - the console's JavaScript in Chromium: its weight on /tools, and that
 *   public pages load none of it (target: 0 console files on public pages).
 * Prints one JSON line per figure; a figure with a target is followed by
 * `<metric>_target` and `<metric>_pass`, and a summary goes to stderr.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { hasChromium, launchChromium } from './page.ts';
import { addAccount, createJudge, percentile, signIn, startBenchServer, type BenchServer } from './server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AUDIENCE = Number(process.env.BENCH_AUDIENCE ?? 100_000);
/** Requests per second of other readers while a broadcast goes out. */
const READER_RATE = Number(process.env.BENCH_READER_RATE ?? 100);
const STAFF = { email: 'bench-console@example.com', password: 'Bench!Edit0r' };

const { emit, judge, summarize } = createJudge('tools');

interface SiteReadiness {
  published: boolean;
  building: boolean;
}

async function waitForFirstBuild(server: BenchServer): Promise<void> {
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const status = await fetch(`${server.url}/api/site/ready`)
      .then((r) => r.json() as Promise<{ data: SiteReadiness }>)
      .then((b) => b.data)
      .catch(() => null);
    if (status?.published && !status.building) return;
    if (Date.now() > deadline) throw new Error('the first build did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function staffCaller(server: BenchServer, token: string) {
  return async <T>(method: string, apiPath: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/api/${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? null : await response.json()) as T;
  };
}

/** Milliseconds from `save` until `pagePath` serves `text`. */
async function saveToLive(server: BenchServer, save: () => Promise<unknown>, pagePath: string, text: string) {
  const started = performance.now();
  await save();
  for (;;) {
    // A reading lost to a connection the server was closing is simply taken again.
    const body = await fetch(`${server.url}${pagePath}`)
      .then((response) => (response.ok ? response.text() : ''))
      .catch(() => '');
    if (body.includes(text)) return performance.now() - started;
    if (performance.now() - started > 180_000) throw new Error(`${pagePath} never showed "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A record staff edit, with the version an edit is based on. */
interface Versioned {
  id: number;
  version: number;
}

/** Part 1: saves of each kind until their public page shows them. */
async function measureSaves(server: BenchServer, token: string): Promise<void> {
  const call = staffCaller(server, token);
  const { data: clientList } = await call<{ data: { company_symbol: string }[] }>('GET', 'tools/clients?limit=1');
  const symbol = clientList[0]!.company_symbol;
  const { news } = await call<{ news: { id: number; version: number }[] }>('GET', `tools/news?q=${symbol}&limit=1`);
  const { data: videos } = await call<{ data: { id: number; version: number; disabled: boolean }[] }>(
    'GET',
    `tools/videos?q=${symbol}&limit=20`,
  );
  const video = videos.find((v) => !v.disabled)!;
  const event = (
    await call<{ data: Versioned }>('POST', 'tools/events', {
      title: `Bench webinar ${Date.now()}`,
      company_symbol: symbol,
      upcoming_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    })
  ).data;
  const leader = (
    await call<{ data: Versioned }>('POST', 'tools/management', {
      company_symbol: symbol,
      name: `Bench Leader ${Date.now()}`,
      title: 'Director',
    })
  ).data;
  const landing = (await call<{ data: Versioned }>('GET', `tools/company-landing/${symbol}`)).data;

  // Each kind: the record edited (its version follows each save), the call, the field changed, and its public page.
  const kinds = [
    {
      kind: 'article',
      record: news[0]!,
      path: `tools/news/${news[0]!.id}`,
      field: 'title',
      page: `/news/${news[0]!.id}/`,
    },
    {
      kind: 'event',
      record: event,
      path: `tools/events/${event.id}`,
      field: 'title',
      page: `/stocks/${symbol}/webinar/`,
    },
    { kind: 'video', record: video, path: `tools/videos/${video.id}`, field: 'name', page: `/video/${video.id}/` },
    {
      kind: 'landing',
      record: landing,
      path: `tools/company-landing/${symbol}`,
      field: 'subtitle',
      page: `/stocks/${symbol}/`,
    },
    {
      kind: 'leader',
      record: leader,
      path: `tools/management/${leader.id}`,
      field: 'name',
      page: `/stocks/${symbol}/team/`,
    },
  ];
  const times: Record<string, number[]> = Object.fromEntries(kinds.map((k) => [k.kind, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    const mark = `Bench ${round} ${Date.now().toString(36)}`;
    for (const edit of kinds) {
      const text = `${mark} ${edit.kind}`;
      const save = async () => {
        const body = { [edit.field]: text, version: edit.record.version };
        edit.record = (await call<{ data: Versioned }>('PUT', edit.path, body)).data;
      };
      times[edit.kind]!.push(await saveToLive(server, save, edit.page, text));
    }
    console.error(
      `round ${round}/${ROUNDS}: ${Object.values(times)
        .map((t) => Math.round(t.at(-1)! / 100) / 10)
        .join(' s, ')} s`,
    );
  }
  const all = Object.values(times)
    .flat()
    .sort((a, b) => a - b);
  for (const [kind, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    emit(`save_to_live_${kind}_p50`, percentile(sorted, 50), 'ms');
    emit(`save_to_live_${kind}_max`, sorted.at(-1)!, 'ms');
  }
  judge('save_to_live_p50', percentile(all, 50), 'ms', { max: 15_000 });
  judge('save_to_live_p99', percentile(all, 99), 'ms', { max: 30_000 });
}

/** Adds `count` verified demo readers straight into the stopped server's data directory. */
async function addReaders(dataDir: string, count: number): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.db.execute(sql`
      insert into users (email, name, username, password_hash, verified, message_preference, phone)
      select 'reader' || n || '@bench.example', 'Reader ' || n, 'reader' || n, null, true,
             case when n % 5 = 0 then 'phone' else 'email' end,
             case when n % 5 = 0 then '+1212555' || lpad((n % 10000)::text, 4, '0') else null end
      from generate_series(1, ${count}) as n`);
  } finally {
    await database.close();
  }
}

/** Part 2: a broadcast to every reader while other requests keep coming. */
async function measureBroadcast(server: BenchServer, token: string): Promise<void> {
  const call = staffCaller(server, token);
  const { news } = (await (await fetch(`${server.url}/api/news/all?limit=1`)).json()) as { news: { id: number }[] };
  const requests = [
    { method: 'GET' as const, path: '/api/news/all?limit=10' },
    { method: 'GET' as const, path: `/api/news/${news[0]!.id}` },
    { method: 'GET' as const, path: '/api/events/all?tab=upcoming&pageSize=10' },
    { method: 'GET' as const, path: '/api/videos/all?limit=12' },
  ];
  // Readers' traffic at a steady rate (latency under load, not the queueing of a saturated server).
  const load = (seconds: number) =>
    autocannon({
      url: server.url,
      connections: 4,
      overallRate: READER_RATE,
      duration: seconds,
      requests,
    }) as unknown as Promise<{
      latency: { p99: number; p50: number };
      non2xx: number;
      errors: number;
      requests: { average: number };
    }>;
  const before = await load(5);
  emit('other_requests_p99_before', before.latency.p99, 'ms');

  const during = load(12);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sentAt = performance.now();
  await call('POST', 'notifications/notifications', {
    message: 'Benchmark announcement: a new interview is up.',
    objectType: 'news',
    objectId: String(news[0]!.id),
  });
  const answeredMs = performance.now() - sentAt;
  let queued: number;
  for (;;) {
    const { data } = await call<{ data: { queued: number; deliveredAt: string | null }[] }>(
      'GET',
      'notifications/notifications?limit=1',
    );
    queued = data[0]!.queued;
    if (data[0]!.deliveredAt) break;
    if (performance.now() - sentAt > 180_000) throw new Error('the broadcast was not queued in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const enqueuedMs = performance.now() - sentAt;
  const meanwhile = await during;
  emit('broadcast_audience', queued, 'count');
  emit('broadcast_call', answeredMs, 'ms');
  judge('broadcast_enqueued', enqueuedMs, 'ms', { max: 10_000 });
  judge('other_requests_p99_during_broadcast', meanwhile.latency.p99, 'ms', { max: 50 });
  emit('other_requests_failed_during_broadcast', meanwhile.non2xx + meanwhile.errors, 'count');
}

/** Modules of the console (its islands, their editor and API client): their files must stay off public pages. */
const CONSOLE_MODULES =
  /\/(StaffConsole|ClientsManagement|ClientEditor|RecordList|RecordForm|FormField|RichTextEditor|LandingEditor|LeadersEditor|BroadcastForm|PublishProgress|console-api|record-fields|quill)[.-]/i;

/** Part 3: the console's scripts stay on the console's pages. */
async function measureScripts(server: BenchServer): Promise<void> {
  if (!hasChromium()) {
    console.error('Chromium is not installed: the page weight part is skipped');
    return;
  }
  const browser = await launchChromium();
  try {
    const staff = await browser.newContext();
    const signIn = await staff.newPage();
    await signIn.goto(`${server.url}/login`);
    await signIn.getByRole('main').getByLabel('Email', { exact: true }).fill(STAFF.email);
    await signIn.getByRole('main').getByLabel('Password', { exact: true }).fill(STAFF.password);
    await signIn.getByRole('button', { name: 'Log in' }).click();
    await signIn.waitForURL(`${server.url}/`);
    await signIn.close();
    const guest = await browser.newContext();
    const scriptsOf = async (context: typeof staff, pagePath: string) => {
      const page = await context.newPage();
      const urls = new Set<string>();
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') urls.add(r.url());
      });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
      await page.close();
      return urls;
    };
    const consoleFiles = new Set([...(await scriptsOf(staff, '/tools')), ...(await scriptsOf(staff, '/tools/client'))]);
    const publicPaths = ['/', '/stocks/Screener', '/news/', '/videos', '/events'];
    const publicFiles = new Set<string>();
    for (const context of [staff, guest]) {
      for (const publicPath of publicPaths)
        for (const url of await scriptsOf(context, publicPath)) publicFiles.add(url);
    }
    const consoleOnly = [...consoleFiles].filter((url) => !publicFiles.has(url));
    let gzipBytes = 0;
    for (const url of consoleOnly) gzipBytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    emit('console_only_js_files', consoleOnly.length, 'count');
    emit('console_only_js_gzip', gzipBytes / 1024, 'KB');
    const named = [...consoleFiles].filter((url) => CONSOLE_MODULES.test(new URL(url).pathname));
    if (named.length === 0) throw new Error('the console loaded none of its own modules: was it signed in?');
    const leaked = [...publicFiles].filter((url) => CONSOLE_MODULES.test(new URL(url).pathname));
    for (const url of leaked) console.error(`console file on a public page: ${url}`);
    judge('console_js_on_public_pages', leaked.length, 'files', { max: 0 });
  } finally {
    await browser.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-tools-'));
addAccount(STAFF, { DATA_DIR: dataDir });

const env = { LOG_LEVEL: 'error', OUTBOX_DIR: path.join(dataDir, 'outbox') };
let server = await startBenchServer(env, dataDir);
try {
  console.error('waiting for the first site build…');
  await waitForFirstBuild(server);
  let token = await signIn(server.url, STAFF);
  await measureSaves(server, token);
  await measureScripts(server);
  await server.stop({ keepDataDir: true });
  console.error(`adding ${AUDIENCE} readers…`);
  await addReaders(dataDir, AUDIENCE);
  server = await startBenchServer(env, dataDir);
  await waitForFirstBuild(server);
  token = await signIn(server.url, STAFF);
  await measureBroadcast(server, token);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  summarize();
}
