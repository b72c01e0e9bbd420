/**
 * Import benchmark:
 * - a Nasdaq screener export of 8,000 rows (with the kinds of rows a real one
 *   has: common shares in and out of the small-cap window, warrants, units,
 *   rights, preferreds, empty market caps) imported into a new database, the
 *   same file again (nothing changes), then a newer file with every price
 *   moved; on the embedded database and, when one answers at
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), on
 *   PostgreSQL;
 * - on the embedded database: the SEC's tickers, then 10,000 submissions
 *   files holding about a million filings (BENCH_IMPORT_FILINGS to change),
 *   with the process's peak memory; then a year of daily bars for 4,000
 *   symbols, with the peak memory, and the same bars again;
 * - a large file: a 1,000,000-row export (BENCH_IMPORT_LARGE_ROWS to
 *   change), its rows mostly above the small-cap window as a whole-market
 *   file's would be, imported into a new embedded database, with the
 *   process's peak memory (the file is read as a stream: the memory must
 *   not grow with it).
 * Prints one JSON line per figure, and PASS/FAIL per target.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { tradingDaysBetween } from '../../src/lib/market-calendar.ts';
import { createRandom } from '../../src/server/demo/random.ts';
import { NASDAQ_INDUSTRY_SIC, NASDAQ_SECTOR_SIC } from '../../src/server/features/imports/nasdaq-industries.ts';
import {
  SMALL_CAP_WINDOW,
  importPrices,
  importSecSubmissions,
  importSecTickers,
  importUniverseFile,
  type ImportReport,
} from '../../src/server/features/imports/index.ts';

import { openDatabase, type Database } from '../../src/server/platform/db/client.ts';
import { createJudge } from './server.ts';
import { companies } from '../../src/server/schema.ts';

const { emit, judge, summarize } = createJudge('import');
const ROWS = 8_000;
const HEADER = 'Symbol,Name,Last Sale,Net Change,% Change,Market Cap,Country,IPO Year,Volume,Sector,Industry';
const INDUSTRIES = Object.keys(NASDAQ_INDUSTRY_SIC);
const SECTORS = Object.keys(NASDAQ_SECTOR_SIC);

/** A deterministic pseudo-random stream (the same files every run). */
const random = (seed: string) => {
  const stream = createRandom(seed);
  return () => stream.next();
};

