/**
 * The outbox's background work: delivering queued email, text messages and
 * web pushes.
 * Transactional messages (codes, confirmations) are delivered by every
 * instance (each claims its own rows), at once; bulk mail by the leader
 * only, paced and pooled. A channel without a configured provider writes
 * its messages to files in the outbox folder. Both wake when a commit queued
 * messages (onMessagesQueued), whoever queued them.
 */
import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { BULK_INTERVAL_MS, createBulkWorker, type TemplateRenderer } from './bulk/bulk-worker.ts';
import { onMessagesQueued } from '../../platform/outbox/enqueue.ts';
import { mailLinkSecret } from './list-links.ts';
import { messageReferences } from './transport/message-reference.ts';
import { type Transport } from '../../platform/outbox/transport.ts';
import {
  createBulkSmtpTransport,
  createFileTransport,
  createSmsHttpTransport,
  createSmtpTransport,
  type DkimOptions,
  type MailOptions,
} from './transport/transports.ts';
import { OUTBOX_INTERVAL_MS, createOutboxWorker } from '../../platform/outbox/worker.ts';

/** The delivery jobs' names. */
export const OUTBOX_JOB = 'outbox';
export const BULK_MAIL_JOB = 'bulk-mail';

export interface OutboxJobDeps {
  db: Db;
  config: Pick<Config, 'mail' | 'sms' | 'outboxDir' | 'siteUrl'>;
  logger: Logger;
  /** Hears each message written to a file (codes included), for the console. */
  onFileWritten: (line: string) => void;
  /** How templated bulk messages are written (a newsletter issue for its reader). */
  renderers: Partial<Record<'newsletter-issue', TemplateRenderer>>;
  /**
   * How pushes go (the alerts' web-push transport): to the push services
   * whatever the mail and text settings, since a device's endpoint is its
   * push service's address.
   */
  push?: Transport;
  /** Bulk messages leased at a time at most. */
  leaseRows?: number;
}

/** The configured DKIM key, read from its file when given as one. */
export function dkimOf(mail: Config['mail']): DkimOptions | null {
  if (!mail.dkim) return null;
  const pem = mail.dkim.privateKey ?? fs.readFileSync(mail.dkim.privateKeyFile!, 'utf8');
  return { domainName: mail.dkim.domainName, keySelector: mail.dkim.keySelector, privateKey: createPrivateKey(pem) };
}

export function jobs({
  db,
  config,
  logger,
  onFileWritten,
  renderers,
  push,
  leaseRows,
}: OutboxJobDeps): JobDefinition[] {
  const mail: MailOptions = {
    from: config.mail.from,
    returnPath: config.mail.returnPath,
    dkim: dkimOf(config.mail),
    // Under the database's mail-link secret, so a report is read back by whichever instance receives it.
    references: messageReferences(() => mailLinkSecret(db)),
  };
  const files = createFileTransport(config.outboxDir, onFileWritten, mail);
  const worker = createOutboxWorker({
    db,
    // One kept connection: codes go out without a handshake each.
    email: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, { ...mail, pool: 1 }) : files,
    sms: config.sms ? createSmsHttpTransport(config.sms) : files,
    push,
    logger,
  });
  const bulk = createBulkWorker({
    db,
    transport: config.mail.smtpUrl
      ? createBulkSmtpTransport(config.mail.smtpUrl, { ...mail, pool: config.mail.poolSize })
      : // Written to files like the rest, without a console line for each of thousands.
        createFileTransport(config.outboxDir, () => {}, mail),
    logger,
    siteUrl: config.siteUrl,
    postalAddress: config.mail.postalAddress,
    ratePerSecond: config.mail.ratePerSecond,
    concurrency: config.mail.smtpUrl ? config.mail.poolSize * 2 : 4,
    renderers,
    leaseRows,
  });
  // A burst of commits (a digest's batches) wakes each job once.
  const wakeOn = (wake: (delayMs?: number) => void) => onMessagesQueued(db, () => wake(50));
  return [
    { name: OUTBOX_JOB, intervalMs: OUTBOX_INTERVAL_MS, task: (signal) => worker.runOnce(signal), wakeOn },
    {
      name: BULK_MAIL_JOB,
      intervalMs: BULK_INTERVAL_MS,
      leaderOnly: true,
      task: (signal) => bulk.runOnce(signal),
      wakeOn,
    },
  ];
}
