/**
 * Logical backups of the database (npm run db:backup / db:restore), made for
 * the embedded database and working on PostgreSQL too (where pg_dump is the
 * usual tool). A backup is one consistent snapshot of every table (one
 * repeatable-read transaction), written as gzip-compressed lines: a header
 * naming the schema's migration, then each table's rows as the JSON
 * PostgreSQL itself makes of them. The rows are never parsed here, so every
 * value comes back exactly (big integers, timestamps, JSON). A restore
 * replaces every table's rows in one transaction: it succeeds whole or
 * changes nothing, and it refuses a backup made on another schema version.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, transaction, type Db } from './client.ts';

const FORMAT = 'redcap-backup';
const VERSION = 1;
const FETCH_ROWS = 5000;
const INSERT_ROWS = 2000;
const TABLE_MARK = '#table ';

export interface BackupHeader {
  format: typeof FORMAT;
  version: number;
  /** The newest migration applied to the database backed up. */
  migration: string;
  createdAt: string;
  /** Rows per table. */
  tables: Record<string, number>;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Tables of the application (the public schema), in name order. */
async function tableNames(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  );
  return rows.map((r) => r.name);
}

async function newestMigration(db: Db): Promise<string> {
  const [row] = rowsOf<{ hash: string | null }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`),
  );
  return row?.hash ?? 'none';
}

const quoted = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Writes a backup of every table to `file`; `onProgress` hears each table as it is written. */
export async function backupDatabase(
  db: Db,
  file: string,
  onProgress: (table: string, rows: number) => void = () => {},
): Promise<BackupHeader> {
  // A folder that is missing or not writable is said at once, before any table is read.
  await fs.promises.access(path.dirname(file), fs.constants.W_OK);
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(partial));
  const write = (line: string) =>
    gzip.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((resolve) => gzip.once('drain', resolve));
  try {
    const header = await transaction(db, async (tx) => {
      // One snapshot for every table: the backup is consistent even while the server writes.
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const tables = await tableNames(tx);
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${quoted(table)}`));
        counts[table] = row?.n ?? 0;
      }
      const made: BackupHeader = {
        format: FORMAT,
        version: VERSION,
        migration: await newestMigration(tx),
        createdAt: new Date().toISOString(),
        tables: counts,
      };
      await write(JSON.stringify(made));
      for (const table of tables) {
        await write(`${TABLE_MARK}${table}`);
        await tx.execute(
          sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from ${quoted(table)} t`,
        );
        for (;;) {
          const rows = rowsOf<{ r: string }>(await tx.execute(sql.raw(`fetch ${FETCH_ROWS} from backup_rows`)));
          for (const { r } of rows) await write(r);
          if (rows.length < FETCH_ROWS) break;
        }
        await tx.execute(sql`close backup_rows`);
        onProgress(table, counts[table]!);
      }
      return made;
    });
    gzip.end();
    await written;
    fs.renameSync(partial, file);
    return header;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** Reads a backup's lines: the header first, then each table's name and rows. */
async function* backupLines(file: string): AsyncGenerator<string> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  try {
    for await (const line of lines) if (line) yield line;
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup (${(error as Error).message})`);
  }
}

async function readHeader(lines: AsyncGenerator<string>, file: string): Promise<BackupHeader> {
  const first = await lines.next();
  let header: Partial<BackupHeader> | null;
  try {
    header = first.done ? null : (JSON.parse(first.value) as Partial<BackupHeader>);
  } catch {
    header = null;
  }
  if (header?.format !== FORMAT || typeof header.tables !== 'object' || header.tables === null) {
    throw new BackupError(`${file} is not a backup made by npm run db:backup`);
  }
  if (header.version !== VERSION)
    throw new BackupError(`${file} is a backup of format ${header.version}, not ${VERSION}`);
  return header as BackupHeader;
}

/** Columns a restore writes: every column but the generated ones (computed again from the others). */
async function writableColumns(tx: Db, table: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  );
  return rows.map((r) => r.name);
}

async function insertRows(tx: Db, table: string, columns: string[], rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const list = sql.raw(columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', '));
  await tx.execute(sql`
    insert into ${quoted(table)} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${quoted(table)}, ${`[${rows.join(',')}]`}::json)`);
}

/** Sequences of the table's serial and identity columns continue after the restored rows. */
async function resetSequences(tx: Db, table: string): Promise<void> {
  const sequences = rowsOf<{ col: string; seq: string }>(
    await tx.execute(sql`
      select a.attname as col, pg_get_serial_sequence(${`public."${table}"`}, a.attname) as seq
      from pg_attribute a
      where a.attrelid = ${`public."${table}"`}::regclass and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(${`public."${table}"`}, a.attname) is not null`),
  );
  for (const { col, seq } of sequences) {
    await tx.execute(
      sql`select setval(${seq}, coalesce((select max(${quoted(col)}) from ${quoted(table)}), 0) + 1, false)`,
    );
  }
}

/**
 * Replaces every table's rows with the backup's, in one transaction.
 * `onProgress` hears each table restored.
 */
export async function restoreDatabase(
  db: Db,
  file: string,
  onProgress: (table: string, rows: number) => void = () => {},
): Promise<BackupHeader> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  const lines = backupLines(file);
  const header = await readHeader(lines, file);
  return transaction(db, async (tx) => {
    const migration = await newestMigration(tx);
    if (migration !== header.migration) {
      throw new BackupError(
        'The backup was made on another version of the database schema: restore it with the version of the site that made it.',
      );
    }
    const tables = await tableNames(tx);
    const missing = Object.keys(header.tables).filter((t) => !tables.includes(t));
    if (missing.length) throw new BackupError(`The backup has tables this database does not: ${missing.join(', ')}`);
    // Rows go in table by table: foreign keys are checked by the data being whole, not row by row.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity`));
    let table: string | null = null;
    let columns: string[] = [];
    let batch: string[] = [];
    let count = 0;
    const seen = new Set<string>();
    const finishTable = async () => {
      if (table === null) return;
      await insertRows(tx, table, columns, batch);
      batch = [];
      if (count !== header.tables[table]) {
        throw new BackupError(`${file} is incomplete: ${table} has ${count} of ${header.tables[table]} rows`);
      }
      await resetSequences(tx, table);
      seen.add(table);
      onProgress(table, count);
    };
    for await (const line of lines) {
      if (line.startsWith(TABLE_MARK)) {
        await finishTable();
        table = line.slice(TABLE_MARK.length);
        if (!(table in header.tables)) throw new BackupError(`${file} names a table its header does not: ${table}`);
        columns = await writableColumns(tx, table);
        count = 0;
        continue;
      }
      if (table === null) throw new BackupError(`${file} has rows before any table`);
      batch.push(line);
      count++;
      if (batch.length >= INSERT_ROWS) {
        await insertRows(tx, table, columns, batch);
        batch = [];
      }
    }
    await finishTable();
    const absent = Object.keys(header.tables).filter((t) => !seen.has(t));
    if (absent.length) throw new BackupError(`${file} is incomplete: no rows section for ${absent.join(', ')}`);
    return header;
  });
}
