/**
 * `npm run bench:facts`: financial statements from the SEC's company facts (docs/product.md §9.12).
 * Parts (BENCH_PARTS, all by default: `parse,bulk,screener,page`):
 * - `parse`: the real company-facts documents of tests/fixtures/sec-facts read, built into statements
 *   and made records, per second;
 * - `bulk`: a bulk companyfacts.zip of the SEC's format at its real size (BENCH_FACTS_FILERS filers,
 *   18,000 by default, over a gigabyte zipped and many times that unzipped; documents of 250 KB to
 *   8 MB in the real shape, each padded with more concepts) imported by `npm run import -- sec-facts`
 *   for a 4,000-company universe: its wall time and peak memory (targets ≤ 10 min, ≤ 800 MB);
 * - `screener`: screener queries with fundamental filters (runway, dilution, price to sales), one
 *   client's p99 (≤ 10 ms) and 32 connections' throughput (≥ 1,000 requests/s);
 * - `page`: a cold build of the demo site: pages per second with the Financials tab against the
 *   same build less the tab's pages and their render time (≤ 15% slower), and the Financials page's
 *   JavaScript in Chromium (gzip, ≤ 80 KB).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { paddedCik } from '../../src/lib/edgar-links.ts';
import { readCompanyFacts } from '../../src/server/features/financials/company-facts.ts';
import { financialsRecordOf } from '../../src/server/features/financials/record.ts';
import { buildStatements } from '../../src/server/features/financials/statements.ts';
import { writeZip, type ZipEntry } from '../../tests/helpers/zip-writer.ts';
import { hasChromium, launchChromium, pageScriptBytes } from './page.ts';
import { CIK_BASE, ROOT, UNIVERSE, runImport, startUniverseServer } from './sec-support.ts';
import { addAccount, createJudge, percentile, signIn, startBenchServer, type BenchServer } from './server.ts';

const { emit, judge, summarize } = createJudge('facts');
const say = (line: string) => console.error(line);
const parts = new Set((process.env.BENCH_PARTS ?? 'parse,bulk,screener,page').split(','));
const FILERS = Number(process.env.BENCH_FACTS_FILERS ?? 18_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const FIXTURES = path.join(ROOT, 'tests/fixtures/sec-facts');

function parsePart(): void {
  const documents = fs
    .readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, text: fs.readFileSync(path.join(FIXTURES, name), 'utf8') }));
  const bytes = documents.reduce((sum, d) => sum + d.text.length, 0);
  let read = 0;
  const started = performance.now();
  while (performance.now() - started < 5000) {
    for (const { name, text } of documents) {
      financialsRecordOf(buildStatements(readCompanyFacts(text, name)), new Date());
      read++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  emit('facts_documents_read_per_s', read / seconds, 'documents/s');
  emit('facts_megabytes_read_per_s', ((read / documents.length) * (bytes / 1024 / 1024)) / seconds, 'MB/s');
}

/**
 * A company-facts document of about `targetBytes`, in the SEC's shape: the Snowflake document's
 * facts, and its concepts again under further names until the size is reached (real filers report
 * three to five hundred concepts). Returned without its CIK: `{"cik":…,` is written per entry.
 */
function factsBody(targetBytes: number): string {
  const source = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'CIK0001640147.json'), 'utf8')) as {
    entityName: string;
    facts: Record<string, Record<string, unknown>>;
  };
  const gaap = source.facts['us-gaap']!;
  const concepts = Object.entries(gaap);
  let size = JSON.stringify(source).length;
  for (let i = 0; size < targetBytes; i++) {
    const [name, body] = concepts[i % concepts.length]!;
    const extra = JSON.stringify(body);
    gaap[`${name}Other${i}`] = JSON.parse(extra);
    size += extra.length + name.length + 12;
  }
  const text = JSON.stringify({ cik: 0, entityName: source.entityName, facts: source.facts });
  return text.slice(text.indexOf(',') + 1);
}

/**
 * The bulk zip: FILERS entries named CIK##########.json in CIK order, the universe's 4,000 among
 * them. A document's body is deflated once per size; each universe entry's own `{"cik":…,` is
 * deflated before it with a sync flush, so the entry is one valid deflate stream of its own document.
 */
