/**
 * The weekly newsletter as staff make it (docs/product.md §17.4): a draft
 * composed from the week's newsletter articles and top news, edited,
 * tested, scheduled (or sent at once), paused, resumed or cancelled. Every
 * change is a staff edit (audited); content edits carry the version they
 * were based on. Sending itself is sending.ts's.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { sanitizeHtml } from '../../../../build/sanitize.ts';
import type { StaffActor } from '../../../../lib/console.ts';
import { addDays, toNewYork, weekday } from '../../../../lib/market-calendar.ts';
import {
  EDITABLE_STATUSES,
  type NewsletterIssueRecord,
  type NewsletterProgress,
  type NewsletterSection,
  type NewsletterStatus,
} from '../../../../lib/newsletter.ts';
import { SITE } from '../../../../lib/site.ts';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { enqueue } from '../../../platform/outbox/enqueue.ts';
import { outboxMessages } from '../../../platform/tables.ts';
import { versionedEditor } from '../../audit/index.ts';
import { emailSubscriptions, emailUnsubscribes, newsletterIssues } from '../tables.ts';
import { newsView } from '../../news/index.ts';
import { renderIssueEmail } from './render.ts';

export type IssueRow = typeof newsletterIssues.$inferSelect;

/** Top news stories a draft offers beside the week's newsletter articles. */
const TOP_NEWS = 8;

/** The Monday (Eastern Time) of the week `instant` falls in. */
export function weekOf(instant: Date): string {
  const today = toNewYork(instant).date;
  return addDays(today, -((weekday(today) + 6) % 7));
}

const editor = versionedEditor<typeof newsletterIssues, IssueRow>({
  table: newsletterIssues,
  key: newsletterIssues.id,
  kind: 'newsletter',
  what: 'newsletter issue',
});

const itemOf = (row: { id: number; title: string; summary: string | null; companySymbol: string | null }) => ({
  newsId: row.id,
  title: row.title,
  summary: row.summary,
  symbol: row.companySymbol,
});

/**
 * The week's sections: its newsletter articles, then its most recent other
 * stories. A quiet week (nothing published since Monday) offers the latest
 * ones instead, so a draft is never empty; staff remove what does not belong.
 */
async function weekSections(db: Db, monday: string): Promise<NewsletterSection[]> {
  const since = new Date(`${monday}T00:00:00-05:00`);
  const columns = {
    id: newsView.id,
    title: newsView.title,
    summary: newsView.summary,
    companySymbol: newsView.companySymbol,
  };
  const latest = (letters: boolean, after: Date | null, limit: number) =>
    db
      .select(columns)
      .from(newsView)
      .where(and(eq(newsView.rcNewsletter, letters), after ? gte(newsView.publishedAt, after) : undefined))
      .orderBy(desc(newsView.publishedAt), desc(newsView.id))
      .limit(limit);
  let [letters, top] = await Promise.all([latest(true, since, 30), latest(false, since, TOP_NEWS)]);
  if (!letters.length) letters = await latest(true, null, 3);
  if (!top.length) top = await latest(false, null, TOP_NEWS);
  return [
    { heading: 'This week’s research', items: letters.map(itemOf) },
    { heading: 'Top small-cap news', items: top.map(itemOf) },
  ];
}

