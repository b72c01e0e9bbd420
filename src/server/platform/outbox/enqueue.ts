/**
 * Messages to send, written inside the caller's transaction so a code and
 * the message carrying it are stored together or not at all. Whoever
 * delivers them hears of each commit that queued some (onMessagesQueued), so
 * a message goes out at once whichever feature or route queued it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { arrayColumn } from '../db/arrays.ts';
import { afterCommit, type Db } from '../db/client.ts';
import type { EmailList } from '../../../lib/email-lists.ts';
import { outboxMessages } from '../tables.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms' | 'push';
  /** A bulk list (the message gets its unsubscribe link and goes only to addresses not suppressed); none: transactional. */
  list?: EmailList;
  /** Queueing the same key twice queues one message. */
  dedupeKey?: string;
  recipient: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar (.ics) invite, sent with an email as a calendar request. */
  calendar?: string;
  /**
   * A transactional email's own one-click unsubscribe address (an alert's
   * stop link): sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058).
   */
  unsubscribeUrl?: string;
}

/** Who hears of queued messages, by the database handle they were queued through (see onMessagesQueued). */
const queuedListeners = new WeakMap<Db, Set<() => void>>();

/** Calls `listener` after each commit that queued messages through `db`; returns its removal. */
export function onMessagesQueued(db: Db, listener: () => void): () => void {
  let listeners = queuedListeners.get(db);
  if (!listeners) queuedListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Says that messages were queued through `handle` (a transaction's, or the
 * database's): the listeners hear of it once they can read them. The
 * functions of this module say it themselves; a statement built with
 * enqueueFrom, or a bulk insert of its own, says it when it ran.
 */
export function messagesQueued(handle: Db): void {
  afterCommit(handle, (root) => {
    for (const listener of queuedListeners.get(root) ?? []) listener();
  });
}

/** Queues a message; null when its dedupe key was queued before. */
export async function enqueue(tx: Db, message: OutgoingMessage): Promise<number | null> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      ...message,
      html: message.html ?? null,
      calendar: message.calendar ?? null,
      list: message.list ?? null,
      dedupeKey: message.dedupeKey ?? null,
      unsubscribeUrl: message.unsubscribeUrl ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  if (row) messagesQueued(tx);
  return row?.id ?? null;
}

/**
 * Queues many transactional messages in one statement (alerts, digests); a
 * message whose dedupe key was queued before is dropped.
 */
export async function enqueueAll(tx: Db, messages: readonly OutgoingMessage[]): Promise<void> {
  if (!messages.length) return;
  const col = (pick: (m: OutgoingMessage) => unknown) => arrayColumn(messages, pick, 'text');
  await tx.execute(sql`
    insert into ${outboxMessages} (channel, recipient, subject, text, html, dedupe_key, unsubscribe_url)
    select * from unnest(${col((m) => m.channel)}, ${col((m) => m.recipient)}, ${col((m) => m.subject)},
      ${col((m) => m.text)}, ${col((m) => m.html ?? null)}, ${col((m) => m.dedupeKey ?? null)},
      ${col((m) => m.unsubscribeUrl ?? null)})
    on conflict (dedupe_key) do nothing`);
  messagesQueued(tx);
}

/**
 * Queues a message in the statement that makes it due: `source` names a
 * common table expression of that statement, and the message is queued once
 * per row it returns (none: nothing is queued). One statement is one round
 * trip and atomic, without holding a transaction open; the caller says
 * messagesQueued when it ran.
 */
export function enqueueFrom(source: string, message: OutgoingMessage): SQL {
  return sql`insert into ${outboxMessages} (channel, recipient, subject, text, html, calendar, list)
    select ${message.channel}, ${message.recipient}, ${message.subject}, ${message.text}, ${message.html ?? null},
      ${message.calendar ?? null}, ${message.list ?? null}
    from ${sql.identifier(source)}`;
}

/**
 * Tells the planner the outbox grew, after the first batch of a large
 * sending (a newsletter, an announcement) and after its last. With what it
 * knew of an emptier table each bulk lease sorted every waiting message;
 * PostgreSQL's own analyze comes up to a minute later, and the embedded
 * database has none.
 */
export async function analyzeOutbox(db: Db): Promise<void> {
  await db.execute(sql`analyze ${outboxMessages}`);
}
