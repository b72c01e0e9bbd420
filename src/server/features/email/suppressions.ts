/**
 * Acting on what mailbox providers report (docs/product.md §10.7). A hard
 * bounce or a complaint suppresses the address for every bulk list at once
 * and withdraws what is still waiting for it; soft bounces are counted, and
 * SOFT_BOUNCE_LIMIT of them within a month suppress the address. A report
 * never sends a message again: the server that gave up had already retried.
 * Transactional mail (codes, resets, registrations) is never held back by a
 * suppression.
 */
import type { KeyObject } from 'node:crypto';
import { and, asc, eq, gt, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StaffActor } from '../../../lib/console.ts';
import type { SuppressionRecord } from '../../../lib/newsletter.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { notFound } from '../../platform/errors.ts';
import { storedMailLinkSecret } from './list-links.ts';
import { openReference } from './transport/message-reference.ts';
import { outboxMessages } from '../../platform/tables.ts';
import { mailSoftBounces, mailSuppressions } from './tables.ts';
import { staffEdit } from '../audit/index.ts';
import type { MailFeedback } from './feedback.ts';

/** Soft bounces within SOFT_BOUNCE_WINDOW_DAYS that suppress an address. */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 30;
/**
 * A report received by SMTP is believed for a bulk message sent at most this long ago: sending
 * servers give up within five days, so an older report is not about a delivery that just failed.
 */
export const SMTP_REPORT_DAYS = 7;

export interface FeedbackOutcome {
  suppressed: number;
}

type Source = SuppressionRecord['source'];

/** A report with the outbox message its reference names, when this database made the reference. */
type NamedFeedback = MailFeedback & { outboxId: number | null };

async function suppress(tx: Db, email: string, reason: SuppressionRecord['reason'], detail: string, source: Source) {
  await tx
    .insert(mailSuppressions)
    .values({ email, reason, detail: detail.slice(0, 300), source })
    .onConflictDoNothing();
  // What is still waiting for the address will not go.
  await tx
    .update(outboxMessages)
    .set({ status: 'suppressed' })
    .where(
      and(
        eq(outboxMessages.recipient, email),
        isNotNull(outboxMessages.list),
        sql`${outboxMessages.status} in ('pending', 'held')`,
      ),
    );
}

/** The reported message, marked as bounced; false when it already was (or is not ours). */
async function markBounced(tx: Db, outboxId: number | null): Promise<boolean> {
  if (outboxId === null) return false;
  const marked = await tx
    .update(outboxMessages)
    .set({ status: 'bounced' })
    .where(and(eq(outboxMessages.id, outboxId), eq(outboxMessages.status, 'sent')))
    .returning({ id: outboxMessages.id });
  return marked.length > 0;
}

function named(secret: KeyObject | null, reports: readonly MailFeedback[]): NamedFeedback[] {
  return reports.map((report) => ({
    ...report,
    outboxId: secret && report.reference ? openReference(secret, report.reference) : null,
  }));
}

/**
 * Reports received by SMTP are believed only for a bulk message this
 * database sent to that very address in the last SMTP_REPORT_DAYS, named by
 * the reference only that message carried (its return path or Message-ID):
 * anyone can send mail to the bounce port, and a made-up report must not
 * silence a reader. A report about a code, a reset or any other
 * transactional message is never believed: anyone can have one sent to
 * anyone.
 */
async function believable(db: Db, feedback: readonly NamedFeedback[]): Promise<NamedFeedback[]> {
  const ids = [...new Set(feedback.flatMap((f) => (f.outboxId === null ? [] : [f.outboxId])))];
  if (!ids.length) return [];
  const rows = await db
    .select({ id: outboxMessages.id, recipient: outboxMessages.recipient })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.id, ids),
        eq(outboxMessages.channel, 'email'),
        isNotNull(outboxMessages.list),
        sql`${outboxMessages.status} in ('sent', 'bounced')`,
        gt(outboxMessages.sentAt, sql`now() - make_interval(days => ${SMTP_REPORT_DAYS})`),
      ),
    );
  const sentTo = new Map(rows.map((r) => [r.id, r.recipient.toLowerCase()]));
  return feedback.filter((f) => f.outboxId !== null && sentTo.get(f.outboxId) === f.email.trim().toLowerCase());
}

