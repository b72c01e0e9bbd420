/**
 * The content changes record: every create, update and delete of published
 * content (news, videos, events, company pages), in order. Incremental site
 * builds read it from a cursor; the rebuild job and the caches are told about
 * each change as it happens through a change bus, in this process or
 * (through the cluster, see main.ts) in another instance.
 */
import { asc, gt, max } from 'drizzle-orm';
import type { ChangeOp, ChangesPage, ContentChange, ContentKind } from '../../lib/content-records.ts';
import { transaction, type Db } from './db/client.ts';
import type { JobDefinition } from './jobs.ts';
import { contentChanges } from './tables.ts';

export interface ChangeNotice {
  kind: ContentKind;
  entityId: number;
  op: ChangeOp;
  /** Made by another instance (so it is not announced to the others again). */
  remote?: boolean;
}

export type ChangeListener = (change: ChangeNotice) => void;

/**
 * Who hears of the changes committed through one database handle: the
 * composition root creates it for the handle it serves (createChangeBus),
 * and its parts (the rebuild job, the caches, the cluster) listen.
 */
export interface ChangeBus {
  /** Adds a listener told after each change is committed; returns its removal. */
  on(listener: ChangeListener): () => void;
  /** Tells the listeners of a change another instance made (or one found by polling the record). */
  announceRemote(change: Omit<ChangeNotice, 'remote'>): void;
  /** Removes every listener and stops hearing of the handle's writes. */
  close(): void;
}

/**
 * The buses of each database handle. Services receive only the handle, so a
 * write finds the buses to tell here; keyed by the handle, one app's or
 * test's changes never reach the listeners of another database.
 */
const busesByDb = new WeakMap<Db, Set<(change: ChangeNotice) => void>>();

/** A change bus for the changes committed through `db` (writeWithChange). */
export function createChangeBus(db: Db): ChangeBus {
  const listeners = new Set<ChangeListener>();
  const tell = (change: ChangeNotice) => {
    for (const listener of listeners) listener(change);
  };
  let buses = busesByDb.get(db);
  if (!buses) busesByDb.set(db, (buses = new Set()));
  buses.add(tell);
  return {
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announceRemote: (change) => tell({ ...change, remote: true }),
    close() {
      listeners.clear();
      busesByDb.get(db)?.delete(tell);
    },
  };
}

/** Changes after a cursor, oldest first; the new cursor is the last id returned. */
export async function changesSince(db: Db, cursor: number, limit: number): Promise<ChangesPage> {
  const rows = await db
    .select()
    .from(contentChanges)
    .where(gt(contentChanges.id, cursor))
    .orderBy(asc(contentChanges.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    changes: page.map<ContentChange>((r) => ({
      id: r.id,
      kind: r.kind,
      entityId: r.entityId,
      op: r.op,
      changedAt: r.changedAt.toISOString(),
    })),
    cursor: page.length ? page[page.length - 1]!.id : cursor,
    hasMore: rows.length > limit,
  };
}

/** The newest change id (0 when nothing changed yet). */
export async function latestChangeId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(contentChanges.id) }).from(contentChanges);
  return Number(row?.id ?? 0);
}

/**
 * Records one more change inside a write's transaction: what else the write
 * changes (a webinar is also part of its company's pages).
 */
export async function recordChange(
  tx: Db,
  kind: ContentKind,
  entityId: number,
  op: ChangeOp = 'upsert',
): Promise<void> {
  await tx.insert(contentChanges).values({ kind, entityId, op });
}

/** Records a change of each of many entities of one kind (an import's), in one statement per thousand. */
export async function recordChanges(
  tx: Db,
  kind: ContentKind,
  entityIds: number[],
  op: ChangeOp = 'upsert',
): Promise<void> {
  for (let i = 0; i < entityIds.length; i += 1000) {
    await tx.insert(contentChanges).values(entityIds.slice(i, i + 1000).map((entityId) => ({ kind, entityId, op })));
  }
}

/**
 * Runs a write and records its change in the same transaction, then tells
 * the buses of `db` (see createChangeBus). `write` returns the id it changed, or null when nothing
 * matched (then nothing is recorded).
 */
export async function writeWithChange(
  db: Db,
  kind: ContentKind,
  op: ChangeOp,
  write: (tx: Db) => Promise<number | null>,
): Promise<number | null> {
  const id = await transaction(db, async (tx) => {
    const changed = await write(tx);
    if (changed !== null) await tx.insert(contentChanges).values({ kind, entityId: changed, op });
    return changed;
  });
  if (id !== null) for (const tell of busesByDb.get(db) ?? []) tell({ kind, entityId: id, op });
  return id;
}

/**
 * Fallback for a lost cluster message, and how changes written by a command
 * (npm run import) arrive: the content changes record is polled, and a
 * change no listener heard of is announced (the rebuild job and the caches
 * read what changed themselves).
 */
export function missedChangesJob(db: Db, changes: ChangeBus, intervalMs: number): JobDefinition {
  let known = 0;
  const catchUp = async () => {
    known = Math.max(known, await latestChangeId(db));
  };
  changes.on(() => void catchUp().catch(() => {}));
  let first = true;
  return {
    name: 'content-changes-poll',
    intervalMs,
    task: async () => {
      const latest = await latestChangeId(db);
      if (first) {
        first = false;
        known = latest;
      } else if (latest > known) {
        known = latest;
        changes.announceRemote({ kind: 'company', entityId: 0, op: 'upsert' });
      }
    },
  };
}
