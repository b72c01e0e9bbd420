/**
 * Alert digests benchmark: BENCH_READERS readers (100,000) who chose the
 * daily digest at the same hour, each with BENCH_ALERTS_EACH alerts (3)
 * kept for it, have their digests built by the digest job's own function
 * (buildDueDigests, in statements as large as the server makes them on
 * that database) at that hour: every email written, signed stop links
 * included, and queued, every alert marked. Target ≤ 60 s. On the embedded
 * database and on PostgreSQL when BENCH_DATABASE_URL (or a server on
 * 127.0.0.1:5432) is available, in a private database dropped afterwards;
 * BENCH_PARTS=pglite (for instance) runs only some of them. Prints one JSON
 * line per figure; a figure with a target is followed by `<metric>_target`
 * and `<metric>_pass` (1 met, 0 missed), and a summary goes to stderr.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { COMPANY_ALERT_KINDS } from '../../src/lib/alerts.ts';
import { buildDueDigests } from '../../src/server/features/alerts/index.ts';
import {
  bulkStatementRows,
  openDatabase,
  rowsOf,
  type Database,
  type DatabaseOptions,
  type Db,
} from '../../src/server/platform/db/client.ts';
import { createBenchDatabase, createJudge, postgresAvailable } from './server.ts';

const READERS = Number(process.env.BENCH_READERS ?? 100_000);
const ALERTS_EACH = Number(process.env.BENCH_ALERTS_EACH ?? 3);
const parts = new Set((process.env.BENCH_PARTS ?? 'pglite,postgres').split(','));
const SITE_URL = 'https://bench.example.com';
/** 07:00 in New York on a Tuesday: every reader's digest hour. */
const AT = new Date('2026-03-10T11:00:00Z');
const readersLabel = READERS % 1000 === 0 ? `${READERS / 1000}k` : String(READERS);

const { emit, judge, summarize } = createJudge('alerts');
const say = (line: string) => console.error(line);
const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]!.n);

/** The readers, their settings and their alerts, made by the database itself. */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  const kinds = `{${COMPANY_ALERT_KINDS.join(',')}}`;
  await db.execute(sql`insert into users (email, name, username, verified)
    select 'digest-reader-' || g || '@bench.example.com', 'Reader ' || g, 'reader' || g, true
    from generate_series(1, ${READERS}) g`);
  await db.execute(sql`insert into alert_settings (user_id, kinds, price_threshold, email, digest_hour, sms, sms_kinds, push)
    select id, ${kinds}::text[], 10, 'digest', 7, false, '{}'::text[], false from users
    where email like 'digest-reader-%'`);
  await db.execute(sql`insert into alerts (user_id, kind, cause_key, symbol, title, body, link, delivery, created_at)
    select u.id, 'filing-current', 'filing:bench-' || k, 'ABC' || chr(65 + k),
      'ABC' || chr(65 + k) || ' filed an 8-K', 'Current report: results of operations.', '/stocks/ABC' || chr(65 + k),
      'digest', ${new Date(AT.getTime() - 12 * 3_600_000).toISOString()}::timestamptz
    from users u cross join generate_series(1, ${ALERTS_EACH}) k
    where u.email like 'digest-reader-%'`);
  await db.execute(sql`analyze`);
}

async function measure(label: string, options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    const { db } = database;
    let started = performance.now();
    say(`${label}: ${READERS.toLocaleString('en-US')} readers with ${ALERTS_EACH} alerts each…`);
    await seed(database);
    emit(`${label}_seed_s`, (performance.now() - started) / 1000, 's');

    const batch = bulkStatementRows(database.kind).queue;
    started = performance.now();
    const queued = await buildDueDigests(db, AT, { siteUrl: SITE_URL, postalAddress: null, batch });
    const seconds = (performance.now() - started) / 1000;
    judge(`${label}_digests_${readersLabel}_s`, seconds, 's', { max: 60 });
    emit(`${label}_digests_per_s`, queued / seconds, 'digests/s');
    emit(`${label}_digest_batch_readers`, batch, 'count');

    // Every reader's digest queued once, every alert done; a second run finds nothing due.
    const inOutbox = await count(db, sql`select count(*) as n from outbox_messages where dedupe_key like 'digest:%'`);
    const waiting = await count(db, sql`select count(*) as n from alerts where delivery = 'digest'`);
    const again = await buildDueDigests(db, AT, { siteUrl: SITE_URL, postalAddress: null, batch });
    emit(`${label}_digests_queued`, inOutbox, 'count');
    if (queued !== READERS || inOutbox !== READERS || waiting !== 0 || again !== 0)
      throw new Error(
        `${label}: ${queued} digests built, ${inOutbox} queued, ${waiting} alerts still waiting, ${again} built again`,
      );
    say(`${label}: ${READERS.toLocaleString('en-US')} digests in ${seconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-bench-alerts-'));
try {
  if (parts.has('pglite')) await measure('pglite', { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const pgUrl = parts.has('postgres') ? await postgresAvailable() : null;
  if (pgUrl) {
    const database = await createBenchDatabase(pgUrl);
    try {
      await measure('postgres', { kind: 'postgres', url: database.url });
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
