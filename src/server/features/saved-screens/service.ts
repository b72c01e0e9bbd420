/**
 * A reader's saved screens (docs/product.md §7.8): listed newest first,
 * saved under a name of their own (once, whatever its case; at most
 * SAVED_SCREENS_MAX), renamed, and deleted. What a screen keeps is read back
 * through the screener's own rules first (canonicalScreen), so a screen
 * always opens the way it was saved. Another reader's screen is not there.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { SAVED_SCREENS_MAX, SAVED_SCREEN_TEXT, canonicalScreen } from '../../../lib/saved-screens.ts';
import type { SavedScreenRecord } from '../../../lib/content-records.ts';
import { arrayColumn } from '../../platform/db/arrays.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { lockUser } from '../accounts/index.ts';
import { savedScreens } from './tables.ts';

type Row = typeof savedScreens.$inferSelect;

/** A saved screen as the API answers it: with its alert switch (docs/product.md §15.7). */
export type SavedScreen = SavedScreenRecord & { alert: boolean };

const record = (row: Row): SavedScreen => ({
  id: row.id,
  name: row.name,
  query: row.query,
  columns: row.columns,
  alert: row.alert,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listSavedScreens(db: Db, userId: number): Promise<SavedScreen[]> {
  const rows = await db
    .select()
    .from(savedScreens)
    .where(eq(savedScreens.userId, userId))
    .orderBy(desc(savedScreens.id));
  return rows.map(record);
}

/** Refuses a name the reader already gave another of their screens. */
async function checkNameFree(db: Db, userId: number, name: string, except?: number): Promise<void> {
  const [taken] = await db
    .select({ id: savedScreens.id })
    .from(savedScreens)
    .where(
      and(
        eq(savedScreens.userId, userId),
        sql`lower(${savedScreens.name}) = lower(${name})`,
        except === undefined ? undefined : ne(savedScreens.id, except),
      ),
    );
  if (taken) throw conflict(SAVED_SCREEN_TEXT.duplicate(name));
}

export interface SavedScreenInput {
  name: string;
  query: string;
  columns: string[];
}

export async function saveScreen(db: Db, userId: number, input: SavedScreenInput): Promise<SavedScreen> {
  const screen = canonicalScreen(input.query, input.columns);
  return transaction(db, async (tx) => {
    // One reader's saves one at a time (their row held): the count and the name check hold until the insert.
    await lockUser(tx, userId);
    const [kept] = await tx.select({ n: count() }).from(savedScreens).where(eq(savedScreens.userId, userId));
    if (Number(kept?.n ?? 0) >= SAVED_SCREENS_MAX) throw invalid(SAVED_SCREEN_TEXT.tooMany);
    await checkNameFree(tx, userId, input.name);
    const [row] = await tx
      .insert(savedScreens)
      .values({ userId, name: input.name, query: screen.query, columns: screen.columns })
      .returning();
    return record(row!);
  });
}

export async function updateSavedScreen(
  db: Db,
  userId: number,
  id: number,
  change: Partial<SavedScreenInput>,
): Promise<SavedScreen> {
  return transaction(db, async (tx) => {
    // As for a save: the reader's row locked, so two renames to one name cannot both pass the check.
    await lockUser(tx, userId);
    const [current] = await tx
      .select()
      .from(savedScreens)
      .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
      .for('update');
    if (!current) throw notFound(SAVED_SCREEN_TEXT.notFound);
    if (change.name !== undefined) await checkNameFree(tx, userId, change.name, id);
    const screen = canonicalScreen(change.query ?? current.query, change.columns ?? current.columns);
    // Another screen: its alerts start again from a first check that only takes note.
    const restart = screen.query !== current.query ? { alertNotedAt: null } : {};
    const [row] = await tx
      .update(savedScreens)
      .set({ name: change.name ?? current.name, ...screen, ...restart, updatedAt: new Date() })
      .where(eq(savedScreens.id, id))
      .returning();
    return record(row!);
  });
}

export async function deleteSavedScreen(db: Db, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(savedScreens)
    .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
    .returning({ id: savedScreens.id });
  if (removed.length === 0) throw notFound(SAVED_SCREEN_TEXT.notFound);
}

/**
 * Turns a screen's alerts on or off (docs/product.md §15.7). Turning them on
 * starts from a first check that only takes note of the companies already
 * in the screen, so only companies entering it afterwards alert.
 */
export async function setSavedScreenAlert(db: Db, userId: number, id: number, alert: boolean): Promise<SavedScreen> {
  const [row] = await db
    .update(savedScreens)
    .set({
      alert,
      alertNotedAt: sql`case when ${savedScreens.alert} = ${alert} then ${savedScreens.alertNotedAt} else null end`,
      updatedAt: new Date(),
    })
    .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
    .returning();
  if (!row) throw notFound(SAVED_SCREEN_TEXT.notFound);
  return record(row);
}

/** Turns a screen's alerts off (its stop link); nothing else of it changes, and another reader's screen is left alone. */
export async function stopSavedScreenAlert(db: Db, userId: number, id: number): Promise<void> {
  await db
    .update(savedScreens)
    .set({ alert: false, updatedAt: new Date() })
    .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)));
}

/**
 * The screens (of one query) that start alerting: companies entering them from now on raise alerts
 * (alerts/screen-watch.ts). A screen whose query changed or whose alerts went off meanwhile is left alone.
 */
export async function noteScreenAlerts(db: Db, ids: number[], query: string): Promise<void> {
  await db.execute(sql`
    update ${savedScreens} set alert_noted_at = now()
    where id = any(${arrayColumn(ids, (id) => id, 'int4')})
      and query = ${query} and alert and alert_noted_at is null`);
}
