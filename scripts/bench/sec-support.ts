/**
 * What the SEC benchmark's data-set parts share (sec.ts, sec-13f.ts): the figures and their
 * targets, a server over the 4,000-company universe with CIKs, the real import command run in a
 * child with its wall time and peak memory, and other readers' latency while it runs, on the
 * embedded database and, when one answers, on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';

import type { Db } from '../../src/server/platform/db/client.ts';
import { startReaderLoad } from './reader-load.ts';
import { createBenchDatabase, createJudge, postgresAvailable, startBenchServer, type BenchServer } from './server.ts';
import { companies } from '../../src/server/schema.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const { emit, judge, summarize } = createJudge('sec');
export const say = (line: string) => console.error(line);
/** The companies of the universe the data-set parts import into. */
export const UNIVERSE = 4_000;
/** The universe's companies get CIKs from here on (company id 1 is CIK_BASE). */
export const CIK_BASE = 1_000_000;

export interface ImportResult {
  ms: number;
  peakMb: number;
  out: string;
}

/** Runs an npm script's command in a child, as an operator would, with its wall time and peak memory. */
export function runImport(env: Record<string, string>, args: string[]): Promise<ImportResult> {
  const rss =
    'data:text/javascript,process.on("exit",()=>process.stderr.write("PEAK_RSS_KB "+process.resourceUsage().maxRSS+"\\n"))';
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', './scripts/preload.ts', '--import', rss, 'scripts/import.ts', ...args],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`import exited ${code}:\n${out}\n${err}`));
      // A data set's import runs in a child of the command (scripts/import.ts): each reports, the larger counts.
      const kb = Math.max(0, ...[...err.matchAll(/PEAK_RSS_KB (\d+)/g)].map((m) => Number(m[1])));
      resolve({ ms: performance.now() - started, peakMb: kb / 1024, out });
    }),
  );
}

/** The database a running server holds, reached as the import reaches it. */
export async function openCliForBench(env: Record<string, string>) {
  const { openCliDatabase } = await import('../../src/server/platform/db/cli-connection.ts');
  const { loadConfig } = await import('../../src/server/platform/config.ts');
  return openCliDatabase(loadConfig({ LOG_LEVEL: 'silent', ...env }).database);
}

/** Rows of a raw statement, whichever driver answered it. */
export const rowsOfResult = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

export interface UniverseServer {
  server: BenchServer;
  /** What reaches its database: the data directory, or PostgreSQL's URL. */
  dbEnv: Record<string, string>;
  /** Runs work on its database through a connection of its own, closed after. */
  query<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

/** A server over the universe, whose companies have the CIKs CIK_BASE + id - 1. */
export async function startUniverseServer(label: string, env: Record<string, string>): Promise<UniverseServer> {
  say(`${label}: starting a server over ${UNIVERSE} companies…`);
  const server = await startBenchServer({ BUILD_SITE: 'false', DEMO_COMPANY_COUNT: String(UNIVERSE), ...env });
  const dbEnv: Record<string, string> = env.DATABASE_URL
    ? { DATABASE_URL: env.DATABASE_URL }
    : { DATA_DIR: server.dataDir };
  const query = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const database = await openCliForBench(dbEnv);
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  try {
    await query((db) => db.execute(sql`update ${companies} set cik = ${CIK_BASE} + id - 1 where id <= ${UNIVERSE}`));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { server, dbEnv, query };
}

/**
 * Runs `npm run import -- ARGS` against the universe's database while other readers call `paths`
 * at 50 requests a second; prints their latency as `<prefix>_reader_api_…` (p99 judged, ≤ 50 ms).
 */
export async function importWhileReading(
  universe: UniverseServer,
  prefix: string,
  paths: readonly string[],
  args: string[],
  figuresOf: Pick<ReturnType<typeof createJudge>, 'emit' | 'judge'> = { emit, judge },
): Promise<ImportResult> {
  for (const p of paths) await (await fetch(`${universe.server.url}${p}`)).arrayBuffer();
  const load = await startReaderLoad(universe.server.url, [...paths], 50, 8);
  try {
    return await runImport({ ...universe.dbEnv }, args);
  } finally {
    const figures = await load.stop();
    figuresOf.emit(`${prefix}_reader_api_p50_during_import_ms`, figures.p50, 'ms');
    figuresOf.judge(`${prefix}_reader_api_p99_during_import_ms`, figures.p99, 'ms', { max: 50 });
    figuresOf.emit(`${prefix}_reader_api_failed_during_import`, figures.failed, 'count');
  }
}

/** Runs a part on the embedded database, then, with `postgres` and a server that answers, on PostgreSQL. */
export async function onEachDatabase(
  postgres: boolean,
  run: (label: 'pglite' | 'postgres', env: Record<string, string>) => Promise<void>,
): Promise<void> {
  await run('pglite', {});
  const pgUrl = postgres ? await postgresAvailable() : null;
  if (!pgUrl) return;
  const pg = await createBenchDatabase(pgUrl);
  try {
    await run('postgres', { DATABASE_URL: pg.url });
  } finally {
    await pg.drop();
  }
}