async function bulkZip(file: string): Promise<{ bytes: number; unzippedBytes: number }> {
  const sizes = [
    { bytes: 250_000, weight: 40 },
    { bytes: 800_000, weight: 35 },
    { bytes: 2_500_000, weight: 20 },
    { bytes: 8_000_000, weight: 5 },
  ].map((s) => {
    const body = Buffer.from(factsBody(s.bytes));
    return { ...s, body, deflated: zlib.deflateRawSync(body, { level: 6 }) };
  });
  const pick = (i: number) => {
    const slot = (i * 7919) % 100;
    let acc = 0;
    for (const size of sizes) if (slot < (acc += size.weight)) return size;
    return sizes[0]!;
  };
  const universe = new Set(Array.from({ length: UNIVERSE }, (_, i) => CIK_BASE + i));
  const others = Array.from({ length: Math.max(0, FILERS - UNIVERSE) }, (_, i) => 2_000_000 + i * 3);
  const ciks = [...universe, ...others].sort((a, b) => a - b);
  let unzippedBytes = 0;
  function* entries(): Generator<ZipEntry> {
    for (const [i, cik] of ciks.entries()) {
      const size = pick(i);
      const prefix = Buffer.from(`{"cik":${cik},`);
      const head = zlib.deflateRawSync(prefix, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      unzippedBytes += prefix.length + size.body.length;
      yield {
        name: `CIK${paddedCik(cik)}.json`,
        deflated: {
          pieces: [head, size.deflated],
          crc: zlib.crc32(size.body, zlib.crc32(prefix)),
          size: prefix.length + size.body.length,
        },
      };
    }
  }
  return { bytes: await writeZip(file, entries()), unzippedBytes };
}

async function bulkPart(): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-facts-'));
  try {
    const zip = path.join(folder, 'companyfacts.zip');
    say(`bulk: writing a companyfacts.zip of ${FILERS.toLocaleString('en-US')} filers…`);
    const { bytes, unzippedBytes } = await bulkZip(zip);
    emit('bulk_zip_filers', FILERS, 'count');
    emit('bulk_zip_mb', bytes / 1024 / 1024, 'MB');
    emit('bulk_zip_unzipped_mb', unzippedBytes / 1024 / 1024, 'MB');
    const universe = await startUniverseServer('bulk', {});
    try {
      say('bulk: npm run import -- sec-facts companyfacts.zip…');
      const result = await runImport(universe.dbEnv, ['sec-facts', zip]);
      const stored = /companies given financials: ([\d,]+)/.exec(result.out)?.[1] ?? '0';
      emit('bulk_companies_stored', Number(stored.replaceAll(',', '')), 'count');
      judge('bulk_import_s', result.ms / 1000, 's', { max: 600 });
      judge('bulk_import_peak_rss_mb', result.peakMb, 'MB', { max: 800 });
    } finally {
      await universe.server.stop();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const screenBody = JSON.stringify({
  query: `query Screen($data: PageInput!, $filters: FilterMap, $sortField: String, $sortDirection: SortDirection) {
    filteredCompanies(data: $data, filters: $filters, sortField: $sortField, sortDirection: $sortDirection) {
      totalItems companies { symbol name market_cap runway_quarters shares_growth_1y price_to_sales net_margin }
    }
  }`,
  variables: {
    data: { page: 1, pageSize: 50 },
    filters: { 'Cash Runway (Quarters)': '0 to 8', 'Shares Growth 1Y': '5 to 1000', 'Price to Sales': '0 to 50' },
    sortField: 'runway_quarters',
    sortDirection: 'asc',
  },
});

async function screenerPart(): Promise<void> {
  say('screener: starting a server over the demo universe…');
  const server = await startBenchServer({ BUILD_SITE: 'false' });
  try {
    const ask = () =>
      fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: screenBody,
      }).then(async (r) => {
        const text = await r.text();
        if (!text.startsWith('{"data":{"filteredCompanies":{"totalItems":')) throw new Error(text.slice(0, 300));
        return JSON.parse(text) as { data: { filteredCompanies: { totalItems: number } } };
      });
    emit('screen_matches', (await ask()).data.filteredCompanies.totalItems, 'count');
    // Warmed as a running site is: the sorted orders and the filter columns are built by the first asks.
    for (let i = 0; i < 200; i++) await ask();
    const run = (connections: number) =>
      autocannon({
        url: `${server.url}/api/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: screenBody,
        connections,
        duration: DURATION_S,
        verifyBody: (body) => String(body ?? '').startsWith('{"data":{"filteredCompanies":{"totalItems":'),
      });
    const many = await run(32);
    emit('screen_32_connections_failures', many.non2xx + many.errors + (many.mismatches ?? 0), 'count');
    judge('screen_32_connections_rps', many.requests.average, 'req/s', { min: 1000 });
    emit('screen_32_connections_p99_ms', many.latency.p99, 'ms');
    // One reader at a time, timed to the microsecond (the load tool counts whole milliseconds).
    const samples: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const started = performance.now();
      await ask();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    emit('screen_one_client_p50_ms', percentile(samples, 50), 'ms');
    judge('screen_one_client_p99_ms', percentile(samples, 99), 'ms', { max: 10 });
  } finally {
    await server.stop();
  }
}

const STAFF = { email: 'bench-facts@redcap.example', password: 'bench-facts-Pass-1!' };

interface BuildStatus {
  state: string;
  currentBuild: string | null;
  durationMs: number | null;
  lastError: string | null;
  pages: { rendered: number; unchanged: number } | null;
  sections: Record<string, { rendered: number; unchanged: number; renderMs: number }> | null;
}

async function pagePart(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-facts-site-'));
  addAccount(STAFF, { DATA_DIR: dataDir });
  say('page: a cold build of the demo site…');
  const server: BenchServer = await startBenchServer({ LOG_LEVEL: 'error' }, dataDir);
  try {
    const token = await signIn(server.url, STAFF);
    const deadline = Date.now() + 20 * 60_000;
    let cold: BuildStatus;
    for (;;) {
      const answer = await fetch(`${server.url}/api/site/build`, { headers: { authorization: `Bearer ${token}` } });
      cold = ((await answer.json()) as { data: BuildStatus }).data;
      if (cold.state === 'failed') throw new Error(`build failed: ${cold.lastError}`);
      if (cold.state === 'idle' && cold.currentBuild && (cold.pages?.rendered ?? 0) > 1000) break;
      if (Date.now() > deadline) throw new Error('no build finished in time');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const pages = (cold.pages?.rendered ?? 0) + (cold.pages?.unchanged ?? 0);
    const tab = cold.sections?.financials ?? { rendered: 0, unchanged: 0, renderMs: 0 };
    const seconds = (cold.durationMs ?? 1) / 1000;
    const withTab = pages / seconds;
    // Pages render several at a time: the tab's part of the build is its share of all pages' render time.
    const allRenderMs = Object.values(cold.sections ?? {}).reduce((sum, section) => sum + section.renderMs, 0);
    const tabShare = tab.renderMs / Math.max(1, allRenderMs);
    const withoutTab = (pages - tab.rendered - tab.unchanged) / (seconds * (1 - tabShare));
    emit('cold_financials_render_share', tabShare * 100, '%');
    emit('cold_build_s', seconds, 's');
    emit('cold_pages', pages, 'count');
    emit('cold_financials_pages', tab.rendered + tab.unchanged, 'count');
    emit('cold_financials_render_ms', tab.renderMs, 'ms');
    emit('cold_pages_per_s_with_tab', withTab, 'pages/s');
    emit('cold_pages_per_s_without_tab', withoutTab, 'pages/s');
    judge('cold_pages_per_s_slower_with_tab', Math.max(0, (1 - withTab / withoutTab) * 100), '%', { max: 15 });

    if (!hasChromium()) {
      say('page: no Chromium here; the page weight is not measured');
      return;
    }
    const quote = (await (
      await fetch(`${server.url}/api/stock/leadersLaggards?order=leaders&page=1&pageSize=1`)
    ).json()) as {
      data: { symbol: string }[];
    };
    const symbol = quote.data[0]!.symbol;
    const browser = await launchChromium();
    try {
      const weight = await pageScriptBytes(browser, `${server.url}/stocks/${symbol}/financials`, { scroll: true });
      emit('financials_page_script_files', weight.files, 'count');
      judge('financials_page_script_kb', weight.gzipBytes / 1024, 'KB', { max: 80 });
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

try {
  if (parts.has('parse')) parsePart();
  if (parts.has('screener')) await screenerPart();
  if (parts.has('page')) await pagePart();
  if (parts.has('bulk')) await bulkPart();
} finally {
  summarize();
}
