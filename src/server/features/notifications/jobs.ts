/** The notifications feature's background work: delivering staff broadcasts by email and text, in batches. */
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { BROADCAST_INTERVAL_MS, deliverBroadcasts } from './service.ts';

/** The delivery job's name, to wake it after staff broadcast. */
export const BROADCAST_JOB = 'broadcasts';

export interface NotificationJobDeps {
  db: Db;
  /** The public site's address, for the links in the messages. */
  siteUrl: string;
  logger: Logger;
  /** Users reached per statement (see bulkStatementRows). */
  queueRows: number;
}

export function jobs({ db, siteUrl, logger, queueRows }: NotificationJobDeps): JobDefinition[] {
  return [
    {
      name: BROADCAST_JOB,
      intervalMs: BROADCAST_INTERVAL_MS,
      leaderOnly: true,
      task: async (signal) => {
        const queued = await deliverBroadcasts(db, siteUrl, { signal, batch: queueRows });
        if (queued > 0) logger.info({ queued }, 'global notification messages queued');
      },
    },
  ];
}
