/**
 * Taking due messages to send: a batch of pending rows is leased (their next
 * attempt moved past the lease) in one statement, so two instances never
 * send the same row at once, and a sender that dies simply lets its lease
 * run out. Transactional and bulk mail are leased apart (`list` unset or
 * set), oldest due first, each from an index of its own: a lease reads the
 * rows it takes and no others, however many wait.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { outboxMessages } from '../tables.ts';
import type { OutboxRow } from './transport.ts';

/** Every column of a row, named as drizzle names them. */
const OUTBOX_COLUMNS = sql.raw(`id, channel, recipient, subject, text, html, calendar, list,
  dedupe_key as "dedupeKey", template, template_ref as "templateRef", unsubscribe_url as "unsubscribeUrl", recipient_name as "recipientName",
  status, attempts, next_attempt_at as "nextAttemptAt", last_error as "lastError", created_at as "createdAt",
  sent_at as "sentAt"`);

export async function leaseDue(
  db: Db,
  options: { bulk: boolean; limit: number; leaseSeconds: number },
): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${outboxMessages} set next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds})
    where id in (
      select id from ${outboxMessages}
      where status = 'pending' and list is ${sql.raw(options.bulk ? 'not null' : 'null')} and next_attempt_at <= now()
      order by next_attempt_at, id limit ${options.limit}
      for update skip locked)
    returning ${OUTBOX_COLUMNS}`);
  return rowsOf<OutboxRow>(result)
    .map((row) => ({ ...row, createdAt: new Date(row.createdAt) }))
    .sort((a, b) => a.id - b.id);
}
