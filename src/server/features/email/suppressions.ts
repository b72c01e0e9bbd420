/**
 * Acting on what mailbox providers report (docs/product.md §10.7). A hard
 * bounce or a complaint suppresses the address for every bulk list at once
 * and withdraws what is still waiting for it; a soft bounce sends the
 * message again later, backing off, and suppresses the address after
 * SOFT_BOUNCE_LIMIT of them within a month. Transactional mail (codes,
 * resets, registrations) is never held back by a suppression.
 */
import { and, asc, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StaffActor } from '../../../lib/console.ts';
import type { SuppressionRecord } from '../../../lib/newsletter.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { notFound } from '../../platform/errors.ts';
import { mailSoftBounces, mailSuppressions, outboxMessages } from '../../platform/tables.ts';
import { staffEdit } from '../audit/index.ts';
import type { MailFeedback } from './feedback.ts';

/** Soft bounces within SOFT_BOUNCE_WINDOW_DAYS that suppress an address. */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 30;
/** When a soft-bounced message is tried again: 15 minutes, then 30, then an hour. */
export const softRetryMinutes = (bounces: number) => 15 * 2 ** Math.max(0, bounces - 1);

export interface FeedbackOutcome {
  suppressed: number;
  retried: number;
}

type Source = SuppressionRecord['source'];

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

/** The reported message, marked as bounced (only a bulk one that went is retried). */
async function markBounced(tx: Db, outboxId: number | null) {
  if (outboxId === null) return;
  await tx
    .update(outboxMessages)
    .set({ status: 'bounced' })
    .where(and(eq(outboxMessages.id, outboxId), eq(outboxMessages.status, 'sent')));
}

/**
 * Reports received by SMTP are believed only for a message we sent to that
 * very address (named by its return path or Message-ID): anyone can send
 * mail to the bounce port, and a made-up report must not silence a reader.
 */
async function believable(db: Db, feedback: readonly MailFeedback[]): Promise<MailFeedback[]> {
  const named = feedback.filter((f) => f.outboxId !== null);
  if (!named.length) return [];
  const rows = await db
    .select({ id: outboxMessages.id, recipient: outboxMessages.recipient })
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, [...new Set(named.map((f) => f.outboxId!))]));
  const sentTo = new Map(rows.map((r) => [r.id, r.recipient.toLowerCase()]));
  return named.filter((f) => sentTo.get(f.outboxId!) === f.email.trim().toLowerCase());
}

export async function recordFeedback(
  db: Db,
  reports: readonly MailFeedback[],
  source: Source,
): Promise<FeedbackOutcome> {
  const outcome: FeedbackOutcome = { suppressed: 0, retried: 0 };
  // SNS messages are signed by Amazon: what they say is believed.
  const feedback = source === 'smtp' ? await believable(db, reports) : reports;
  await transaction(db, async (tx) => {
    for (const report of feedback) {
      const email = report.email.trim().toLowerCase();
      if (report.kind !== 'soft') {
        await suppress(tx, email, report.kind === 'hard' ? 'hard-bounce' : 'complaint', report.detail, source);
        await markBounced(tx, report.outboxId);
        outcome.suppressed++;
        continue;
      }
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
      const bounces = run?.count ?? 1;
      if (bounces >= SOFT_BOUNCE_LIMIT) {
        await suppress(tx, email, 'soft-bounces', report.detail, source);
        await markBounced(tx, report.outboxId);
        outcome.suppressed++;
      } else if (report.outboxId !== null) {
        const again = await tx
          .update(outboxMessages)
          .set({
            status: 'pending',
            lastError: `Bounced for now: ${report.detail}`.slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(mins => ${softRetryMinutes(bounces)})`,
          })
          .where(
            and(
              eq(outboxMessages.id, report.outboxId),
              eq(outboxMessages.status, 'sent'),
              isNotNull(outboxMessages.list),
            ),
          )
          .returning({ id: outboxMessages.id });
        outcome.retried += again.length;
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
