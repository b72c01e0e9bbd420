/**
 * The outbox's background work: delivering queued email and text messages.
 * Every instance delivers (each claims its own rows), so the job is not
 * for the leader only. A channel without a configured provider writes its
 * messages to files in the outbox folder.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobDefinition } from '../jobs.ts';
import type { Logger } from '../logger.ts';
import { createFileTransport, createSmsHttpTransport, createSmtpTransport } from './transports.ts';
import { OUTBOX_INTERVAL_MS, createOutboxWorker } from './worker.ts';

/** The delivery job's name, to wake it after a message was queued. */
export const OUTBOX_JOB = 'outbox';

export interface OutboxJobDeps {
  db: Db;
  config: Pick<Config, 'mail' | 'sms' | 'outboxDir'>;
  logger: Logger;
  /** Hears each message written to a file (codes included), for the console. */
  onFileWritten: (line: string) => void;
}

export function jobs({ db, config, logger, onFileWritten }: OutboxJobDeps): JobDefinition[] {
  const files = createFileTransport(config.outboxDir, onFileWritten);
  const worker = createOutboxWorker({
    db,
    email: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : files,
    sms: config.sms ? createSmsHttpTransport(config.sms) : files,
    logger,
  });
  return [{ name: OUTBOX_JOB, intervalMs: OUTBOX_INTERVAL_MS, task: (signal) => worker.runOnce(signal) }];
}
