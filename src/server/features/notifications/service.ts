/**
 * Global notifications (docs/product.md §19.14, §18.12): staff broadcast a message about a news
 * article, event, video or company. Every signed-in user sees it in the
 * in-app centre (the bell) at once; delivery by each user's chosen channel
 * (email or SMS) goes through the outbox in batches of users, by a job, so
 * a broadcast to any number of users answers at once and never holds the
 * database for long.
 */
import { and, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { NotificationRecord } from '../../../lib/console-records.ts';
import { notificationLink, type NotificationObjectType, type StaffActor } from '../../../lib/console.ts';
import { escapeHtml } from '../../../lib/markup.ts';
import { SITE } from '../../../lib/site.ts';
import type { Db } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { outboxMessages } from '../../platform/tables.ts';
import { analyzeOutbox, messagesQueued } from '../../platform/outbox/enqueue.ts';
import { saveAnnouncementsByMessage, usersView } from '../accounts/index.ts';
import { staffEdit } from '../audit/index.ts';
import { companiesView } from '../companies/index.ts';
import { eventPagePaths, eventsView } from '../events/index.ts';
import { newsView } from '../news/index.ts';
import { videosView } from '../videos/index.ts';
import { broadcastReadMarks, broadcastReads, broadcasts } from './tables.ts';

export interface BroadcastInput {
  message: string;
  objectType: NotificationObjectType;
  objectId: string;
}

/** How often the delivery job looks for broadcasts still being delivered (it is also woken by each broadcast). */
export const BROADCAST_INTERVAL_MS = 30_000;

/** The object a notification points at, in its canonical form (an upper-case ticker, a plain id). */
async function checkObject(db: Db, type: NotificationObjectType, objectId: string): Promise<string> {
  if (type === 'company') {
    const symbol = objectId.trim().toUpperCase();
    const [row] = await db
      .select({ s: companiesView.symbol })
      .from(companiesView)
      .where(eq(companiesView.symbol, symbol));
    if (!row) throw invalid(`objectId: no company with the symbol ${symbol}`);
    return symbol;
  }
  if (!/^\d{1,9}$/.test(objectId.trim())) throw invalid(`objectId: a ${type} is named by its number`);
  const id = Number(objectId);
  const table = type === 'news' ? newsView : type === 'event' ? eventsView : videosView;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw invalid(`objectId: no ${type} ${id}`);
  return String(id);
}

/** Records a broadcast (audited); delivery starts with the next run of the delivery job. */
export async function broadcast(db: Db, actor: StaffActor, input: BroadcastInput) {
  const objectId = await checkObject(db, input.objectType, input.objectId);
  const row = await staffEdit<typeof broadcasts.$inferSelect>(db, {
    actor,
    action: 'create',
    kind: 'notification',
    what: 'notification',
    key: 'new',
    write: async (tx) => {
      const [created] = await tx
        .insert(broadcasts)
        .values({ message: input.message.trim(), objectType: input.objectType, objectId, createdBy: actor.id })
        .returning();
      return created;
    },
  });
  return { id: row!.id, message: row!.message, objectType: row!.objectType, objectId: row!.objectId };
}

type BroadcastObject = Pick<typeof broadcasts.$inferSelect, 'objectType' | 'objectId'>;

/**
 * Where each broadcast takes the reader, in order: an event's own page
 * (which needs the event's ids, read in one query), the others by their id.
 */
async function linksOf(db: Db, list: BroadcastObject[]): Promise<string[]> {
  const eventIds = list.filter((b) => b.objectType === 'event').map((b) => Number(b.objectId));
  const eventPages = await eventPagePaths(db, eventIds);
  return list.map((b) =>
    b.objectType === 'event'
      ? (eventPages.get(Number(b.objectId)) ?? notificationLink(b.objectType, b.objectId))
      : notificationLink(b.objectType, b.objectId),
  );
}

function messageFor(b: typeof broadcasts.$inferSelect, path: string, siteUrl: string) {
  const link = `${siteUrl}${path}`;
  return {
    subject: `${SITE.name}: ${b.message.length > 70 ? `${b.message.slice(0, 67)}…` : b.message}`,
    // The footer (why, unsubscribe, preferences, postal address) is added to every bulk email when it is sent.
    text: `${b.message}\n\n${link}`,
    html: `<p>${escapeHtml(b.message)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    sms: `${SITE.name}: ${b.message} ${link}`,
  };
}

/**
 * Queues the next batch of one broadcast's messages: verified users who
 * existed when it was sent and who want announcements by message, each by
 * their channel (text messages need a phone number; without one, email).
 * Returns how many were queued, or null when every user has been reached.
 */
export async function deliverBatch(db: Db, b: typeof broadcasts.$inferSelect, siteUrl: string, batch: number) {
  const [path] = await linksOf(db, [b]);
  const m = messageFor(b, path!, siteUrl);
  const rows = rowsOf<{ last: number | null; queued: number }>(
    await db.execute(sql`
      with batch as (
        select id, email, phone, message_preference from ${usersView}
        where id > ${b.deliveredThrough} and verified and announcements_by_message
          -- As text: PostgreSQL's driver takes no Date in a raw statement.
          and created_at <= ${b.createdAt.toISOString()}::timestamptz
        order by id limit ${batch}
      ),
      queued as (
        insert into ${outboxMessages} (channel, recipient, subject, text, html, list, dedupe_key)
        select
          case when message_preference = 'phone' and phone is not null then 'sms' else 'email' end,
          case when message_preference = 'phone' and phone is not null then phone else lower(email) end,
          ${m.subject},
          case when message_preference = 'phone' and phone is not null then ${m.sms} else ${m.text} end,
          case when message_preference = 'phone' and phone is not null then null else ${m.html} end,
          -- Emails are bulk mail (paced, with an unsubscribe link); texts are short and go at once.
          case when message_preference = 'phone' and phone is not null then null else 'announcements' end,
          ${`broadcast:${b.id}:`} || id
        from batch
        on conflict (dedupe_key) do nothing
        returning 1
      )
      select (select max(id) from batch) as last, (select count(*)::int from queued) as queued`),
  );
  const { last, queued } = rows[0] ?? { last: null, queued: 0 };
  if (last === null) {
    await db.update(broadcasts).set({ deliveredAt: new Date() }).where(eq(broadcasts.id, b.id));
    return null;
  }
  await db
    .update(broadcasts)
    .set({ deliveredThrough: last, queued: sql`${broadcasts.queued} + ${queued}` })
    .where(eq(broadcasts.id, b.id));
  return queued;
}

/**
 * The delivery job: every broadcast still being delivered, a batch at a
 * time, letting other work run between batches. Returns the number of
 * messages queued.
 */
export async function deliverBroadcasts(
  db: Db,
  siteUrl: string,
  /** `batch`: users reached per statement (bulkStatementRows). */
  options: { batch: number; signal?: AbortSignal },
): Promise<number> {
  let total = 0;
  const pending = await db
    .select()
    .from(broadcasts)
    .where(sql`${broadcasts.deliveredAt} is null`)
    .orderBy(broadcasts.id);
  for (const first of pending) {
    let b = first;
    for (;;) {
      if (options.signal?.aborted) return total;
      const queued = await deliverBatch(db, b, siteUrl, options.batch);
      if (queued === null) {
        if (total > 0) await analyzeOutbox(db);
        break;
      }
      if (total === 0 && queued > 0) await analyzeOutbox(db);
      total += queued;
      if (queued > 0) messagesQueued(db);
      [b] = (await db.select().from(broadcasts).where(eq(broadcasts.id, b.id))) as [typeof b];
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return total;
}

/** Broadcasts newest first with how far their delivery by message has gone (the console's history). */
export async function broadcastHistory(db: Db, limit: number) {
  const rows = await db.select().from(broadcasts).orderBy(desc(broadcasts.id)).limit(limit);
  const links = await linksOf(db, rows);
  return rows.map((b, i) => ({
    id: b.id,
    message: b.message,
    objectType: b.objectType,
    objectId: b.objectId,
    link: links[i]!,
    createdAt: b.createdAt.toISOString(),
    queued: b.queued,
    deliveredAt: b.deliveredAt?.toISOString() ?? null,
  }));
}

/** The broadcasts a user is shown: those sent since they joined. */
const shownTo = (user: { id: number; createdAt: Date }) => gte(broadcasts.createdAt, user.createdAt);

/** A page of a user's notifications, newest first, with the number unread. */
export async function notificationsOf(
  db: Db,
  user: { id: number; createdAt: Date },
  page: { limit: number; before?: number },
): Promise<{ data: NotificationRecord[]; unread: number }> {
  const [mark] = await db
    .select({ through: broadcastReadMarks.readThrough })
    .from(broadcastReadMarks)
    .where(eq(broadcastReadMarks.userId, user.id));
  const readThrough = mark?.through ?? 0;
  const read = sql<boolean>`(${broadcasts.id} <= ${readThrough} or ${broadcastReads.userId} is not null)`;
  const rows = await db
    .select({ b: broadcasts, read })
    .from(broadcasts)
    .leftJoin(broadcastReads, and(eq(broadcastReads.broadcastId, broadcasts.id), eq(broadcastReads.userId, user.id)))
    .where(and(shownTo(user), page.before ? lte(broadcasts.id, page.before - 1) : undefined))
    .orderBy(desc(broadcasts.id))
    .limit(page.limit);
  const [unread] = await db
    .select({ n: count() })
    .from(broadcasts)
    .leftJoin(broadcastReads, and(eq(broadcastReads.broadcastId, broadcasts.id), eq(broadcastReads.userId, user.id)))
    .where(and(shownTo(user), gt(broadcasts.id, readThrough), sql`${broadcastReads.userId} is null`));
  const links = await linksOf(
    db,
    rows.map(({ b }) => b),
  );
  return {
    data: rows.map(({ b, read }, i) => ({
      id: b.id,
      message: b.message,
      objectType: b.objectType,
      objectId: b.objectId,
      link: links[i]!,
      createdAt: b.createdAt.toISOString(),
      read: Boolean(read),
    })),
    unread: Number(unread?.n ?? 0),
  };
}

export async function markRead(db: Db, user: { id: number; createdAt: Date }, id: number): Promise<void> {
  const [row] = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), shownTo(user)));
  if (!row) throw notFound(`No notification ${id}`);
  await db.insert(broadcastReads).values({ userId: user.id, broadcastId: id }).onConflictDoNothing();
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  const [latest] = await db.select({ id: sql<number | null>`max(${broadcasts.id})` }).from(broadcasts);
  const through = Number(latest?.id ?? 0);
  await db
    .insert(broadcastReadMarks)
    .values({ userId, readThrough: through })
    .onConflictDoUpdate({ target: broadcastReadMarks.userId, set: { readThrough: through } });
  await db
    .delete(broadcastReads)
    .where(and(eq(broadcastReads.userId, userId), lte(broadcastReads.broadcastId, through)));
}

/** Whether announcements also reach the user by email or SMS. */
export async function announcementsByMessage(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: usersView.announcementsByMessage })
    .from(usersView)
    .where(eq(usersView.id, userId));
  return row?.on ?? true;
}

export async function setAnnouncementsByMessage(db: Db, userId: number, on: boolean): Promise<boolean> {
  await saveAnnouncementsByMessage(db, userId, on);
  return on;
}