export async function recordFeedback(
  db: Db,
  reports: readonly MailFeedback[],
  source: Source,
): Promise<FeedbackOutcome> {
  const outcome: FeedbackOutcome = { suppressed: 0 };
  const all = named(await storedMailLinkSecret(db), reports);
  // SNS messages are signed by Amazon: what they say is believed.
  const feedback = source === 'smtp' ? await believable(db, all) : all;
  if (!feedback.length) return outcome;
  await transaction(db, async (tx) => {
    for (const report of feedback) {
      const email = report.email.trim().toLowerCase();
      if (report.kind !== 'soft') {
        await suppress(tx, email, report.kind === 'hard' ? 'hard-bounce' : 'complaint', report.detail, source);
        await markBounced(tx, report.outboxId);
        outcome.suppressed++;
        continue;
      }
      // A message bounces once: another report of the same failure does not count again.
      if (report.outboxId !== null && !(await markBounced(tx, report.outboxId))) continue;
      const [run] = await tx
        .insert(mailSoftBounces)
        .values({ email, count: 1 })
        .onConflictDoUpdate({
          target: mailSoftBounces.email,
          set: {
            // A run older than the window starts again.
            count: sql`case when ${mailSoftBounces.firstAt} < now() - make_interval(days => ${SOFT_BOUNCE_WINDOW_DAYS})
              then 1 else ${mailSoftBounces.count} + 1 end`,
            firstAt: sql`case when ${mailSoftBounces.firstAt} < now() - make_interval(days => ${SOFT_BOUNCE_WINDOW_DAYS})
              then now() else ${mailSoftBounces.firstAt} end`,
            lastAt: sql`now()`,
          },
        })
        .returning({ count: mailSoftBounces.count });
      if ((run?.count ?? 1) >= SOFT_BOUNCE_LIMIT) {
        await suppress(tx, email, 'soft-bounces', report.detail, source);
        outcome.suppressed++;
      }
    }
  });
  return outcome;
}

const toRecord = (row: typeof mailSuppressions.$inferSelect): SuppressionRecord => ({
  email: row.email,
  reason: row.reason,
  detail: row.detail,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});

/** Suppressed addresses, newest first, searched by part of the address. */
export async function listSuppressions(db: Db, query: { q?: string; page: number; limit: number }) {
  const q = query.q?.trim().toLowerCase();
  const where = q ? ilike(mailSuppressions.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const { rows, total } = await paged(
    db
      .select()
      .from(mailSuppressions)
      .where(where)
      .orderBy(sql`${mailSuppressions.createdAt} desc`, asc(mailSuppressions.email)),
    rowCount(db).from(mailSuppressions).where(where),
    { page: query.page, pageSize: query.limit },
  );
  return { items: rows.map(toRecord), total };
}

/** Staff lift a suppression (audited): bulk mail goes to the address again, its soft-bounce run forgotten. */
export async function liftSuppression(db: Db, actor: StaffActor, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const done = await staffEdit<SuppressionRecord & { id: string; version: number }>(db, {
    actor,
    action: 'delete',
    kind: 'newsletter',
    what: 'suppression',
    key: email,
    write: async (tx) => {
      const [row] = await tx.delete(mailSuppressions).where(eq(mailSuppressions.email, email)).returning();
      await tx.delete(mailSoftBounces).where(eq(mailSoftBounces.email, email));
      return row ? { ...toRecord(row), id: email, version: 0 } : undefined;
    },
  });
  if (!done) throw notFound(`No suppression of ${email}`);
}
