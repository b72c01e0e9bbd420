/**
 * The alerts' channels in the background: delivering raised alerts (every
 * instance takes batches of its own; woken right after alerts are raised,
 * and every few seconds for held alerts whose quiet hours ended) and the
 * daily digests (the leading instance, every minute: each reader's hour
 * comes at some minute of the day).
 */
import type { Db } from '../../../platform/db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import { buildDueDigests } from './digest.ts';
import { deliverAlerts } from './service.ts';

/** The delivery job's name, to wake it after alerts were raised. */
export const ALERT_DELIVERY_JOB = 'alert-delivery';
export const ALERT_DIGEST_JOB = 'alert-digests';

export const ALERT_DELIVERY_INTERVAL_MS = 15_000;
export const ALERT_DIGEST_INTERVAL_MS = 60_000;

export interface AlertDeliveryJobDeps {
  db: Db;
  siteUrl: string;
  postalAddress: string | null;
  logger: Logger;
  /** Alerts or readers per statement (see bulkStatementRows). */
  batch: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export function jobs({
  db,
  siteUrl,
  postalAddress,
  logger,
  batch,
  now = () => new Date(),
}: AlertDeliveryJobDeps): JobDefinition[] {
  return [
    {
      name: ALERT_DELIVERY_JOB,
      intervalMs: ALERT_DELIVERY_INTERVAL_MS,
      task: async (signal) => {
        const taken = await deliverAlerts(db, now(), { siteUrl, postalAddress, batch, signal });
        if (taken > 0) logger.debug({ alerts: taken }, 'alerts delivered');
      },
    },
    {
      name: ALERT_DIGEST_JOB,
      intervalMs: ALERT_DIGEST_INTERVAL_MS,
      leaderOnly: true,
      task: async (signal) => {
        const queued = await buildDueDigests(db, now(), {
          siteUrl,
          postalAddress,
          batch,
          signal,
        });
        if (queued > 0) logger.info({ digests: queued }, 'alert digests queued');
      },
    },
  ];
}
