/**
 * Mixed load: BENCH_LOAD_CONNECTIONS (200) connections for
 * BENCH_LOAD_SECONDS (60) s of screener queries, company calls, news lists,
 * favorite toggles and logins (sign-ins at a steady BENCH_LOGIN_RATE, 10/s:
 * each costs a memory-hard password hash), on the demo universe:
 * 1. the README's layout: one process on the embedded database (targets: no
 *    failed request, p99 ≤ 1 s);
 * 2. the production layout (npm run serve:cluster): 2 instances on
 *    PostgreSQL behind nginx, twice: as fast as the connections go (targets:
 *    no failed request, ≥ 1,500 requests/s), then at a steady
 *    BENCH_LOAD_RATE (1,600) requests/s, sent as they fall due (targets:
 *    no failed request, p99 ≤ 250 ms for everything but logins, logins p99 ≤
 *    500 ms, the rate served). Run flat out, every process on the machine
 *    (the load generator too) queues for the same two cores, and latency
 *    measures that queue rather than the service: the latency targets are
 *    judged at the stated rate. Skipped without PostgreSQL or nginx.
 * Prints one JSON line per figure, and PASS/FAIL lines to stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  addAccount,
  createBenchDatabase,
  createJudge,
  percentile,
  postgresAvailable,
  signIn,
  startBenchServer,
} from './server.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const LOGIN_RATE = Number(process.env.BENCH_LOGIN_RATE ?? 10);
/** The steady rate (requests/s, logins aside) at which the production layout's latency is judged. */
const STEADY_RATE = Number(process.env.BENCH_LOAD_RATE ?? 1600);
const COMPANIES = process.env.BENCH_COMPANIES ?? '4200';
const READER = { email: 'bench-load@example.com', password: 'Bench!Load9' };
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
/** Which layouts to measure (BENCH_LOAD_LAYOUTS=embedded,cluster). */
const LAYOUTS = new Set((process.env.BENCH_LOAD_LAYOUTS ?? 'embedded,cluster').split(','));

const { emit, judge, summarize } = createJudge('load');

const SCREEN = JSON.stringify({
  query: `query Screen($data: PageInput!, $filters: FilterMap, $sortField: String, $sortDirection: SortDirection) {
    filteredCompanies(data: $data, filters: $filters, sortField: $sortField, sortDirection: $sortDirection) {
      totalItems totalPages companies { symbol name market_cap last_sale change_pre volume isFavorite is_client }
    }
  }`,
  variables: {
    data: { page: 1, pageSize: 50 },
    filters: { 'Market Cap': '50000000 to 2000000000' },
    sortField: 'change_pre',
    sortDirection: 'desc',
  },
});

interface Outcome {
  requests: number;
  failed: number;
  p50: number;
  p99: number;
}

/** One kind of call of the mix, as both harnesses send it. */
interface MixCall {
  method: 'GET' | 'POST' | 'PATCH';
  /** The path of the next call (the mix walks through companies, pages and articles). */
  path: () => string;
  headers?: Record<string, string>;
  body?: () => string;
  /** Whether a 2xx answer's body is the one asked for. */
  verify?: (body: string) => boolean;
}

type Kind = 'screener' | 'company' | 'news' | 'favorites' | 'logins';

/** Each kind's share of the mix; sign-ins come at their own steady rate (LOGIN_RATE). */
const SHARES: Record<Exclude<Kind, 'logins'>, number> = { screener: 0.25, company: 0.25, news: 0.3, favorites: 0.15 };

/** The calls of the mix, for a signed-in reader, some companies and some articles. */
async function mixCalls(url: string): Promise<Record<Kind, MixCall>> {
  const token = await signIn(url, READER);
  const symbols = (
    (await (await fetch(`${url}/api/stock/search?query=a&pageSize=100`)).json()) as { data: { symbol: string }[] }
  ).data.map((c) => c.symbol);
  const { news } = (await (await fetch(`${url}/api/news/all?limit=50`)).json()) as { news: { id: number }[] };
  if (symbols.length === 0 || news.length === 0) throw new Error('no demo companies or news to load');
  const json = { 'content-type': 'application/json' };
  let n = 0;
  return {
    screener: {
      method: 'POST',
      path: () => '/api/graphql',
      headers: json,
      body: () => SCREEN,
      verify: (body) => body.startsWith('{"data":{"filteredCompanies"'),
    },
    company: { method: 'GET', path: () => `/api/stock/company/${symbols[n++ % symbols.length]}` },
    news: { method: 'GET', path: () => `/api/news/all?limit=10&page=${(n++ % 20) + 1}` },
    favorites: {
      method: 'PATCH',
      path: () => '/api/news/favorites',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: () => JSON.stringify({ newsId: news[n++ % news.length]!.id }),
    },
    logins: { method: 'POST', path: () => '/api/auth/login', headers: json, body: () => JSON.stringify(READER) },
  };
}

