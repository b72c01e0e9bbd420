/**
 * `npm run bench:sources`: the public sources beyond EDGAR (docs/product.md §9.13, §9.14), on a
 * server over a 4,000-company universe taken for imported data. Parts (BENCH_PARTS, both by default):
 * - `finra`: a FINRA short-interest file of BENCH_FINRA_ROWS rows (20,000 by default, FINRA's format:
 *   the universe's symbols among others, as a real file lists OTC issues, funds and preferreds too)
 *   imported by `npm run import -- finra-short` while readers call the API at 50 requests a second:
 *   its wall time (≤ 10 s) and the readers' p99 (≤ 50 ms);
 * - `trials`: the nightly trials sync of every Life Sciences company against a local server answering
 *   ClinicalTrials.gov's `/studies` in the API's format (each company's page of studies made from a
 *   real study), on a clock of its own: the registry's rate is kept (at most 1 request in any second
 *   of that clock) and the night's run lasts as long as its requests take at that rate, while the
 *   work between requests (reading, matching, storing) is timed for real, with readers meanwhile.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { finraSymbolOf } from '../../src/lib/short-interest.ts';
import { SECTORS } from '../../src/lib/industries.ts';
import { bioPhases, companies } from '../../src/server/schema.ts';
import { createTrialRegistry, runTrialsSync } from '../../src/server/features/trials/index.ts';
import { startReaderLoad } from './reader-load.ts';
import {
  ROOT,
  UNIVERSE,
  importWhileReading,
  openCliForBench,
  rowsOfResult,
  startUniverseServer,
  type UniverseServer,
} from './sec-support.ts';
import { createJudge } from './server.ts';

const { emit, judge, summarize } = createJudge('sources');
const say = (line: string) => console.error(line);
const parts = new Set((process.env.BENCH_PARTS ?? 'finra,trials').split(','));
const FINRA_ROWS = Number(process.env.BENCH_FINRA_ROWS ?? 20_000);
const STUDIES_PER_COMPANY = Number(process.env.BENCH_STUDIES_PER_COMPANY ?? 12);
/** The calls readers make meanwhile: companies' page data, their insider trades and bio phases. */
let readerPaths: string[] = [];

const FINRA_HEADER =
  'accountingYearMonthNumber|symbolCode|issueName|issuerServicesGroupExchangeCode|marketClassCode|currentShortPositionQuantity|previousShortPositionQuantity|stockSplitFlag|averageDailyVolumeQuantity|daysToCoverQuantity|revisionFlag|changePercent|changePreviousNumber|settlementDate';

