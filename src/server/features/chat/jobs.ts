/** RedChat's background work: guests' old threads are deleted. */
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { GUEST_THREAD_SWEEP_MS, deleteStaleGuestThreads } from './conversation.ts';

export interface ChatJobDeps {
  db: Db;
  logger: Logger;
}

export function jobs({ db, logger }: ChatJobDeps): JobDefinition[] {
  return [
    {
      name: 'chat-guest-threads',
      intervalMs: GUEST_THREAD_SWEEP_MS,
      leaderOnly: true,
      task: async () => {
        const deleted = await deleteStaleGuestThreads(db);
        if (deleted > 0) logger.info({ deleted }, 'old guest chat threads deleted');
      },
    },
  ];
}
