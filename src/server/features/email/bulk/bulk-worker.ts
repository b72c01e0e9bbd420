/**
 * Delivers bulk mail (newsletters, announcements, alerts): on the leader
 * only, at a configured pace, many messages at once over pooled
 * connections, fewer while the server is busy answering readers. Rows are
 * leased a batch at a time (at most about a second of sending, the next
 * leased while one goes out, so a pause takes effect within two), and their
 * leases renewed while this run holds them; a message to a suppressed
 * address is marked so and never sent; the rest are written out (a
 * template rendered for its reader, the unsubscribe header and footer
 * added) and marked sent in small groups right after the server accepted
 * them.
 *
 * A stop (SIGTERM) stops taking new messages, waits for those in flight,
 * records them and hands back what it had leased: a restart sends each
 * message once. A crash can leave the messages in flight and those
 * accepted in the last few milliseconds unrecorded; they are sent again
 * when their lease runs out, with the same Message-ID, so receiving
 * servers can drop the copy.
 */
import type { KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EmailList } from '../../../../lib/email-lists.ts';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import type { Logger } from '../../../platform/logger.ts';
import { outboxMessages } from '../../../platform/tables.ts';
import { mailSuppressions } from '../tables.ts';
import { asBulk } from './bulk-mail.ts';
import { leaseDue } from '../../../platform/outbox/lease.ts';
import { yieldingLimit } from './yielding.ts';
import { listLinks, mailLinkSecret, signListLink } from '../list-links.ts';
import { deliveryOf, type Delivery, type OutboxRow, type Transport } from '../../../platform/outbox/transport.ts';

/** Writes a templated message for one reader when it is sent. */
export type TemplateRenderer = (
  ref: number,
  recipient: { email: string; name: string | null },
) => Promise<{ subject: string; text: string; html: string }>;

export interface BulkWorkerOptions {
  db: Db;
  transport: Transport;
  logger: Logger;
  siteUrl: string;
  postalAddress: string | null;
  /** Messages per second at most. */
  ratePerSecond: number;
  /** Messages handed to the transport at once at most (its pooled connections keep them busy; fewer while the server is busy, see yielding.ts). */
  concurrency: number;
  renderers: Partial<Record<NonNullable<OutboxRow['template']>, TemplateRenderer>>;
  leaseSeconds?: number;
  maxAttempts?: number;
  backoffMs?: (attempt: number) => number;
  /** Rows leased at a time at most (fewer on the embedded database: see bulkStatementRows). */
  leaseRows?: number;
  /** Sent messages are recorded once this many wait, or after this long. */
  ackBatch?: number;
  ackDelayMs?: number;
}

export interface BulkWorker {
  runOnce(signal?: AbortSignal): Promise<number>;
}

export const BULK_INTERVAL_MS = 2000;

