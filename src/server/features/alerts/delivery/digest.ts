/**
 * The daily digest (docs/product.md §15.8): once a day, at the reader's
 * digest hour in Eastern Time, one email listing the alerts kept for it
 * since the last digest; its stop link turns alert emails off. A reader
 * whose digest hour has come and whose last digest is older than today is
 * due (so a server that was down at the hour sends it when it is back,
 * that day); readers with nothing new get no email.
 *
 * Built for a hundred thousand readers at once: readers are taken in
 * batches by id: the due readers are read with their alerts, their emails
 * written and signed with the database free, then one short transaction
 * locks the readers still due, queues their emails and marks the alerts and
 * the day, with requests let through between two statements (paceAfter).
 * The emails are keyed `digest:{userId}:{yyyy-mm-dd}`, so a day's digest
 * goes once whatever restarts or instances.
 */
import { sql } from 'drizzle-orm';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { rowsOf, transaction, type Db } from '../../../platform/db/client.ts';
import { paceAfter, yieldToRequests } from '../../../platform/db/pace.ts';
import { enqueueAll, type OutgoingMessage } from '../../../platform/outbox/enqueue.ts';
import { mailLinkSecret } from '../../email/index.ts';
import { mailSuppressionsView } from '../../email/index.ts';
import { usersView } from '../../accounts/index.ts';
import { alertSettings, alerts } from '../tables.ts';
import { signStop, stopLinks } from '../stop/tokens.ts';
import { easternDate, easternDayLabel, easternHour } from './eastern.ts';
import { digestEmail, type DigestItem } from './messages.ts';

/** A digest lists this many alerts at most; the rest are counted (the bell has them all). */
export const DIGEST_ITEMS = 50;

/**
 * A digest is a whole email (its text and HTML): a batch takes
 * `batch / DIGEST_SHARE` readers, so the statement queueing them stays as
 * short as the house's other bulk statements.
 */
export const DIGEST_SHARE = 2;

export interface DigestOptions {
  siteUrl: string;
  postalAddress: string | null;
  /** Rows per statement (bulkStatementRows); a transaction takes half as many readers (see DIGEST_SHARE). */
  batch: number;
  signal?: AbortSignal;
}

/** Emails written between two turns of the event loop (each a few tenths of a millisecond). */
const COMPOSE_SLICE = 25;

/** A digest's email, with the reader it is for. */
type DigestMail = OutgoingMessage & { userId: number };

interface DueReader {
  userId: number;
  email: string;
  mode: 'instant' | 'digest' | 'off';
  /** Whether the address may get mail: a verified account, not suppressed. */
  reachable: boolean;
  items: DigestItem[] | string;
  total: number;
  lastId: number;
}

/**
 * Builds and queues the digests due at `now`; resolves with how many were
 * queued. The benchmark calls it for 100,000 readers.
 */
export async function buildDueDigests(db: Db, now: Date, options: DigestOptions): Promise<number> {
  const secret = await mailLinkSecret(db);
  const today = easternDate(now);
  const hour = easternHour(now);
  const dayLabel = easternDayLabel(now);
  const readers = Math.max(1, Math.floor(options.batch / DIGEST_SHARE));
  let after = 0;
  let queued = 0;
  for (;;) {
    // Read the batch, then write and sign its emails with the connection free: only the short writes hold it.
    let started = performance.now();
    const due = rowsOf<DueReader>(
      await db.execute(sql`
        select s.user_id as "userId", ${usersView.email}, s.email as mode,
          (${usersView.verified} and ${mailSuppressionsView.email} is null) as reachable, d.items, d.total::int as total,
          d.last_id as "lastId"
        from ${alertSettings} s
        join ${usersView} on ${usersView.id} = s.user_id
        left join ${mailSuppressionsView} on ${mailSuppressionsView.email} = lower(${usersView.email})
        cross join lateral (
          select json_agg(json_build_object('title', x.title, 'link', x.link) order by x.id)
              filter (where x.n <= ${DIGEST_ITEMS}) as items,
            count(*) as total, max(x.id) as last_id
          from (
            select a.id, a.title, a.link, row_number() over (order by a.id) as n
            from ${alerts} a where a.user_id = s.user_id and a.delivery = 'digest'
          ) x
        ) d
        -- The same bound on the readers' rows: the join starts there instead of at the first reader.
        where s.user_id > ${after} and ${usersView.id} > ${after} and s.digest_hour <= ${hour}
          and (s.last_digest_on is null or s.last_digest_on <> ${today}) and d.total > 0
        order by s.user_id
        limit ${readers}`),
    );
    if (!due.length) return queued;
    await paceAfter(started);
    const mails: DigestMail[] = [];
    const sendable = due.filter((r) => r.mode !== 'off' && r.reachable);
    for (let i = 0; i < sendable.length; i += COMPOSE_SLICE) {
      // Writing and signing a slice at a time: a request that came meanwhile runs between two.
      if (i > 0) await yieldToRequests();
      for (const r of sendable.slice(i, i + COMPOSE_SLICE)) {
        const items = typeof r.items === 'string' ? (JSON.parse(r.items) as DigestItem[]) : r.items;
        const links = stopLinks(options.siteUrl, signStop(secret, { userId: r.userId, target: { type: 'email' } }));
        mails.push({
          userId: r.userId,
          channel: 'email',
          recipient: r.email.toLowerCase(),
          ...digestEmail(items, r.total, {
            siteUrl: options.siteUrl,
            dayLabel,
            stopPage: links.page,
            postalAddress: options.postalAddress,
          }),
          dedupeKey: `digest:${r.userId}:${today}`,
          unsubscribeUrl: links.oneClick,
        });
      }
    }
    started = performance.now();
    const sent = await transaction(db, async (tx) => {
      // The readers still due, locked: another instance's digest of the same day took the others.
      const mine = new Set(
        rowsOf<{ userId: number }>(
          await tx.execute(sql`
            select user_id as "userId" from ${alertSettings}
            where user_id = any(${arrayColumn(due, (r) => r.userId, 'int4')})
              and (last_digest_on is null or last_digest_on <> ${today})
            for update skip locked`),
        ).map((r) => Number(r.userId)),
      );
      const taken = due.filter((r) => mine.has(r.userId));
      if (!taken.length) return 0;
      const sending = mails.filter((m) => mine.has(m.userId));
      await enqueueAll(tx, sending);
      // The alerts listed (and those counted) are done; the day is the reader's last digest.
      await tx.execute(sql`
        with listed as (
          select * from unnest(${arrayColumn(taken, (r) => r.userId, 'int4')}, ${arrayColumn(taken, (r) => r.lastId, 'int4')})
            as l(user_id, last_id)
        ),
        marked as (
          update ${alerts} a set delivery = 'done' from listed
          where a.user_id = listed.user_id and a.delivery = 'digest' and a.id <= listed.last_id
        )
        update ${alertSettings} s set last_digest_on = ${today} from listed where s.user_id = listed.user_id`);
      return sending.length;
    });
    after = due.at(-1)!.userId;
    queued += sent;
    if (due.length < readers || options.signal?.aborted) return queued;
    await paceAfter(started);
  }
}