const dateWords = (monday: string) =>
  new Date(`${monday}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** This week's draft, composed now if there is none yet. */
export async function composeDraft(db: Db, actor: StaffActor, now = new Date()): Promise<NewsletterIssueRecord> {
  const monday = weekOf(now);
  const [existing] = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.weekOf, monday), eq(newsletterIssues.status, 'draft')))
    .orderBy(desc(newsletterIssues.id))
    .limit(1);
  if (existing) return toRecord(db, existing);
  const created = await editor.create(db, actor, {
    weekOf: monday,
    subject: `${SITE.name} Weekly: the week of ${dateWords(monday)}`,
    intro: '<p>Here is the week in small caps: new research, CEO interviews and the stories investors read most.</p>',
    sections: await weekSections(db, monday),
    createdBy: actor.id,
  });
  return toRecord(db, created);
}

export interface IssueChanges {
  subject?: string;
  intro?: string;
  sections?: NewsletterSection[];
}

function requireStatus(row: IssueRow, allowed: readonly NewsletterStatus[], doing: string) {
  if (!allowed.includes(row.status)) throw conflict(`The issue is ${row.status}: it cannot be ${doing}.`);
}

/** Changes what an issue says (a draft or a scheduled issue only), based on the version staff loaded. */
export async function updateIssue(db: Db, actor: StaffActor, id: number, version: number, changes: IssueChanges) {
  if (changes.sections) await requireArticles(db, changes.sections);
  const row = await editor.update(db, actor, id, version, (before) => {
    requireStatus(before, EDITABLE_STATUSES, 'changed');
    return {
      ...(changes.subject !== undefined && { subject: changes.subject.trim() }),
      ...(changes.intro !== undefined && { intro: sanitizeHtml(changes.intro) }),
      ...(changes.sections !== undefined && { sections: changes.sections }),
    };
  });
  return toRecord(db, row);
}

/** Every article a section names must exist: a removed one would be a dead link in thousands of emails. */
async function requireArticles(db: Db, sections: NewsletterSection[]) {
  const ids = [...new Set(sections.flatMap((s) => s.items.map((i) => i.newsId)))];
  if (!ids.length) return;
  const found = new Set(
    (await db.select({ id: newsView.id }).from(newsView).where(inArray(newsView.id, ids))).map((r) => r.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalid(`sections: no news ${missing.join(', ')}`);
}

export type IssueAction = 'schedule' | 'unschedule' | 'pause' | 'resume' | 'cancel';

/**
 * Moves an issue along (see lib/newsletter.ts for the statuses). Pausing
 * holds back its messages not yet sent; resuming releases them; cancelling
 * withdraws them for good.
 */
export async function actOnIssue(
  db: Db,
  actor: StaffActor,
  id: number,
  action: IssueAction,
  at?: Date,
): Promise<NewsletterIssueRecord> {
  const messages = (from: string[], to: string) => async (tx: Db) => {
    await tx.execute(sql`update ${outboxMessages} set status = ${to}
      where template = 'newsletter-issue' and template_ref = ${id} and status in (${sql.join(
        from.map((s) => sql`${s}`),
        sql`, `,
      )})`);
  };
  // Steps are checked against the stored state, not against the version staff loaded.
  const row = await editor.update(
    db,
    actor,
    id,
    undefined,
    (before) => {
      switch (action) {
        case 'schedule': {
          requireStatus(before, EDITABLE_STATUSES, 'scheduled');
          if (!before.sections.some((s) => s.items.length)) throw invalid('The issue has no articles to send.');
          const when = at ?? new Date();
          if (when.getTime() < Date.now() - 60_000) throw invalid('at: the time has passed');
          return { status: 'scheduled', scheduledAt: when };
        }
        case 'unschedule':
          requireStatus(before, ['scheduled'], 'taken back');
          return { status: 'draft', scheduledAt: null };
        case 'pause':
          requireStatus(before, ['sending'], 'paused');
          return { status: 'paused' };
        case 'resume':
          requireStatus(before, ['paused'], 'resumed');
          return { status: 'sending' };
        case 'cancel':
          requireStatus(before, ['scheduled', 'sending', 'paused'], 'cancelled');
          return { status: 'cancelled', finishedAt: new Date() };
      }
    },
    action === 'pause'
      ? messages(['pending'], 'held')
      : action === 'resume'
        ? messages(['held'], 'pending')
        : action === 'cancel'
          ? messages(['pending', 'held'], 'cancelled')
          : undefined,
  );
  return toRecord(db, row);
}

/** The figures of the issues' sending, from their messages and unsubscribes. */
async function progressOf(db: Db, ids: number[]): Promise<Map<number, NewsletterProgress>> {
  const figures = new Map<number, NewsletterProgress>();
  if (!ids.length) return figures;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [counts, unsubscribed, audience] = await Promise.all([
    db.execute(sql`select template_ref as id, status, count(*)::int as n from ${outboxMessages}
      where template = 'newsletter-issue' and template_ref in (${list}) group by template_ref, status`),
    db.execute(sql`select issue_id as id, count(distinct email)::int as n from ${emailUnsubscribes}
      where issue_id in (${list}) and list = 'newsletter' group by issue_id`),
    audienceSize(db),
  ]);
  for (const id of ids)
    figures.set(id, { audience, queued: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0, unsubscribed: 0 });
  for (const row of rowsOf<{ id: number; status: string; n: number }>(counts)) {
    const f = figures.get(row.id)!;
    f.queued += row.n;
    if (row.status === 'sent') f.sent += row.n;
    else if (row.status === 'dead') f.failed += row.n;
    else if (row.status === 'bounced') f.bounced += row.n;
    else if (row.status === 'suppressed') f.suppressed += row.n;
  }
  for (const row of rowsOf<{ id: number; n: number }>(unsubscribed)) figures.get(row.id)!.unsubscribed = row.n;
  return figures;
}

/** Readers who get the newsletter now: confirmed subscriptions not turned off (one per address). */
async function audienceSize(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${emailSubscriptions}
      where confirmed_at is not null and unsubscribed_at is null`),
  );
  return row?.n ?? 0;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function toRecord(db: Db, row: IssueRow, progress?: NewsletterProgress): Promise<NewsletterIssueRecord> {
  return {
    id: row.id,
    version: row.version,
    weekOf: row.weekOf,
    subject: row.subject,
    intro: row.intro,
    sections: row.sections,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    articleId: row.articleId,
    progress: progress ?? (await progressOf(db, [row.id])).get(row.id)!,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The latest issues, newest first, with their figures. */
export async function listIssues(db: Db, limit = 20): Promise<NewsletterIssueRecord[]> {
  const rows = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.id)).limit(limit);
  const figures = await progressOf(
    db,
    rows.map((r) => r.id),
  );
  return Promise.all(rows.map((row) => toRecord(db, row, figures.get(row.id))));
}

export async function issueById(db: Db, id: number): Promise<IssueRow | undefined> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row;
}

/**
 * A test of the issue to the staff member's own address, marked as a test:
 * transactional (it is not counted, and goes even to an address that unsubscribed).
 */
export async function sendTest(db: Db, actor: StaffActor & { name: string }, id: number, siteUrl: string) {
  const row = await issueById(db, id);
  if (!row) throw notFound(`No newsletter issue ${id}`);
  const email = renderIssueEmail(row, { name: actor.name }, { siteUrl });
  await enqueue(db, {
    channel: 'email',
    recipient: actor.email,
    subject: `[Test] ${email.subject}`,
    text: email.text,
    html: email.html,
  });
  return { email: actor.email };
}
