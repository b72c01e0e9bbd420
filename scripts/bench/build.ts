/**
 * Site build benchmark, on the demo corpus. BENCH_PARTS picks parts (default
 * `edits,weight,lighthouse`); the cold build is measured whichever run, since
 * every part needs its site:
 * - the cold full build (time, pages, pages/s, peak memory of the build
 *   process), and company pages' share of it;
 * - `edits`: the rebuild after a staff edit of one article (pages rendered,
 *   share of all pages, wall time and its ratio to the cold build); the rebuild
 *   after one company's landing page is edited (only that company's pages
 *   render again); edit-to-live latency: PUT /api/tools/news/{id} until the new
 *   title is served, then p50 and p99 over ten edits each of an article, a
 *   video and a company landing page (content builds, see
 *   src/server/features/site-build/warm-renderer.ts);
 * - `weight`: the JavaScript (gzip) of an article as a reader arriving from
 *   search gets it, and of company pages and the screener as they load and once
 *   scrolled to the end (every island loaded);
 * - `lighthouse`: Lighthouse performance (mobile) of every page type: the home
 *   page, the screener, a company's stock page, a client's overview and its
 *   Market Data tab, an article, a video, the news list and the events page,
 *   each BENCH_LIGHTHOUSE_RUNS times (median) once the machine is quiet,
 *   judged against score ≥ 90, LCP ≤ 2.5 s and CLS ≤ 0.1.
 * Prints one JSON line per figure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, hasChromium, launchChromium, pageScriptBytes } from './page.ts';
import { addAccount, createJudge, signIn, startBenchServer, type BenchServer } from './server.ts';

const { emit, judge, summarize } = createJudge('build');
const parts = new Set((process.env.BENCH_PARTS ?? 'edits,weight,lighthouse').split(','));
/** Lighthouse's score moves from run to run on a shared machine: each page is measured this many times, the median kept. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const STAFF = { email: 'bench-editor@example.com', password: 'Bench!Edit0r' };

interface BuildStatus {
  state: 'idle' | 'building' | 'failed';
  currentBuild: string | null;
  durationMs: number | null;
  lastError: string | null;
  pages: { rendered: number; unchanged: number } | null;
  sections: Record<string, { rendered: number; unchanged: number; renderMs: number }> | null;
}

interface LighthouseRun {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** Lighthouse's mobile performance (score 0-100, LCP, CLS, TBT) of a page, run with the local Chromium. */
function lighthouseRun(url: string): LighthouseRun {
  const out = path.join(os.tmpdir(), `redcap-lighthouse-${process.pid}.json`);
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
      url,
      '--only-categories=performance',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed: ${run.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue: number }>;
    runtimeError?: { code: string };
  };
  fs.rmSync(out, { force: true });
  if (report.runtimeError || report.categories.performance.score === null)
    throw new Error(`lighthouse could not measure ${url}: ${report.runtimeError?.code ?? 'no score'}`);
  return {
    score: report.categories.performance.score * 100,
    lcpMs: report.audits['largest-contentful-paint']!.numericValue,
    cls: report.audits['cumulative-layout-shift']!.numericValue,
    tbtMs: report.audits['total-blocking-time']!.numericValue,
  };
}

/** A page's runs, each figure the median of its runs; a run Lighthouse could not record (it happens) is made again. */
function lighthouseMedian(url: string, runs: number): LighthouseRun & { scores: number[] } {
  const results: LighthouseRun[] = [];
  for (let attempt = 0; results.length < runs; attempt++) {
    try {
      results.push(lighthouseRun(url));
    } catch (error) {
      if (attempt >= runs * 2) throw error;
    }
  }
  const median = (values: number[]) => percentile(values, 50);
  return {
    score: median(results.map((r) => r.score)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    cls: median(results.map((r) => r.cls)),
    tbtMs: median(results.map((r) => r.tbtMs)),
    scores: results.map((r) => r.score),
  };
}

/** The share (0-1) of the machine's CPU time spent busy over `ms`. */
async function cpuBusyShare(ms: number): Promise<number> {
  const total = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { idle, ...rest } = cpu.times;
        return { idle: sum.idle + idle, all: sum.all + idle + Object.values(rest).reduce((a, b) => a + b, 0) };
      },
      { idle: 0, all: 0 },
    );
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = total();
  return 1 - (after.idle - before.idle) / Math.max(1, after.all - before.all);
}

/**
 * Waits (a minute at most) until the machine is quiet: Lighthouse times a page's work on this machine's CPU, so a
 * page measured while something else runs (a build's last steps, another program) scores what that run costs, not
 * what the page does. Returns the busy share it saw last.
 */