const kindsOf = (calls: Record<Kind, MixCall>) => Object.entries(calls) as [Kind, MixCall][];

/** The mix, as one autocannon run per kind of call, all at once; each kind's share of the connections. */
async function mixedLoad(url: string): Promise<Record<string, Outcome>> {
  const calls = await mixCalls(url);
  const connections = (part: number) => Math.max(1, Math.round(CONNECTIONS * part));
  const results = await Promise.all(
    kindsOf(calls).map(async ([kind, call]) => {
      const options: autocannon.Options = {
        url,
        duration: SECONDS,
        ...(kind === 'logins'
          ? { connections: connections(0.05), overallRate: LOGIN_RATE }
          : { connections: connections(SHARES[kind]) }),
        requests: [
          {
            setupRequest: (r) => ({
              ...r,
              method: call.method,
              path: call.path(),
              headers: { ...r.headers, ...call.headers },
              body: call.body?.(),
            }),
          },
        ],
        ...(call.verify && { verifyBody: (body: unknown) => call.verify!(String(body ?? '')) }),
      };
      const result = await (autocannon(options) as unknown as Promise<autocannon.Result>);
      const outcome: Outcome = {
        requests: result.requests.total,
        failed: result.errors + result.non2xx + (result.mismatches ?? 0) + result.timeouts,
        p50: result.latency.p50,
        p99: result.latency.p99,
      };
      if (outcome.failed > 0) {
        const statuses = Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, stat]) => `${stat.count}× ${code}`);
        console.error(
          `${kind}: ${outcome.failed} failed (${[...statuses, `${result.errors} errors`, `${result.timeouts} timeouts`, `${result.mismatches ?? 0} unexpected bodies`].join(', ')})`,
        );
      }
      return [kind, outcome] as const;
    }),
  );
  return Object.fromEntries(results);
}

/**
 * The mix at a steady `rate` of requests a second (and sign-ins at theirs):
 * each call is sent when it is due, whether or not earlier ones have been
 * answered, as readers arrive, over at most CONNECTIONS kept-alive
 * connections, and its latency counts from when it was due, so a generator
 * that falls behind counts against the site. (autocannon's own rate limit
 * sends each second's quota at once: it measures a burst.) The calls go
 * through node:http, not fetch: at these rates fetch alone took a whole core
 * of the two the site has.
 */
async function steadyMix(url: string, rate: number): Promise<Record<string, Outcome>> {
  const calls = kindsOf(await mixCalls(url)).map(([kind, call]) => ({
    kind,
    call,
    perSecond: kind === 'logins' ? LOGIN_RATE : rate * SHARES[kind],
  }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const send = async (call: MixCall) => {
    const answer = await httpCall(agent, new URL(call.path(), url), call);
    return answer.ok && (call.verify?.(answer.body) ?? true);
  };
  const latencies: Record<string, number[]> = {};
  const failures: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const sent: Record<string, number> = {};
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      const elapsed = Math.min(performance.now() - start, SECONDS * 1000);
      for (const { kind, call, perSecond } of calls) {
        const due = Math.floor((elapsed / 1000) * perSecond);
        for (let i = sent[kind] ?? 0; i < due; i++) {
          const dueAt = start + (i * 1000) / perSecond;
          pending.push(
            send(call)
              .catch(() => false)
              .then((ok) => {
                (latencies[kind] ??= []).push(performance.now() - dueAt);
                if (!ok) failures[kind] = (failures[kind] ?? 0) + 1;
              }),
          );
        }
        sent[kind] = Math.max(sent[kind] ?? 0, due);
      }
      if (elapsed >= SECONDS * 1000) {
        clearInterval(tick);
        done();
      }
    }, 1);
  });
  await Promise.all(pending);
  agent.destroy();
  return Object.fromEntries(
    calls.map(({ kind }) => {
      const sorted = (latencies[kind] ?? []).sort((a, b) => a - b);
      const outcome: Outcome = {
        requests: sorted.length,
        failed: failures[kind] ?? 0,
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
      };
      return [kind, outcome];
    }),
  );
}

