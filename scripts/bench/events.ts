/**
 * Events benchmark, on the demo data:
 * - GET /api/events/all, a mix of the page's queries (upcoming, history, this
 *   month, a search for a company's name): p99 at 1 connection (target
 *   ≤ 10 ms) and throughput at 32 connections (target ≥ 1,000 req/s);
 * - POST /api/events/register with 8 connections, every request a new
 *   registration (its own email, and its own client address behind a trusted
 *   proxy so the per-address limit of new registrations does not refuse it):
 *   p99 (target ≤ 50 ms) and the answers that were not 2xx (target 0);
 * both on the embedded database and on PostgreSQL when BENCH_DATABASE_URL (or
 * a server on 127.0.0.1:5432) is available;
 * - the events page in Chromium: its JavaScript (gzip, target ≤ 120 KB) and
 *   the time from navigation until the first event card is visible (median
 *   of 5 fresh visits, target ≤ 1 s).
 * Prints one JSON line per figure; a figure with a target is followed by
 * `<metric>_target` and `<metric>_pass` (1 met, 0 missed), and a summary goes to stderr.
 */
import autocannon from 'autocannon';
import { hasChromium, launchChromium, pageScriptBytes, timeToSelector, waitForPage } from './page.ts';
import {
  createBenchDatabase,
  createJudge,
  percentile,
  postgresAvailable,
  startBenchServer,
  type BenchServer,
} from './server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const PAGE_RUNS = 5;
const CARD = '[data-testid="event-card"]';
/** BENCH_PARTS=page (for instance) runs only some parts. */
const parts = new Set((process.env.BENCH_PARTS ?? 'pglite,postgres,page').split(','));

const { emit, judge, summarize } = createJudge('events');

interface ListedEvent {
  upcoming_date: string;
  form_url: string | null;
  zoom_id: string | null;
  Company: { name: string } | null;
}

const upcoming = async (server: BenchServer) =>
  ((await (await fetch(`${server.url}/api/events/all?tab=upcoming&pageSize=100`)).json()) as { data: ListedEvent[] })
    .data;

/** The list as the page asks for it: the two tabs, a range, and a search for a word of a company's name. */
function listQueries(word: string): Record<string, string> {
  const query = (params: Record<string, string>) =>
    `/api/events/all?${new URLSearchParams({ text: '', tab: 'upcoming', range: 'all', page: '1', pageSize: '10', ...params })}`;
  return {
    upcoming: query({}),
    history: query({ tab: 'history' }),
    upcoming_month: query({ range: 'month' }),
    search_upcoming: query({ text: word }),
    search_history: query({ tab: 'history', text: word }),
  };
}

async function loadList(server: BenchServer, requests: autocannon.Request[], connections: number) {
  const result = await autocannon({
    url: server.url,
    requests,
    connections,
    duration: DURATION_S,
    verifyBody: (body) => String(body ?? '').startsWith('{"data":['),
  });
  const failures = result.non2xx + result.errors + (result.mismatches ?? 0);
  if (failures > 0)
    throw new Error(`list: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.mismatches} wrong bodies`);
  return result;
}

async function measureList(label: string, server: BenchServer, events: ListedEvent[]) {
  // A word of a company's name, as a reader would type it (the first upcoming event's company).
  const word = events.find((e) => e.Company)?.Company?.name.split(/\s+/)[0] ?? 'Investor';
  const queries = listQueries(word);
  for (const [query, path] of Object.entries(queries)) {
    const res = await fetch(`${server.url}${path}`);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    const { total } = (await res.json()) as { total: number };
    emit(`${label}_list_total_${query}`, total, 'count');
  }
  const requests = Object.values(queries).map((path) => ({ path }));
  // Warm up.
  await loadList(server, requests, 4).catch(() => {});
  const single = await loadList(server, requests, 1);
  emit(`${label}_list_1conn_p50`, single.latency.p50, 'ms');
  judge(`${label}_list_1conn_p99`, single.latency.p99, 'ms', { max: 10 });
  const many = await loadList(server, requests, 32);
  judge(`${label}_list_32conn_throughput`, many.requests.average, 'req/s', { min: 1000 });
  emit(`${label}_list_32conn_p99`, many.latency.p99, 'ms');
}

