/**
 * Delivers transactional outbox messages and pushes (bulk ones are the email feature's bulk worker's). Rows are leased before sending (so two instances
 * never send the same row at once), marked sent right after the transport
 * accepts them, and retried with exponential backoff when it fails. Nothing
 * is lost across restarts: a lease simply runs out and the row is taken again.
 * A recipient that no longer exists (a push subscription its service
 * forgot) ends the message at once: `cancelled`, never retried.
 * The job scheduler decides when it runs (every few seconds, and at once
 * after a request queued a message).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../tables.ts';
import { leaseDue } from './lease.ts';
import { RecipientGone, deliveryOf, type OutboxRow, type Transport } from './transport.ts';
import type { Logger } from '../logger.ts';

export interface OutboxWorkerOptions {
  db: Db;
  email: Transport;
  sms: Transport;
  /** Web pushes (none: a push waits, failing, until a worker with one takes it). */
  push?: Transport;
  logger: Logger;
  batchSize?: number;
  maxAttempts?: number;
  leaseSeconds?: number;
  /** Backoff before retry n (1-based), in ms. */
  backoffMs?: (attempt: number) => number;
}

export interface OutboxWorker {
  /** Delivers what is due now, batch after batch until `signal` stops it; resolves with the number handled. */
  runOnce(signal?: AbortSignal): Promise<number>;
}

/** How often the outbox job looks for due messages when nothing wakes it. */
export const OUTBOX_INTERVAL_MS = 2000;

const defaultBackoff = (attempt: number) => Math.min(10 * 60_000, 2000 * 2 ** (attempt - 1));

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const backoff = options.backoffMs ?? defaultBackoff;
  let running: Promise<number> | null = null;

  const claim = () => leaseDue(db, { bulk: false, limit: batchSize, leaseSeconds });

  const missingPush: Transport = {
    name: 'none',
    send: () => Promise.reject(new Error('No push transport is configured')),
  };
  const transportOf = (channel: OutboxRow['channel']): Transport =>
    channel === 'email' ? options.email : channel === 'sms' ? options.sms : (options.push ?? missingPush);

  async function deliver(message: OutboxRow): Promise<void> {
    const transport = transportOf(message.channel);
    const attempts = message.attempts + 1;
    try {
      await transport.send(deliveryOf(message));
      await db
        .update(outboxMessages)
        .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null })
        .where(eq(outboxMessages.id, message.id));
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (error instanceof RecipientGone) {
        await db
          .update(outboxMessages)
          .set({ status: 'cancelled', attempts, lastError })
          .where(eq(outboxMessages.id, message.id));
        logger.info({ outboxId: message.id, channel: message.channel, err: lastError }, 'recipient gone; not retried');
        return;
      }
      const dead = attempts >= maxAttempts;
      await db
        .update(outboxMessages)
        .set({
          attempts,
          lastError,
          status: dead ? 'dead' : 'pending',
          nextAttemptAt: new Date(Date.now() + backoff(attempts)),
        })
        .where(eq(outboxMessages.id, message.id));
      logger[dead ? 'error' : 'warn'](
        { outboxId: message.id, channel: message.channel, transport: transport.name, attempts, err: lastError },
        dead ? 'message could not be delivered; giving up' : 'message delivery failed; will retry',
      );
    }
  }

  async function runOnce(signal?: AbortSignal): Promise<number> {
    if (running) return running;
    running = (async () => {
      let handled = 0;
      for (;;) {
        const batch = await claim();
        for (const message of batch) await deliver(message);
        handled += batch.length;
        if (batch.length < batchSize || signal?.aborted) return handled;
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return { runOnce };
}
