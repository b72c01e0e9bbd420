/**
 * Sending an issue, the leader's job: at its time an issue becomes the
 * archive's newsletter article (its web version at /news/{id}) and starts
 * `sending`; its audience is then queued in address order, a batch per
 * statement, one message per (issue, reader) — the dedupe key makes a
 * batch queued twice after a crash queue nothing new — and when every
 * reader has a message and none is waiting, the issue is `sent`. The
 * messages themselves are written for each reader when the bulk mail
 * worker sends them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, transaction, type Db } from '../../../platform/db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { TemplateRenderer } from '../bulk/bulk-worker.ts';
import { analyzeOutbox } from '../../../platform/outbox/enqueue.ts';
import { outboxMessages } from '../../../platform/tables.ts';
import { usersView } from '../../accounts/index.ts';
import { createNews } from '../../news/index.ts';
import { escapeHtml } from '../../../../lib/markup.ts';
import { renderIssueArticle, renderIssueEmail, type RenderedEmail } from './render.ts';
import { issueById, type IssueRow } from './service.ts';
import { emailSubscriptions, newsletterIssues } from '../tables.ts';

export const NEWSLETTER_JOB = 'newsletter';
export const NEWSLETTER_INTERVAL_MS = 15_000;

/** Starts the issues whose time has come: each becomes an archive article, then `sending`. */
async function startDue(db: Db, logger: Logger): Promise<number> {
  const due = await db
    .update(newsletterIssues)
    .set({ status: 'sending', startedAt: new Date() })
    .where(and(eq(newsletterIssues.status, 'scheduled'), sql`${newsletterIssues.scheduledAt} <= now()`))
    .returning();
  for (const issue of due) await archive(db, issue, logger);
  return due.length;
}

/** The issue's web version, as a newsletter article published by whoever scheduled it. */
async function archive(db: Db, issue: IssueRow, logger: Logger) {
  if (issue.articleId !== null) return;
  const [author] = issue.createdBy
    ? await db
        .select({ id: usersView.id, email: usersView.email })
        .from(usersView)
        .where(eq(usersView.id, issue.createdBy))
    : [];
  const article = await createNews(db, author ?? { id: 0, email: 'newsletter' }, {
    title: issue.subject,
    company_symbol: null,
    description: renderIssueArticle(issue, ''),
    rc_newsletter: true,
  });
  await db.update(newsletterIssues).set({ articleId: article.id }).where(eq(newsletterIssues.id, issue.id));
  logger.info({ issue: issue.id, article: article.id }, 'newsletter issue archived; sending starts');
}

/** Queues the next readers of one issue after the address `after`: how many, the last address, and whether that was all. */
async function queueNextReaders(
  db: Db,
  issue: Pick<IssueRow, 'id' | 'subject'>,
  after: string | null,
  batch: number,
): Promise<{ queued: number; last: string | null; done: boolean }> {
  return transaction(db, async (tx) => {
    const rows = rowsOf<{ last: string | null; seen: number; queued: number }>(
      await tx.execute(sql`
        with readers as (
          select lower(s.email) as email, coalesce(nullif(s.first_name, ''), ${usersView.name}) as name
          from ${emailSubscriptions} s
          left join ${usersView} on lower(${usersView.email}) = lower(s.email)
          where s.confirmed_at is not null and s.unsubscribed_at is null
            and lower(s.email) > ${after ?? ''}
          order by lower(s.email) limit ${batch}
        ),
        queued as (
          insert into ${outboxMessages}
            (channel, recipient, subject, text, list, dedupe_key, template, template_ref, recipient_name)
          select 'email', email, ${issue.subject}, '', 'newsletter', ${`newsletter:${issue.id}:`} || email,
            'newsletter-issue', ${issue.id}, name
          from readers
          on conflict (dedupe_key) do nothing
          returning 1
        )
        select (select max(email) from readers) as last, (select count(*)::int from readers) as seen,
          (select count(*)::int from queued) as queued`),
    );
    const { last, seen, queued } = rows[0] ?? { last: null, seen: 0, queued: 0 };
    const done = seen < batch;
    await tx
      .update(newsletterIssues)
      .set({ ...(last !== null && { queuedThrough: last }), ...(done && { audienceQueued: true }) })
      .where(eq(newsletterIssues.id, issue.id));
    return { queued, last: last ?? after, done };
  });
}

