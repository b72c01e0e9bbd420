/**
 * The one editor of every record staff create, change and delete in the
 * console (articles, videos, events, leaders, landing pages, clients). Each
 * write is a staff edit (see service.ts): one transaction that locks the
 * stored record, refuses an edit based on a replaced version, bumps the
 * version, stamps the change time where the table keeps one, and records
 * the audit entry and the content change. What differs between records is
 * declared once, in the options, instead of written again for each.
 */
import { eq, getTableColumns, sql, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ContentKind } from '../../../lib/content-records.ts';
import type { AuditKind, StaffActor } from '../../../lib/console.ts';
import type { Db } from '../../platform/db/client.ts';
import { staffEdit } from './service.ts';

/** A table staff edit: every row carries the version an edit must be based on. */
export type VersionedTable = PgTable & { version: PgColumn };

/** A record as the editor reads it: its columns, and the facts the options add. */
type Row = Record<string, unknown> & { version: number };

export interface VersionedEditorOptions<T extends VersionedTable, R extends Row> {
  table: T;
  /** The column a record is addressed by (its id or its company's symbol). */
  key: PgColumn;
  kind: AuditKind;
  /** The record in messages: 'news article', 'leader'. */
  what: string;
  /** The content whose pages show the record (none: no page shows it). */
  content?: ContentKind;
  /** The columns read and returned; every column unless given. */
  columns?: Record<string, PgColumn>;
  /**
   * What the audit entry and the content change also need to know of a row,
   * read in the edit's transaction (the company whose pages show a leader).
   */
  facts?: (tx: Db, row: Row) => Promise<Record<string, unknown>>;
  /** The content change's entity id (with `content`). */
  entityId?: (record: R) => number;
  /** Further pages the edit changes, recorded in its transaction (a webinar is part of its company's pages). */
  alsoChanges?: (tx: Db, before: R | undefined, after: R | undefined) => Promise<void>;
}

type Insert<T extends VersionedTable> = T['$inferInsert'];

/** Writes that go with a record's own, in the same transaction and before it (a client's company name). */
type Alongside<R> = (tx: Db, before: R | undefined) => Promise<void>;

export interface VersionedEditor<T extends VersionedTable, R extends Row> {
  /** Adds a record; `values` may be worked out inside the transaction (a leader's place in the team). */
  create(
    db: Db,
    actor: StaffActor,
    values: Insert<T> | ((tx: Db) => Promise<Insert<T>>),
    alongside?: Alongside<R>,
  ): Promise<R>;
  /**
   * Changes a record, based on the version the editor loaded (undefined: a step that does not depend on what was
   * loaded, such as pausing a newsletter); `changes` may depend on the stored record.
   */
  update(
    db: Db,
    actor: StaffActor,
    key: string | number,
    version: number | undefined,
    changes: Partial<Insert<T>> | ((before: R) => Partial<Insert<T>>),
    alongside?: Alongside<R>,
  ): Promise<R>;
  /** Deletes a record; the version is checked when given. */
  remove(db: Db, actor: StaffActor, key: string | number, version?: number): Promise<void>;
}

export function versionedEditor<T extends VersionedTable, R extends Row>(
  options: VersionedEditorOptions<T, R>,
): VersionedEditor<T, R> {
  const { table, key, kind, what, content, entityId } = options;
  const tableColumns = getTableColumns(table) as Record<string, Column>;
  const columns = options.columns ?? (tableColumns as Record<string, PgColumn>);
  /** The property of a row that holds its key: the created record's key in the audit log. */
  const keyField = Object.entries(columns).find(([, column]) => column === key)?.[0];
  if (!keyField) throw new Error(`The editor of ${what} must read its key column.`);
  const stamped = 'updatedAt' in tableColumns;
  // Drizzle's builders are typed by the concrete table; the options have
  // already tied the values to it, so the generic code speaks loosely.
  const anyTable = table as unknown as PgTable;

  const withFacts = async (tx: Db, row: Row | undefined): Promise<R | undefined> =>
    row && ({ ...row, ...(await options.facts?.(tx, row)) } as R);

  /** The record as stored now, locked until the edit's transaction ends. */
  const locked = (value: string | number) => async (tx: Db) => {
    const [row] = await tx.select(columns).from(anyTable).where(eq(key, value)).for('update');
    return withFacts(tx, row as Row | undefined);
  };

  const changed = async (tx: Db, before: R | undefined, after: R | undefined) => {
    await options.alsoChanges?.(tx, before, after);
    return after;
  };

  /** A change to the stored record `value`: locked, its version checked, audited. */
  const editStored = (
    db: Db,
    actor: StaffActor,
    action: 'update' | 'delete',
    value: string | number,
    version: number | undefined,
    write: (tx: Db, before: R | undefined) => Promise<R | undefined>,
  ) =>
    staffEdit<R>(db, {
      actor,
      action,
      kind,
      what,
      key: String(value),
      content,
      current: locked(value),
      version,
      write,
      entityId,
    });

  return {
    async create(db, actor, values, alongside) {
      const created = await staffEdit<R>(db, {
        actor,
        action: 'create',
        kind,
        what,
        key: 'new',
        content,
        write: async (tx) => {
          await alongside?.(tx, undefined);
          const inserted = typeof values === 'function' ? await values(tx) : values;
          const [row] = await tx
            .insert(anyTable)
            .values(inserted as never)
            .returning(columns);
          return changed(tx, undefined, await withFacts(tx, row as Row));
        },
        // A new record is logged by its key: the id the database gave it, or the symbol it was given.
        createdKey: (record) => String(record[keyField]),
        entityId,
      });
      return created!;
    },

    async update(db, actor, value, version, changes, alongside) {
      const updated = await editStored(db, actor, 'update', value, version, async (tx, before) => {
        await alongside?.(tx, before);
        const set = typeof changes === 'function' ? changes(before!) : changes;
        const [row] = await tx
          .update(anyTable)
          .set({
            ...set,
            ...(stamped && { updatedAt: new Date() }),
            version: sql`${table.version} + 1`,
          } as never)
          .where(eq(key, value))
          .returning(columns);
        return changed(tx, before, await withFacts(tx, row as Row));
      });
      return updated!;
    },

    async remove(db, actor, value, version) {
      await editStored(db, actor, 'delete', value, version, async (tx, before) => {
        await tx.delete(anyTable).where(eq(key, value));
        return changed(tx, before, undefined);
      });
    },
  };
}
