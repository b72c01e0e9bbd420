/**
 * Staff edits, audited: each create, update and delete of a record staff
 * manage runs in one transaction with its version check, its audit entry and
 * its content change (so the affected pages are built again). An update or
 * delete based on a version that has since been replaced changes nothing.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ContentKind } from '../../../lib/content-records.ts';
import { staleEditMessage, type AuditAction, type AuditKind, type StaffActor } from '../../../lib/console.ts';
import { writeWithChange } from '../../platform/changes.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { auditEntries } from './tables.ts';

type Row = Record<string, unknown> & { version?: number };

export interface StaffEdit<R extends Row> {
  actor: StaffActor;
  action: AuditAction;
  kind: AuditKind;
  /** The record in messages: 'news article', 'leader'. */
  what: string;
  /** The record's key in the audit log and in the not-found message. */
  key: string;
  /** A created record's key in the audit log, when its id is not its key (default: its id, else `key`). */
  createdKey?: (record: R) => string;
  /** The content whose pages depend on the record (none: no page shows it). */
  content?: ContentKind;
  /** The record as stored now, locked for the edit (update and delete). */
  current?: (tx: Db) => Promise<R | undefined>;
  /** The version the edit was based on; checked when given. */
  version?: number;
  /** Makes the change and returns the record after it (nothing for a delete). */
  write: (tx: Db, before: R | undefined) => Promise<R | undefined>;
  /** The content change's entity id (with `content`). */
  entityId?: (record: R) => number;
}

/** Runs one staff edit (see the module comment); returns the record after it. */
export async function staffEdit<R extends Row>(db: Db, edit: StaffEdit<R>): Promise<R | undefined> {
  let after: R | undefined;
  const run = async (tx: Db): Promise<number | null> => {
    const before = edit.current ? await edit.current(tx) : undefined;
    if (edit.current && !before) throw notFound(`No ${edit.what} ${edit.key}`);
    if (before && edit.version !== undefined && before.version !== edit.version) {
      throw conflict(staleEditMessage(edit.what));
    }
    after = await edit.write(tx, before);
    const record = after ?? before;
    if (!record) return null;
    await recordAudit(tx, {
      actor: edit.actor,
      action: edit.action,
      kind: edit.kind,
      key: edit.action !== 'create' ? edit.key : (edit.createdKey?.(record) ?? String(record.id ?? edit.key)),
      ...difference(before, after),
    });
    return edit.entityId?.(record) ?? null;
  };
  if (edit.content) await writeWithChange(db, edit.content, edit.action === 'delete' ? 'delete' : 'upsert', run);
  else await transaction(db, run);
  return after;
}

/** Who made a change: a staff member, or someone at the command line (no account: `email` says who and where). */
export interface AuditActor {
  id: number | null;
  email: string;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  kind: AuditKind;
  key: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one entry, in the transaction of the change it records: the two stand or fall together. */
export async function recordAudit(tx: Db, entry: AuditRecord): Promise<void> {
  await tx.insert(auditEntries).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    kind: entry.kind,
    entityKey: entry.key,
    before: entry.before,
    after: entry.after,
  });
}

/** JSON for the log: dates as ISO text, the full-text column left out. */
function plain(row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'search') continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** For an update only the fields that changed; otherwise the whole record on its side. */
export function difference(before: Row | undefined, after: Row | undefined) {
  if (!before || !after) return { before: before ? plain(before) : null, after: after ? plain(after) : null };
  const was = plain(before);
  const now = plain(after);
  const changed = Object.keys(now).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, was[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, now[key] ?? null])),
  };
}

export interface AuditQuery {
  kind?: AuditKind;
  key?: string;
  page: number;
  limit: number;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: { id: number | null; email: string };
  action: AuditAction;
  kind: AuditKind;
  key: string;
  before: unknown;
  after: unknown;
}

/** The log, newest first, optionally for one kind or one record. */
export async function auditLog(db: Db, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(auditEntries.kind, query.kind));
  if (query.key) conditions.push(eq(auditEntries.entityKey, query.key));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await paged(
    db.select().from(auditEntries).where(where).orderBy(desc(auditEntries.id)),
    rowCount(db).from(auditEntries).where(where),
    { page: query.page, pageSize: query.limit },
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: { id: r.actorId, email: r.actorEmail },
      action: r.action,
      kind: r.kind,
      key: r.entityKey,
      before: r.before,
      after: r.after,
    })),
    total,
  };
}
