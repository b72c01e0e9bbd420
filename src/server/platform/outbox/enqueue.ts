/**
 * Messages to send, written inside the caller's transaction so a code and
 * the message carrying it are stored together or not at all.
 */
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