/** A FINRA file of `rows` rows for a settlement date: the universe's symbols first spelled as FINRA does, then others. */
function finraFile(symbols: string[], rows: number, settlement: string): string {
  const lines = [FINRA_HEADER];
  const compact = settlement.replaceAll('-', '');
  for (let i = 0; i < rows; i++) {
    const symbol = i < symbols.length ? finraSymbolOf(symbols[i]!) : `Q${i.toString(36).toUpperCase()}F`;
    const current = 1000 + ((i * 7919) % 9_000_000);
    const previous = 1000 + ((i * 104_729) % 9_000_000);
    const volume = 100 + ((i * 31) % 500_000);
    const days = Math.min(999.99, Math.max(1, Math.round((current / volume) * 100) / 100)).toFixed(2);
    const change = current - previous;
    const percent = ((change / previous) * 100).toFixed(2);
    lines.push(
      `${compact}|${symbol}|Issue ${i} Common Stock|R|SC|${current}|${previous}||${volume}|${days}||${percent}|${change}|${settlement}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Waits until a new server's start-up work (the snapshot, the indices, the first jobs' runs) is done:
 * five seconds of readers alone answered within 50 ms at p99 (at most a minute of tries). The figures
 * measured after are the work's, not the start's.
 */
async function settled(universe: UniverseServer): Promise<void> {
  for (let tries = 0; tries < 12; tries++) {
    const idle = await startReaderLoad(universe.server.url, readerPaths, 50, 8);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const figures = await idle.stop();
    if (figures.p99 <= 50) {
      emit('readers_alone_p99_ms', figures.p99, 'ms');
      return;
    }
  }
  say('the server did not settle within a minute: the figures below include its own work');
}

async function finraPart(universe: UniverseServer): Promise<void> {
  await settled(universe);
  const symbols = await universe.query(async (db) =>
    rowsOfResult<{ symbol: string }>(await db.execute(sql`select symbol from ${companies} order by symbol`)).map(
      (r) => r.symbol,
    ),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-finra-'));
  const file = path.join(dir, 'shrt20261113.csv');
  fs.writeFileSync(file, finraFile(symbols, FINRA_ROWS, '2026-11-13'));
  say(`finra: importing a file of ${FINRA_ROWS.toLocaleString('en-US')} rows (${symbols.length} listed)…`);
  try {
    const result = await importWhileReading(universe, 'finra', readerPaths, ['finra-short', file], { emit, judge });
    emit('finra_rows', FINRA_ROWS, 'rows');
    judge('finra_import_s', result.ms / 1000, 's', { max: 10 });
    emit('finra_import_peak_mb', result.peakMb, 'MB');
    const stored = await universe.query(async (db) =>
      Number(
        rowsOfResult<{ n: string }>(
          await db.execute(sql`select count(*) as n from short_interest where settlement_date = '2026-11-13'`),
        )[0]!.n,
      ),
    );
    emit('finra_rows_stored', stored, 'rows');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A local ClinicalTrials.gov: each sponsor's page of studies, made from a real study of the fixtures. */
async function startRegistry(): Promise<{ url: string; close(): Promise<void> }> {
  const template = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'tests/fixtures/clinicaltrials/study-NCT02576665-tocagen.json'), 'utf8'),
  ) as { protocolSection: Record<string, Record<string, unknown>> };
  const phases = [['PHASE1'], ['PHASE1', 'PHASE2'], ['PHASE2'], ['PHASE3']];
  const statuses = ['RECRUITING', 'ACTIVE_NOT_RECRUITING', 'COMPLETED', 'TERMINATED'];
  let next = 10_000_000;
  const server = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://registry').searchParams;
    const sponsor = (query.get('query.spons') ?? '').replace(/"/g, '');
    const studies = Array.from({ length: STUDIES_PER_COMPANY }, (_, i) => {
      const study = structuredClone(template);
      const p = study.protocolSection;
      p.identificationModule = { ...p.identificationModule, nctId: `NCT${String(next++).padStart(8, '0')}` };
      p.statusModule = { ...p.statusModule, overallStatus: statuses[i % statuses.length] };
      p.designModule = { ...p.designModule, phases: phases[i % phases.length] };
      p.sponsorCollaboratorsModule = {
        ...p.sponsorCollaboratorsModule,
        // Most studies are the company's; some name it as a collaborator of a university, some are another's.
        leadSponsor: { name: i % 6 === 5 ? 'University Hospital' : sponsor, class: 'INDUSTRY' },
        ...(i % 6 === 5 && { collaborators: [{ name: `${sponsor} Inc.`, class: 'INDUSTRY' }] }),
      };
      return study;
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ studies }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function trialsPart(universe: UniverseServer): Promise<void> {
  // The universe taken for imported data, so the sync runs on it.
  await universe.query((db) => db.execute(sql`update ${companies} set data_source = 'nasdaq-screener'`));
  const registry = await startRegistry();
  // The registry's clock: a request waits for its second as the client asks, without the night passing for real.
  let clock = 0;
  const starts: number[] = [];
  const client = createTrialRegistry({
    url: registry.url,
    requestsPerSecond: 1,
    userAgent: 'RedCap Research bench@redcap.example',
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    fetch: (input, init) => {
      starts.push(clock);
      return fetch(input, init);
    },
  });
  const lifeSciences = await universe.query(async (db) =>
    Number(
      rowsOfResult<{ n: string }>(
        await db.execute(sql`select count(*) as n from ${companies} where sector_name = ${SECTORS.L} and active`),
      )[0]!.n,
    ),
  );
  await settled(universe);
  say(`trials: the nightly sync of ${lifeSciences} Life Sciences companies…`);
  const load = await startReaderLoad(universe.server.url, readerPaths, 50, 8);
  const started = performance.now();
  let report;
  try {
    const database = await openCliForBench(universe.dbEnv);
    try {
      report = await runTrialsSync(database.db, client, { trigger: 'command' });
    } finally {
      await database.close();
    }
  } finally {
    const figures = await load.stop();
    emit('trials_reader_api_p50_during_sync_ms', figures.p50, 'ms');
    judge('trials_reader_api_p99_during_sync_ms', figures.p99, 'ms', { max: 50 });
    await registry.close();
  }
  const workS = (performance.now() - started) / 1000;
  const bySecond = new Map<number, number>();
  for (const at of starts) bySecond.set(Math.floor(at / 1000), (bySecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  const stored = await universe.query(async (db) =>
    Number(
      rowsOfResult<{ n: string }>(
        await db.execute(sql`select count(*) as n from ${bioPhases} where source = 'clinicaltrials.gov'`),
      )[0]!.n,
    ),
  );
  emit('trials_companies', report.itemsDone, 'companies');
  emit('trials_requests', report.requests, 'requests');
  emit('trials_studies_read', report.itemsRead, 'studies');
  emit('trials_stored', stored, 'trials');
  judge('trials_most_requests_in_a_second', Math.max(0, ...bySecond.values()), 'requests', { max: 1 });
  // The night's run at the registry's rate: its requests a second apart (the window is 2 to 6 a.m.).
  judge('trials_night_run_minutes', clock / 60_000, 'min', { max: 240 });
  emit('trials_work_s', workS, 's');
  emit('trials_work_ms_per_company', (workS * 1000) / Math.max(1, report.itemsDone), 'ms');
}

const universe = await startUniverseServer('sources', {});
try {
  // As the other imports' benchmarks read: forty companies' page data (their bio phases too).
  const symbols = await universe.query(async (db) =>
    rowsOfResult<{ symbol: string }>(
      await db.execute(sql`select symbol from ${companies} where sector_name = ${SECTORS.L} order by id limit 40`),
    ),
  );
  readerPaths = symbols.flatMap(({ symbol }) => [
    `/api/stock/company/${symbol}`,
    `/api/stock/insiders/${symbol}`,
    `/api/stock/bio-phases/${symbol}`,
  ]);
  if (parts.has('finra')) await finraPart(universe);
  if (parts.has('trials')) await trialsPart(universe);
} finally {
  await universe.server.stop();
}
say(`universe: ${UNIVERSE} companies`);
summarize();