async function waitForQuietCpu(): Promise<number> {
  const deadline = Date.now() + 60_000;
  let busy = await cpuBusyShare(2000);
  while (busy > 0.2 && Date.now() < deadline) busy = await cpuBusyShare(2000);
  return busy;
}

/** Staff sign-in headers: the build status gives staff the page counts by section. */
let staffHeaders: Record<string, string> = {};

const status = async (server: BenchServer) =>
  ((await (await fetch(`${server.url}/api/site/build`, { headers: staffHeaders })).json()) as { data: BuildStatus })
    .data;

/** Resident memory of the server's child processes (the build), MiB. */
function childrenRss(pid: number): number {
  let total = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    let children: string[];
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {
      continue;
    }
    for (const child of children) {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child}/status`, 'utf8'))?.[1];
        total += Number(kb ?? 0) / 1024 + childrenRss(Number(child));
      } catch {
        // The process ended between the two reads.
      }
    }
  }
  return total;
}

/** Waits for a finished build whose id differs from `previous`, sampling the build's memory. */
async function waitForBuild(server: BenchServer, previous: string | null): Promise<BuildStatus & { peakMiB: number }> {
  let peakMiB = 0;
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    peakMiB = Math.max(peakMiB, childrenRss(server.child.pid!));
    const now = await status(server).catch(() => null);
    if (now?.state === 'failed') throw new Error(`build failed: ${now.lastError}`);
    if (now && now.state === 'idle' && now.currentBuild && now.currentBuild !== previous) return { ...now, peakMiB };
    if (Date.now() > deadline) throw new Error('no build finished in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until no build is running (the last edits' content builds may still be going). */
async function waitForIdle(server: BenchServer): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while ((await status(server)).state === 'building') {
    if (Date.now() > deadline) throw new Error('the site kept building');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** How many times each kind of page is edited for the edit-to-live percentiles. */
const EDIT_ROUNDS = 10;

/** A record staff edit: where it is changed, how its version is read, the page that shows it. */
interface EditTarget {
  api: string;
  list: string;
  read: (body: unknown) => number;
  page: string;
  field: 'title' | 'name' | 'subtitle';
}

/** Milliseconds from an edit's save until its page serves the new text. */
async function editUntilLive(server: BenchServer, headers: Record<string, string>, target: EditTarget, text: string) {
  const version = target.read(await (await fetch(`${server.url}${target.list}`, { headers })).json());
  const savedAt = performance.now();
  const saved = await fetch(`${server.url}${target.api}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ [target.field]: text, version }),
  });
  if (saved.status !== 200) throw new Error(`the edit of ${target.api} failed with ${saved.status}`);
  for (;;) {
    if ((await (await fetch(`${server.url}${target.page}`)).text()).includes(text)) return performance.now() - savedAt;
    if (performance.now() - savedAt > 120_000) throw new Error(`the edit of ${target.api} never went live`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The nearest-rank percentile. */
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The rebuilds after one article's and one client's landing page's edit, and edit to live over several edits of an
 * article (`id` at `version`, from the console's list), a video and the client's landing page (`symbol`).
 */
async function measureEdits(
  server: BenchServer,
  cold: BuildStatus,
  { id, version, symbol }: { id: number; version: number; symbol: string },
): Promise<void> {
  const title = `Edited for the benchmark ${Date.now()}`;
  const editedAt = performance.now();
  const put = await fetch(`${server.url}/api/tools/news/${id}`, {
    method: 'PUT',
    headers: staffHeaders,
    body: JSON.stringify({ title, version }),
  });
  if (put.status !== 200) throw new Error(`edit failed with ${put.status}`);
  for (;;) {
    const html = await (await fetch(`${server.url}/news/${id}/`)).text();
    if (html.includes(title)) break;
    if (performance.now() - editedAt > 120_000) throw new Error('the edit never went live');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const liveMs = performance.now() - editedAt;
  const rebuild = await waitForBuild(server, cold.currentBuild);
  const rendered = rebuild.pages?.rendered ?? 0;
  const total = rendered + (rebuild.pages?.unchanged ?? 0);
  emit('edit_to_live', liveMs, 'ms');
  emit('rebuild', rebuild.durationMs ?? 0, 'ms');
  emit('rebuild_vs_cold', ((rebuild.durationMs ?? 0) / (cold.durationMs ?? 1)) * 100, '%');
  emit('rebuild_pages_rendered', rendered, 'count');
  emit('rebuild_pages_rendered_share', (rendered / Math.max(1, total)) * 100, '%');

  // One company's data changes: a staff edit of a client's landing page.
  const subtitle = `Edited for the benchmark ${Date.now()}`;
  const { data: page } = (await (
    await fetch(`${server.url}/api/tools/company-landing/${symbol}`, { headers: staffHeaders })
  ).json()) as { data: { version: number } };
  const companyEditedAt = performance.now();
  const landing = await fetch(`${server.url}/api/tools/company-landing/${symbol}`, {
    method: 'PUT',
    headers: staffHeaders,
    body: JSON.stringify({ subtitle, version: page.version }),
  });
  if (landing.status !== 200) throw new Error(`landing edit failed with ${landing.status}`);
  const companyRebuild = await waitForBuild(server, rebuild.currentBuild);
  const companyLiveMs = performance.now() - companyEditedAt;
  const html = await (await fetch(`${server.url}/stocks/${symbol}/`)).text();
  if (!html.includes(subtitle)) throw new Error('the company edit is not on its page');
  const companyRendered = companyRebuild.pages?.rendered ?? 0;
  const companyTotal = companyRendered + (companyRebuild.pages?.unchanged ?? 0);
  emit('company_rebuild', companyRebuild.durationMs ?? 0, 'ms');
  emit('company_rebuild_vs_cold', ((companyRebuild.durationMs ?? 0) / (cold.durationMs ?? 1)) * 100, '%');
  emit('company_rebuild_pages_rendered', companyRendered, 'count');
  emit('company_rebuild_company_pages_rendered', companyRebuild.sections?.company?.rendered ?? 0, 'count');
  emit('company_rebuild_pages_rendered_share', (companyRendered / Math.max(1, companyTotal)) * 100, '%');
  emit('company_edit_to_live', companyLiveMs, 'ms');

  // Edit to live, several times over, for each kind of page staff edit: an article, a video, a company landing page.
  const { data: videoList } = (await (
    await fetch(`${server.url}/api/tools/videos?limit=1`, { headers: staffHeaders })
  ).json()) as {
    data: { id: number }[];
  };
  const editable: Record<'article' | 'video' | 'company', EditTarget> = {
    article: {
      api: `/api/tools/news/${id}`,
      read: (body) => (body as { news: { version: number }[] }).news[0]!.version,
      list: `/api/tools/news?limit=1&page=20`,
      page: `/news/${id}/`,
      field: 'title',
    },
    video: {
      api: `/api/tools/videos/${videoList[0]!.id}`,
      read: (body) => (body as { data: { version: number }[] }).data[0]!.version,
      list: `/api/tools/videos?limit=1`,
      page: `/video/${videoList[0]!.id}/`,
      field: 'name',
    },
    company: {
      api: `/api/tools/company-landing/${symbol}`,
      read: (body) => (body as { data: { version: number } }).data.version,
      list: `/api/tools/company-landing/${symbol}`,
      page: `/stocks/${symbol}/`,
      field: 'subtitle',
    },
  };
  const times: Record<string, number[]> = { article: [], video: [], company: [] };
  for (let round = 0; round < EDIT_ROUNDS; round++) {
    for (const [kind, target] of Object.entries(editable)) {
      times[kind]!.push(await editUntilLive(server, staffHeaders, target, `${kind} edit ${round} ${Date.now()}`));
    }
  }
  for (const [kind, samples] of Object.entries(times)) {
    emit(`edit_to_live_${kind}_p50`, percentile(samples, 50), 'ms');
    emit(`edit_to_live_${kind}_p99`, percentile(samples, 99), 'ms');
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-build-'));
// A staff account for the edit, created before the server owns the data directory.
addAccount(STAFF, { DATA_DIR: dataDir });

const server = await startBenchServer({ LOG_LEVEL: 'error', SITE_REBUILD_DEBOUNCE_MS: '200' }, dataDir);
try {
  const token = await signIn(server.url, STAFF);
  staffHeaders = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const cold = await waitForBuild(server, null);
  const pages = (cold.pages?.rendered ?? 0) + (cold.pages?.unchanged ?? 0);
  emit('cold_build', cold.durationMs ?? 0, 'ms');
  emit('cold_pages', pages, 'count');
  emit('cold_pages_per_s', pages / ((cold.durationMs ?? 1) / 1000), 'pages/s');
  emit('cold_build_peak_rss', cold.peakMiB, 'MiB');
  const sections = Object.values(cold.sections ?? {});
  const company = cold.sections?.company ?? { rendered: 0, unchanged: 0, renderMs: 0 };
  const allRenderMs = sections.reduce((sum, x) => sum + x.renderMs, 0);
  emit('cold_company_pages', company.rendered + company.unchanged, 'count');
  emit('cold_company_pages_share', ((company.rendered + company.unchanged) / Math.max(1, pages)) * 100, '%');
  emit('cold_company_render_ms', company.renderMs, 'ms');
  emit('cold_company_render_share', (company.renderMs / Math.max(1, allRenderMs)) * 100, '%');

  // The pages measured: an article of the console's list (its 20th page, away from the newest), a client company
  // (the first of the clients' news), a company that is not a client (today's leader), a video.
  const { news } = (await (
    await fetch(`${server.url}/api/tools/news?limit=1&page=20`, { headers: staffHeaders })
  ).json()) as {
    news: { id: number; version: number }[];
  };
  const { id, version } = news[0]!;
  const { news: clientNews } = (await (await fetch(`${server.url}/api/news/top/clients?limit=1`)).json()) as {
    news: { id: number; company_symbol: string }[];
  };
  const symbol = clientNews[0]!.company_symbol;
  const { data: movers } = (await (
    await fetch(`${server.url}/api/stock/leadersLaggards?page=1&pageSize=1&order=leaders`)
  ).json()) as { data: { symbol: string }[] };
  const leader = movers[0]!.symbol;
  const { data: videos } = (await (await fetch(`${server.url}/api/videos/all?limit=1`)).json()) as {
    data: { id: number }[];
  };

  if (parts.has('edits')) await measureEdits(server, cold, { id, version, symbol });

  if (!hasChromium()) {
    emit('pages_skipped_no_chromium', 1, 'flag');
  } else {
    if (parts.has('weight')) {
      const browser = await launchChromium();
      try {
        const weight = await pageScriptBytes(browser, `${server.url}/news/${id}/`);
        emit('article_js_files', weight.files, 'count');
        emit('article_js_gzip', weight.gzipBytes / 1024, 'KB');
        // A client company's article also carries the news-alert form.
        const client = await pageScriptBytes(browser, `${server.url}/news/${clientNews[0]!.id}/`);
        emit('client_article_js_gzip', client.gzipBytes / 1024, 'KB');
        // Company pages and the screener as they load, then scrolled to the end (every island loaded: the chart
        // and its library, the tables, the grid).
        for (const [label, pagePath] of [
          ['company', `/stocks/${leader}/`],
          ['client_company', `/stocks/${symbol}/`],
          ['client_marketdata', `/stocks/${symbol}/marketdata/`],
          ['screener', '/stocks/'],
        ] as const) {
          const initial = await pageScriptBytes(browser, `${server.url}${pagePath}`);
          emit(`${label}_js_initial_gzip`, initial.gzipBytes / 1024, 'KB');
          const scrolled = await pageScriptBytes(browser, `${server.url}${pagePath}`, { scroll: true });
          emit(`${label}_js_files`, scrolled.files, 'count');
          emit(`${label}_js_gzip`, scrolled.gzipBytes / 1024, 'KB');
        }
      } finally {
        await browser.close();
      }
    }
    if (parts.has('lighthouse')) {
      // No build beside the measurements: Lighthouse times the page's work on this machine's CPU. The machine's
      // load when they start says what else was running.
      await waitForIdle(server);
      emit('lighthouse_load_average_1m', os.loadavg()[0]!, 'load');
      for (const [label, pagePath] of [
        ['home', '/'],
        ['screener', '/stocks/'],
        ['company', `/stocks/${leader}/`],
        ['client_overview', `/stocks/${symbol}/`],
        ['client_marketdata', `/stocks/${symbol}/marketdata/`],
        ['article', `/news/${id}/`],
        ['video', `/video/${videos[0]!.id}/`],
        ['news', '/news/'],
        ['events', '/events/'],
      ] as const) {
        emit(`lighthouse_mobile_${label}_cpu_busy_before`, (await waitForQuietCpu()) * 100, '%');
        const result = lighthouseMedian(`${server.url}${pagePath}`, LIGHTHOUSE_RUNS);
        judge(`lighthouse_mobile_${label}`, result.score, 'score', { min: 90 });
        judge(`lighthouse_mobile_${label}_lcp`, result.lcpMs, 'ms', { max: 2500 });
        judge(`lighthouse_mobile_${label}_cls`, result.cls, 'cls', { max: 0.1 });
        emit(`lighthouse_mobile_${label}_tbt`, result.tbtMs, 'ms');
        emit(`lighthouse_mobile_${label}_score_min`, Math.min(...result.scores), 'score');
        emit(`lighthouse_mobile_${label}_score_max`, Math.max(...result.scores), 'score');
      }
    }
  }
} finally {
  await server.stop();
  summarize();
}
