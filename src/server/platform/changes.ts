/**
 * The content changes feed: every create, update and delete of news, videos
 * and events, in order. Incremental site builds read it from a cursor; the
 * rebuild job is told about each change as it happens.
 */
import { asc, gt, max } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { contentChanges, type CONTENT_KINDS } from '../schema.ts';

export type ContentKind = (typeof CONTENT_KINDS)[number];
export type ChangeOp = 'upsert' | 'delete';

export interface ContentChange {
  id: number;
  kind: ContentKind;
  entityId: number;
  op: ChangeOp;
  changedAt: string;
}

/** Listeners told after a change is committed (the rebuild job). */
const listeners = new Set<(change: { kind: ContentKind; entityId: number; op: ChangeOp }) => void>();

export function onContentChange(listener: (change: { kind: ContentKind; entityId: number; op: ChangeOp }) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announceChange(kind: ContentKind, entityId: number, op: ChangeOp): void {
  for (const listener of listeners) listener({ kind, entityId, op });
}

/** Records a change; call inside the transaction that makes it. */
async function recordChange(db: Db, kind: ContentKind, entityId: number, op: ChangeOp): Promise<void> {
  await db.insert(contentChanges).values({ kind, entityId, op });
}

/** Changes after a cursor, oldest first; the new cursor is the last id returned. */
export async function changesSince(db: Db, cursor: number, limit: number) {
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
 * Runs a write and records its change in the same transaction, then tells
 * the listeners. `write` returns the id it changed, or null when nothing
 * matched (then nothing is recorded).
 */
export async function writeWithChange(
  db: Db,
  kind: ContentKind,
  op: ChangeOp,
  write: (tx: Db) => Promise<number | null>,
): Promise<number | null> {
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const changed = await write(t);
    if (changed !== null) await recordChange(t, kind, changed, op);
    return changed;
  });
  if (id !== null) announceChange(kind, id, op);
  return id;
}