/** The export: `priceFactor` moves every price (a newer download). */
function screenerExport(priceFactor: number): string {
  const next = random('bench-import-universe');
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) {
    const letters = i
      .toString(26)
      .toUpperCase()
      .replace(/[0-9]/g, (d) => String.fromCharCode(75 + Number(d)));
    const base = `B${letters}`.slice(0, 5);
    const roll = next();
    const kind = roll < 0.06 ? 'Warrant' : roll < 0.1 ? 'Units' : roll < 0.12 ? 'Rights' : roll < 0.15 ? 'pref' : '';
    const symbol = kind === 'pref' ? `${base}^A` : kind ? `${base}${kind[0]}` : base;
    const name =
      kind === 'pref'
        ? `"Bench ${letters} Corp, 6.5% Series A Preferred Stock"`
        : `"Bench ${letters} Holdings, Inc. ${kind || 'Common Stock'} "`;
    const price = Math.round((0.5 + next() * 60) * priceFactor * 100) / 100;
    const change = Math.round((next() - 0.5) * price * 10) / 100;
    const cap = next() < 0.03 ? '' : (price * Math.round(1e6 + next() ** 2 * 1.2e8)).toFixed(2);
    const industry = next() < 0.02 ? 'Industry Not In The Table' : INDUSTRIES[Math.floor(next() * INDUSTRIES.length)]!;
    const sector = SECTORS[Math.floor(next() * SECTORS.length)]!;
    lines.push(
      [
        symbol,
        name,
        `$${price.toFixed(2)}`,
        change.toFixed(2),
        `${((change / price) * 100).toFixed(3)}%`,
        cap,
        next() < 0.9 ? 'United States' : '',
        next() < 0.7 ? String(1980 + Math.floor(next() * 45)) : '',
        String(Math.floor(next() * 2e6)),
        sector,
        industry,
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const LARGE_ROWS = Number(process.env.BENCH_IMPORT_LARGE_ROWS ?? 1_000_000);

/**
 * A large export written as it is made (the bench's own memory stays out of
 * the figure): one row in 125 a small cap, the others above the window.
 */
async function writeLargeExport(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const next = random('bench-import-large');
  let lines = [HEADER];
  for (let i = 0; i < LARGE_ROWS; i++) {
    const price = Math.round((1 + next() * 80) * 100) / 100;
    const cap = i % 125 === 0 ? 1e7 + next() * 9.9e8 : 6e9 + next() * 4.9e11;
    lines.push(
      [
        `L${i.toString(36).toUpperCase()}`,
        `"Large ${i} Holdings, Inc. Common Stock"`,
        `$${price.toFixed(2)}`,
        '0.12',
        '0.50%',
        cap.toFixed(2),
        'United States',
        '2010',
        String(Math.floor(next() * 2e6)),
        SECTORS[i % SECTORS.length]!,
        INDUSTRIES[i % INDUSTRIES.length]!,
      ].join(','),
    );
    if (lines.length >= 10_000) {
      if (!out.write(`${lines.join('\r\n')}\r\n`))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      lines = [];
    }
  }
  out.end(lines.length ? `${lines.join('\r\n')}\r\n` : '');
  await new Promise<void>((resolve) => out.once('finish', () => resolve()));
}

/** The process's resident memory at its highest while `work` runs. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const result = await work();
    return { result, peakMiB: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** The universe imports' options: the command's defaults. */
const options = {
  minCap: SMALL_CAP_WINDOW.min,
  maxCap: SMALL_CAP_WINDOW.max,
  kinds: new Set(['common'] as const),
  market: 'NASDAQ',
  dryRun: false,
  replaceDemo: false,
};

/**
 * How the bench runs itself to import the large export in a process of its
 * own, whose memory holds only the database and the import (the embedded
 * database's first opening, which creates its tables, peaks higher: the
 * peak is taken while the import runs).
 */
const LARGE_IMPORT = '--large-import';

if (process.argv[2] === LARGE_IMPORT) {
  const [file, dataDir] = process.argv.slice(3) as [string, string];
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const rssBeforeMiB = process.memoryUsage().rss / 2 ** 20;
  const { result: report, peakMiB } = await peakRss(() => importUniverseFile(database.db, file, options));
  await database.close();
  process.stdout.write(JSON.stringify({ report, rssBeforeMiB, peakMiB }));
  process.exit(0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-import-'));
const first = path.join(dir, 'nasdaq_screener_1617051139045.csv');
const newer = path.join(dir, 'nasdaq_screener_1617137539045.csv');
fs.writeFileSync(first, screenerExport(1));
fs.writeFileSync(newer, screenerExport(1.03));

async function run(label: string, database: Database): Promise<void> {
  const cold = await importUniverseFile(database.db, first, options);
  judge(`${label}_universe_import`, cold.ms, 'ms', { max: 10_000 });
  emit(`${label}_universe_rows_read`, cold.read, 'count');
  emit(`${label}_universe_companies_added`, cold.added, 'count');
  const again = await importUniverseFile(database.db, first, options);
  emit(`${label}_universe_reimport`, again.ms, 'ms');
  emit(`${label}_universe_reimport_changed`, again.added + again.updated + again.deactivated, 'count');
  const moved = await importUniverseFile(database.db, newer, options);
  judge(`${label}_universe_update`, moved.ms, 'ms', { max: 10_000 });
  emit(`${label}_universe_update_changed`, moved.updated + moved.added + moved.deactivated, 'count');
}

const SUBMISSION_FILES = 10_000;
const FILINGS = Number(process.env.BENCH_IMPORT_FILINGS ?? 1_000_000);
const PRICE_SYMBOLS = 4_000;
const FORMS = ['10-K', '10-Q', '8-K', '4', 'SC 13G/A', 'DEF 14A', 'S-3', 'CORRESP', '6-K', '424B5', 'X-17A-5'];

/** EDGAR-shaped submissions files: the listed companies' (CIK = company number) and unlisted filers'. */
function writeSubmissions(folder: string, ciks: number[]): void {
  fs.mkdirSync(folder);
  const perCompany = Math.ceil(FILINGS / ciks.length);
  for (let f = 0; f < SUBMISSION_FILES; f++) {
    const cik = f < ciks.length ? ciks[f]! : 9_000_000 + f;
    const count = f < ciks.length ? perCompany : 20;
    const accessionNumber: string[] = [];
    const filingDate: string[] = [];
    const form: string[] = [];
    const primaryDocument: string[] = [];
    for (let i = 0; i < count; i++) {
      accessionNumber.push(
        `${String(cik).padStart(10, '0')}-${String(10 + (i % 15)).padStart(2, '0')}-${String(i).padStart(6, '0')}`,
      );
      filingDate.push(`20${String(10 + (i % 15)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-15`);
      form.push(FORMS[i % FORMS.length]!);
      primaryDocument.push(`doc${i}.htm`);
    }
    const body = {
      cik: String(cik),
      sic: '2834',
      filings: { recent: { accessionNumber, filingDate, form, primaryDocument } },
    };
    fs.writeFileSync(path.join(folder, `CIK${String(cik).padStart(10, '0')}.json`), JSON.stringify(body));
  }
}

/** A year of daily bars per symbol, one TICKER.csv each. */
function writeBars(folder: string, symbols: string[]): void {
  fs.mkdirSync(folder);
  const days = tradingDaysBetween('2020-04-01', '2021-12-31').slice(0, 252);
  const next = random('bench-import-bars');
  for (const symbol of symbols) {
    let close = 2 + next() * 30;
    const lines = ['Date,Open,High,Low,Close,Volume'];
    for (const date of days) {
      const open = close;
      close = Math.max(0.05, close * (1 + (next() - 0.5) * 0.06));
      const high = Math.max(open, close) * 1.01;
      const low = Math.min(open, close) * 0.99;
      lines.push(
        `${date},${open.toFixed(4)},${high.toFixed(4)},${low.toFixed(4)},${close.toFixed(4)},${Math.floor(next() * 1e6)}`,
      );
    }
    fs.writeFileSync(path.join(folder, `${symbol}.csv`), `${lines.join('\n')}\n`);
  }
}

async function sec(database: Database): Promise<void> {
  const listed = await database.db.select({ id: companies.id, symbol: companies.symbol }).from(companies);
  const tickers = Object.fromEntries(listed.map((c, i) => [i, { cik_str: c.id, ticker: c.symbol, title: c.symbol }]));
  const tickersFile = path.join(dir, 'company_tickers.json');
  fs.writeFileSync(tickersFile, JSON.stringify(tickers));
  const linked = await importSecTickers(database.db, tickersFile, false);
  emit('sec_tickers_import', linked.ms, 'ms');
  const folder = path.join(dir, 'submissions');
  writeSubmissions(
    folder,
    listed.map((c) => c.id),
  );
  const { result, peakMiB } = await peakRss(() => importSecSubmissions(database.db, [folder], false));
  judge('sec_submissions_import', result.ms, 'ms', { max: 180_000 });
  emit('sec_submissions_files', result.read, 'count');
  emit('sec_filings_added', result.added, 'count');
  judge('sec_submissions_peak_rss', peakMiB, 'MiB', { max: 1024 });
  fs.rmSync(folder, { recursive: true, force: true });

  const bars = path.join(dir, 'bars');
  writeBars(
    bars,
    listed.slice(0, PRICE_SYMBOLS).map((c) => c.symbol),
  );
  const { result: prices, peakMiB: pricesPeak } = await peakRss(() => importPrices(database.db, bars, false));
  judge('prices_import', prices.ms, 'ms', { max: 30_000 });
  emit('prices_bars_added', prices.added, 'count');
  emit('prices_peak_rss', pricesPeak, 'MiB');
  const again = await importPrices(database.db, bars, false);
  emit('prices_reimport', again.ms, 'ms');
  emit('prices_reimport_changed', again.added + again.updated, 'count');
}

/** The large export, into a database of its own, by a process of its own (see LARGE_IMPORT). */
async function large(): Promise<void> {
  const file = path.join(dir, 'nasdaq_screener_large.csv');
  await writeLargeExport(file);
  emit('large_export_size', fs.statSync(file).size / 2 ** 20, 'MiB');
  const child = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), LARGE_IMPORT, file, path.join(dir, 'large')],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 2 ** 24 },
  );
  fs.rmSync(file, { force: true });
  if (child.status !== 0) throw new Error(`the large export's import failed (exit ${child.status})`);
  const { report, rssBeforeMiB, peakMiB } = JSON.parse(child.stdout) as {
    report: ImportReport;
    rssBeforeMiB: number;
    peakMiB: number;
  };
  emit('large_export_rows_read', report.read, 'count');
  emit('large_export_companies_added', report.added, 'count');
  emit('large_export_import', report.ms, 'ms');
  // The process with its database open, before the import: what the import adds is the difference.
  emit('large_export_rss_before', rssBeforeMiB, 'MiB');
  judge('large_export_peak_rss', peakMiB, 'MiB', { max: 1024 });
}

try {
  const embedded = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
  try {
    await run('embedded', embedded);
    await sec(embedded);
  } finally {
    await embedded.close();
  }
  await large();

  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const name = `bench_import_${process.pid}`;
  let reachable = true;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    reachable = false;
    console.error(`PostgreSQL not benchmarked (${(error as Error).message})`);
  }
  if (reachable) {
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: target.toString() });
    try {
      await run('postgres', database);
    } finally {
      await database.close();
      await admin.unsafe(`drop database if exists ${name}`);
    }
  }
  await admin.end({ timeout: 5 });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
summarize();
