/** The events feature's background work: reminders to those registered, before their event starts. */
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { REMINDER_INTERVAL_MS, sendDueReminders } from './reminders.ts';

export interface EventJobDeps {
  db: Db;
}

export function jobs({ db }: EventJobDeps): JobDefinition[] {
  return [
    {
      name: 'event-reminders',
      intervalMs: REMINDER_INTERVAL_MS,
      leaderOnly: true,
      task: () => sendDueReminders(db),
    },
  ];
}
