/**
 * Messages to send, written inside the caller's transaction so a code and
 * the message carrying it are stored together or not at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../tables.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar (.ics) invite, sent with an email as a calendar request. */
  calendar?: string;
}

export async function enqueue(tx: Db, message: OutgoingMessage): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({ ...message, html: message.html ?? null, calendar: message.calendar ?? null })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

/**
 * Queues a message in the statement that makes it due: `source` names a
 * common table expression of that statement, and the message is queued once
 * per row it returns (none: nothing is queued). One statement is one round
 * trip and atomic, without holding a transaction open.
 */
export function enqueueFrom(source: string, message: OutgoingMessage): SQL {
  return sql`insert into ${outboxMessages} (channel, recipient, subject, text, html, calendar)
    select ${message.channel}, ${message.recipient}, ${message.subject}, ${message.text}, ${message.html ?? null}, ${message.calendar ?? null}
    from ${sql.identifier(source)}`;
}