const defaultBackoff = (attempt: number) => Math.min(30 * 60_000, 30_000 * 2 ** (attempt - 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createBulkWorker(options: BulkWorkerOptions): BulkWorker {
  const { db, logger, transport } = options;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const maxAttempts = options.maxAttempts ?? 6;
  const backoff = options.backoffMs ?? defaultBackoff;
  const ackBatch = options.ackBatch ?? 100;
  const ackDelayMs = options.ackDelayMs ?? 25;
  // At most about a second of sending per lease: a pause or a cancel takes effect within two.
  const batchSize = Math.max(10, Math.min(options.leaseRows ?? 1000, Math.round(options.ratePerSecond)));
  const interval = 1000 / options.ratePerSecond;
  const siteHost = (() => {
    try {
      return new URL(options.siteUrl).hostname;
    } catch {
      return 'localhost';
    }
  })();
  let running: Promise<number> | null = null;

  const claim = () => leaseDue(db, { bulk: true, limit: batchSize, leaseSeconds });

  const ids = (rows: readonly { id: number }[]) => arrayColumn(rows, (r) => r.id, 'int4');

  /** Marks and drops the messages whose address is suppressed. */
  async function withoutSuppressed(batch: OutboxRow[]): Promise<OutboxRow[]> {
    if (!batch.length) return batch;
    const found = rowsOf<{ email: string }>(
      await db.execute(sql`select email from ${mailSuppressions}
        where email = any(${arrayColumn(batch, (r) => r.recipient.toLowerCase(), 'text')})`),
    );
    if (!found.length) return batch;
    const suppressed = new Set(found.map((r) => r.email));
    const isSuppressed = (r: OutboxRow) => suppressed.has(r.recipient.toLowerCase());
    await db.execute(
      sql`update ${outboxMessages} set status = 'suppressed' where id = any(${ids(batch.filter(isSuppressed))})`,
    );
    return batch.filter((r) => !isSuppressed(r));
  }

  async function written(row: OutboxRow, secret: KeyObject): Promise<Delivery> {
    let message = deliveryOf(row);
    if (row.template) {
      const render = options.renderers[row.template];
      if (!render || row.templateRef === null) throw new Error(`No renderer for the template ${row.template}`);
      message = { ...message, ...(await render(row.templateRef, { email: row.recipient, name: row.recipientName })) };
    }
    const list = row.list as EmailList;
    const issueId = row.template === 'newsletter-issue' ? row.templateRef : null;
    const token = signListLink(secret, { email: row.recipient, list, issueId });
    return asBulk(message, {
      list,
      links: listLinks(options.siteUrl, token),
      postalAddress: options.postalAddress,
      siteHost,
    });
  }

  async function failed(row: OutboxRow, error: unknown) {
    const attempts = row.attempts + 1;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const dead = attempts >= maxAttempts;
    await db.execute(sql`update ${outboxMessages}
      set attempts = ${attempts}, last_error = ${lastError}, status = ${dead ? 'dead' : 'pending'},
        next_attempt_at = now() + make_interval(secs => ${backoff(attempts) / 1000})
      where id = ${row.id}`);
    logger[dead ? 'error' : 'warn'](
      { outboxId: row.id, list: row.list, transport: transport.name, attempts, err: lastError },
      dead ? 'bulk message could not be delivered; giving up' : 'bulk message delivery failed; will retry',
    );
  }

  async function runBatches(signal?: AbortSignal): Promise<number> {
    const secret = await mailLinkSecret(db);
    let handled = 0;
    let acks: OutboxRow[] = [];
    let flushing: Promise<void> = Promise.resolve();
    let flushTimer: NodeJS.Timeout | null = null;
    const flush = () => {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      const done = acks;
      acks = [];
      if (done.length) {
        flushing = flushing.then(async () => {
          await db.execute(sql`update ${outboxMessages}
            set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null
            where id = any(${ids(done)})`);
        });
      }
      return flushing;
    };
    /** Moves the next attempt of rows still pending to `seconds` from now. */
    const dueIn = (rowIds: number[], seconds: number) =>
      db.execute(sql`update ${outboxMessages} set next_attempt_at = now() + make_interval(secs => ${seconds})
        where id = any(${arrayColumn(rowIds, (id) => id, 'int4')}) and status = 'pending'`);
    // The rows this run holds (leased, not yet recorded sent, failed or handed back): their leases
    // are renewed while they wait, so rows held up behind a slow server are never leased again.
    const held = new Set<number>();
    let renewing: Promise<unknown> = Promise.resolve();
    const renewal = setInterval(
      () => {
        renewing = renewing
          .then(() => held.size && dueIn([...held], leaseSeconds))
          .catch((error: unknown) => logger.warn({ err: error }, 'bulk mail leases could not be renewed'));
      },
      (leaseSeconds * 1000) / 3,
    );
    renewal.unref();
    /** A row settles: no renewal touches it after this (one under way is waited for). */
    const release = async (rows: OutboxRow[]) => {
      for (const row of rows) held.delete(row.id);
      await renewing;
    };

    const acked = (row: OutboxRow) => {
      held.delete(row.id);
      acks.push(row);
      if (acks.length >= ackBatch) void flush();
      else flushTimer ??= setTimeout(() => void flush(), ackDelayMs);
    };

    // The next batch is leased while this one goes out, so the connections never wait for the database.
    const leaseNext = () => {
      const leased = claim().then(async (claimed) => {
        const batch = await withoutSuppressed(claimed);
        for (const row of batch) held.add(row.id);
        return { claimed, batch };
      });
      // Awaited in its turn; a failure meanwhile must not go unheard as an unhandled rejection.
      leased.catch(() => {});
      return leased;
    };
    /** Leased but not sent (stopped): due again at once, for the next run or another leader. */
    const handBack = async (rows: OutboxRow[]) => {
      if (!rows.length) return;
      await release(rows);
      await dueIn(
        rows.map((r) => r.id),
        0,
      );
    };

    const inFlightLimit = yieldingLimit(options.concurrency);
    let nextSlot = performance.now();
    let leasing: Promise<{ claimed: OutboxRow[]; batch: OutboxRow[] }> | null = signal?.aborted ? null : leaseNext();
    try {
      while (leasing) {
        const { claimed, batch } = await leasing;
        leasing = claimed.length < batchSize || signal?.aborted ? null : leaseNext();
        const unsent = new Set(batch);
        const inFlight = new Set<Promise<void>>();
        for (const row of batch) {
          if (signal?.aborted) break;
          while (inFlight.size >= inFlightLimit.value) await Promise.race(inFlight);
          const wait = nextSlot - performance.now();
          if (wait > 1) await sleep(wait);
          nextSlot = Math.max(nextSlot + interval, performance.now() - interval);
          unsent.delete(row);
          const sending = written(row, secret)
            .then((message) => transport.send(message))
            .then(
              () => acked(row),
              async (error: unknown) => {
                await release([row]);
                await failed(row, error);
              },
            )
            .finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
        await Promise.all(inFlight);
        handled += batch.length - unsent.size;
        await handBack([...unsent]);
        if (signal?.aborted && leasing) {
          const next = await leasing;
          leasing = null;
          await handBack(next.batch);
        }
      }
      return handled;
    } finally {
      clearInterval(renewal);
      inFlightLimit.stop();
      await flush();
    }
  }

  function runOnce(signal?: AbortSignal): Promise<number> {
    if (running) return running;
    running = runBatches(signal).finally(() => {
      running = null;
    });
    return running;
  }

  return { runOnce };
}
