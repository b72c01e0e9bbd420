/**
 * The reader's alerts in the bell (docs/product.md §18.15): newest first a
 * page at a time, the number unread, and marking them read. Every raised
 * alert is here, whatever channels also carried it.
 */
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { isAlertKind, type Alert } from '../../../lib/alerts.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { alerts } from './tables.ts';

type AlertRow = typeof alerts.$inferSelect;

const record = (row: AlertRow): Alert => ({
  id: row.id,
  kind: isAlertKind(row.kind) ? row.kind : 'news',
  symbol: row.symbol,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export async function unreadAlerts(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)));
  return Number(row?.n ?? 0);
}

/** A page of the reader's alerts, newest first, before the alert `before` when given. */
export async function alertsOf(
  db: Db,
  userId: number,
  page: { limit: number; before?: number },
): Promise<{ data: Alert[]; unread: number }> {
  const rows = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), page.before ? lt(alerts.id, page.before) : undefined))
    .orderBy(desc(alerts.id))
    .limit(page.limit);
  return { data: rows.map(record), unread: await unreadAlerts(db, userId) };
}

/** Marks one of the reader's alerts read; another reader's alert is not there. */
export async function markAlertRead(db: Db, userId: number, id: number): Promise<{ unread: number }> {
  const [row] = await db
    .update(alerts)
    .set({ readAt: sql`coalesce(${alerts.readAt}, now())` })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  if (!row) throw notFound(`No alert ${id}`);
  return { unread: await unreadAlerts(db, userId) };
}

export async function markAllAlertsRead(db: Db, userId: number): Promise<{ unread: 0 }> {
  await db
    .update(alerts)
    .set({ readAt: sql`now()` })
    .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)));
  return { unread: 0 };
}