/** One call; whether it answered 2xx within 10 s, and its body (read whole, as a client would). */
function httpCall(agent: http.Agent, target: URL, call: MixCall): Promise<{ ok: boolean; body: string }> {
  return new Promise((resolve) => {
    const failed = () => resolve({ ok: false, body: '' });
    const body = call.body?.();
    const headers = { ...call.headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: call.method,
        headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', failed);
      },
    );
    request.setTimeout(10_000, () => request.destroy());
    request.on('error', failed);
    request.end(body);
  });
}

function report(
  layout: string,
  outcomes: Record<string, Outcome>,
  targets: { p99?: number; loginP99?: number; rps?: number },
) {
  let requests = 0;
  let failed = 0;
  let worstP99 = 0;
  for (const [kind, o] of Object.entries(outcomes)) {
    emit(`${layout}_${kind}_requests`, o.requests, 'count');
    emit(`${layout}_${kind}_p50`, o.p50, 'ms');
    emit(`${layout}_${kind}_p99`, o.p99, 'ms');
    emit(`${layout}_${kind}_failed`, o.failed, 'count');
    requests += o.requests;
    failed += o.failed;
    if (kind !== 'logins') worstP99 = Math.max(worstP99, o.p99);
  }
  judge(`${layout}_failed`, failed, 'count', { max: 0 });
  if (targets.p99) judge(`${layout}_p99_except_logins`, worstP99, 'ms', { max: targets.p99 });
  else emit(`${layout}_p99_except_logins`, worstP99, 'ms');
  if (targets.loginP99) judge(`${layout}_logins_p99`, outcomes.logins!.p99, 'ms', { max: targets.loginP99 });
  const rps = requests / SECONDS;
  if (targets.rps) judge(`${layout}_requests_per_second`, rps, 'req/s', { min: targets.rps });
  else emit(`${layout}_requests_per_second`, rps, 'req/s');
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

console.error(
  `machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${CONNECTIONS} connections for ${SECONDS} s`,
);

// 1. One process on the embedded database.
if (LAYOUTS.has('embedded')) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-load-'));
  addAccount(READER, { DATA_DIR: dataDir });
  const server = await startBenchServer(
    { BUILD_SITE: 'false', DEMO_COMPANY_COUNT: COMPANIES, LOG_LEVEL: 'error' },
    dataDir,
  );
  try {
    console.error('embedded database: loading…');
    report('embedded', await mixedLoad(server.url), { p99: 1000, loginP99: 1000 });
  } finally {
    await server.stop();
  }
}

// 2. Two instances on PostgreSQL behind nginx.
const postgresServer = LAYOUTS.has('cluster') ? await postgresAvailable() : null;
if (!LAYOUTS.has('cluster')) {
  console.error('production layout not asked for (BENCH_LOAD_LAYOUTS)');
} else if (!postgresServer || !NGINX) {
  console.error(`production layout skipped: ${!postgresServer ? 'no PostgreSQL' : 'nginx is not installed'}`);
} else {
  const database = await createBenchDatabase(postgresServer);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-cluster-'));
  const port = 4900 + Math.floor(Math.random() * 50);
  let cluster: ChildProcess | null = null;
  try {
    const env = {
      DATABASE_URL: database.url,
      PORT: String(port),
      INSTANCE_BASE_PORT: String(port + 100),
      SITE_DIR: path.join(dir, 'site'),
      CLUSTER_DIR: path.join(dir, 'run'),
      DEMO_COMPANY_COUNT: COMPANIES,
      LOG_LEVEL: 'error',
      EXPENSIVE_CALLS_PER_ADDRESS: '1000',
      SITE_FIRST_PAGES_FIRST: 'false',
    };
    cluster = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve-cluster.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    console.error('production layout: seeding and the first build…');
    await until(
      async () =>
        (
          (await (await fetch(`http://127.0.0.1:${port + 100}/api/site/ready`)).json()) as {
            data: { published: boolean };
          }
        ).data.published,
      20 * 60_000,
      'the first build',
    );
    addAccount(READER, { DATABASE_URL: database.url });
    await until(async () => (await fetch(`${url}/api/news/all?limit=1`)).ok, 60_000, 'nginx answering');
    console.error('production layout: loading as fast as the connections go…');
    report('cluster', await mixedLoad(url), { rps: 1500 });
    console.error(`production layout: loading at ${STEADY_RATE} requests/s…`);
    report(`cluster_at_${STEADY_RATE}`, await steadyMix(url, STEADY_RATE), {
      p99: 250,
      loginP99: 500,
      rps: STEADY_RATE * 0.95,
    });
  } finally {
    if (cluster) {
      cluster.kill('SIGTERM');
      await new Promise((resolve) => cluster!.once('exit', resolve));
    }
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
summarize();