async function measureRegister(label: string, server: BenchServer, events: ListedEvent[]) {
  // Webinars that start later: one that ends during the run would answer 409.
  const open = events.filter((e) => e.form_url && e.zoom_id && Date.parse(e.upcoming_date) > Date.now());
  if (open.length === 0) throw new Error('no upcoming webinar to register for');
  emit(`${label}_register_webinars`, open.length, 'count');
  const run = Date.now().toString(36);
  let n = 0;
  /** A new registrant: own email, own client address, the next webinar in turn. */
  const next = () => {
    n++;
    const event = open[n % open.length]!;
    return {
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: `Registrant ${n}`,
        email: `bench-${run}-${n}@example.com`,
        phone: '(212) 555-0100',
        company_name: 'Bench Capital LLC',
        job_title: 'Analyst',
        form_id: event.form_url,
        zoom_id: event.zoom_id,
        reminders: 'email',
      }),
    };
  };
  // Warm up, one at a time.
  for (let i = 0; i < 20; i++) {
    const { ip, body } = next();
    const res = await fetch(`${server.url}/api/events/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body,
    });
    if (res.status !== 200) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }

  const failures = new Map<string, number>();
  const tally = (key: string) => failures.set(key, (failures.get(key) ?? 0) + 1);
  const result = await autocannon({
    url: server.url,
    connections: 8,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/api/events/register',
        setupRequest: (request) => {
          const { ip, body } = next();
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', 'x-forwarded-for': ip },
            body,
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) tally(`${status} ${/"message":"([^"]*)"/.exec(body)?.[1] ?? ''}`.trim());
        },
      },
    ],
  });
  emit(`${label}_register_8conn_p50`, result.latency.p50, 'ms');
  judge(`${label}_register_8conn_p99`, result.latency.p99, 'ms', { max: 50 });
  emit(`${label}_register_8conn_throughput`, result.requests.average, 'req/s');
  emit(`${label}_register_requests`, result.requests.total, 'count');
  judge(`${label}_register_non2xx`, result.non2xx, 'count', { max: 0 });
  emit(`${label}_register_errors`, result.errors, 'count');
  for (const [key, count] of failures) console.error(`register answered ${key}: ${count}×`);
}

/** The list, then registrations, on a server with the demo data; figures are prefixed with `label`. */
async function measureApi(label: string, server: BenchServer) {
  // The site is ready when the seed is done.
  while ((await fetch(`${server.url}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 200));
  const events = await upcoming(server);
  await measureList(label, server, events);
  await measureRegister(label, server, events);
  emit(`${label}_peak_rss`, server.memory().peak, 'MiB');
}

// Requests carry distinct client addresses (behind a trusted proxy) so the per-address limit of new registrations does not cap the measurement.
const api = { BUILD_SITE: 'false', LOG_LEVEL: 'error', TRUST_PROXY: 'true' };

if (parts.has('pglite')) {
  const server = await startBenchServer(api);
  try {
    await measureApi('pglite', server);
  } finally {
    await server.stop();
  }
}

const pgUrl = parts.has('postgres') ? await postgresAvailable() : null;
if (pgUrl) {
  const database = await createBenchDatabase(pgUrl);
  const server = await startBenchServer({ ...api, DATABASE_URL: database.url });
  try {
    await measureApi('postgres', server);
  } finally {
    await server.stop();
    await database.drop();
  }
} else if (parts.has('postgres')) {
  emit('postgres_skipped', 1, 'flag');
}

if (parts.has('page') && hasChromium()) {
  // The page as a visitor gets it: the real server with its built site.
  const server = await startBenchServer({ LOG_LEVEL: 'error' });
  const browser = await launchChromium();
  try {
    const url = `${server.url}/events`;
    await waitForPage(url, 20 * 60_000);
    const weight = await pageScriptBytes(browser, url);
    emit('page_js_files', weight.files, 'count');
    judge('page_js_gzip', weight.gzipBytes / 1024, 'KB', { max: 120 });
    const scrolled = await pageScriptBytes(browser, url, { scroll: true });
    emit('page_js_gzip_scrolled', scrolled.gzipBytes / 1024, 'KB');
    const times = await timeToSelector(browser, url, CARD, PAGE_RUNS);
    emit('page_first_card_in_dom_p50', percentile(times.inDom, 50), 'ms');
    judge('page_first_card_visible_p50', percentile(times.visible, 50), 'ms', { max: 1000 });
    emit('page_first_card_visible_max', times.visible[times.visible.length - 1]!, 'ms');
  } finally {
    await browser.close();
    await server.stop();
  }
} else if (parts.has('page')) {
  emit('page_skipped_no_chromium', 1, 'flag');
}

summarize();