/** Issues whose every message went (or was given up): sent. */
async function finishDone(db: Db): Promise<void> {
  await db.execute(sql`update ${newsletterIssues} i set status = 'sent', finished_at = now()
    where i.status = 'sending' and i.audience_queued
      and not exists (select 1 from ${outboxMessages} m
        where m.template = 'newsletter-issue' and m.template_ref = i.id and m.status in ('pending', 'held'))`);
}

export interface SendingDeps {
  db: Db;
  logger: Logger;
  /** Wakes the bulk mail worker after messages were queued. */
  wakeBulk: () => void;
  /** Readers queued per statement (bulkStatementRows). */
  queueRows: number;
}

/** One run of the job: start what is due, queue readers batch by batch, finish what is done. */
export async function runNewsletterSending({ db, logger, wakeBulk, queueRows }: SendingDeps, signal?: AbortSignal) {
  await startDue(db, logger);
  const sending = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, 'sending'), eq(newsletterIssues.audienceQueued, false)));
  for (const issue of sending) {
    let after = issue.queuedThrough;
    for (let batch = 0; ; batch++) {
      if (signal?.aborted) return;
      const step = await queueNextReaders(db, issue, after, queueRows);
      if (step.queued && (batch === 0 || step.done)) await analyzeOutbox(db);
      if (step.queued) wakeBulk();
      if (step.done) break;
      after = step.last;
      // Paused or cancelled meanwhile: queueing stops (a resumed issue carries on from its stored cursor).
      const [now] = await db
        .select({ status: newsletterIssues.status })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issue.id));
      if (now?.status !== 'sending') break;
      // Other work gets the database between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await finishDone(db);
}

/** Where a reader's name goes in an issue written once for all its readers. */
const READER = '{{reader-name}}';

/**
 * Writes an issue for one reader when its message is sent. The issue is
 * written once (turning its HTML into text is the costly part) and each
 * reader's copy only gets its greeting.
 */
export function issueRenderer(db: Db, siteUrl: string): TemplateRenderer {
  const issues = new Map<number, Promise<RenderedEmail | null>>();
  const written = (ref: number) => {
    let issue = issues.get(ref);
    if (!issue) {
      issue = issueById(db, ref).then((row) => {
        // Rendered again once the archive article exists, so the email links its web version.
        if (row?.articleId === null) issues.delete(ref);
        return row ? renderIssueEmail(row, { name: READER }, { siteUrl }) : null;
      });
      issues.set(ref, issue);
      issue.catch(() => issues.delete(ref));
    }
    return issue;
  };
  return async (ref, recipient) => {
    const email = await written(ref);
    if (!email) throw new Error(`Newsletter issue ${ref} no longer exists`);
    const name = recipient.name?.trim();
    const greeting = (escape: (s: string) => string) => (name ? `Hello ${escape(name)},` : 'Hello,');
    return {
      subject: email.subject,
      html: email.html.replace(`Hello ${READER},`, greeting(escapeHtml)),
      text: email.text.replace(
        `Hello ${READER},`,
        greeting((s) => s),
      ),
    };
  };
}

export function jobs(deps: SendingDeps): JobDefinition[] {
  return [
    {
      name: NEWSLETTER_JOB,
      intervalMs: NEWSLETTER_INTERVAL_MS,
      leaderOnly: true,
      task: (signal) => runNewsletterSending(deps, signal),
    },
  ];
}
