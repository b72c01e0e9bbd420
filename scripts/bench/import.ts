/**
 * Import benchmark: a Nasdaq screener export of 7,200 rows (with the kinds of
 * rows a real one has: common shares in and out of the small-cap window,
 * warrants, units, rights, preferreds, empty market caps) imported into a new
 * database, the same file again (nothing changes), then a newer file with
 * every price moved; on the embedded database and, when one answers at
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), on
 * PostgreSQL. Prints one JSON line per figure, and PASS/FAIL per target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { NASDAQ_INDUSTRY_SIC, NASDAQ_SECTOR_SIC } from '../../src/server/features/imports/nasdaq-industries.ts';
import { SMALL_CAP_WINDOW, importUniverseFile } from '../../src/server/features/imports/index.ts';
import { openDatabase, type Database } from '../../src/server/platform/db/client.ts';
import { createJudge } from './server.ts';

const { emit, judge, summarize } = createJudge('import');
const ROWS = 7_200;
const HEADER = 'Symbol,Name,Last Sale,Net Change,% Change,Market Cap,Country,IPO Year,Volume,Sector,Industry';
const INDUSTRIES = Object.keys(NASDAQ_INDUSTRY_SIC);
const SECTORS = Object.keys(NASDAQ_SECTOR_SIC);

/** A deterministic pseudo-random stream (the same file every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The export: `priceFactor` moves every price (a newer download). */
function screenerExport(priceFactor: number): string {
  const next = random(7);
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
    const cap = next() < 0.03 ? '' : (price * Math.round(1e5 + next() ** 2 * 3e8)).toFixed(2);
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

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-import-'));
const first = path.join(dir, 'nasdaq_screener_1617051139045.csv');
const newer = path.join(dir, 'nasdaq_screener_1617137539045.csv');
fs.writeFileSync(first, screenerExport(1));
fs.writeFileSync(newer, screenerExport(1.03));
const options = {
  minCap: SMALL_CAP_WINDOW.min,
  maxCap: SMALL_CAP_WINDOW.max,
  kinds: new Set(['common'] as const),
  market: 'NASDAQ',
  dryRun: false,
  replaceDemo: false,
};

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

try {
  const embedded = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
  try {
    await run('embedded', embedded);
  } finally {
    await embedded.close();
  }

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
