/**
 * What the console's Data tab shows of each public source the site keeps itself current from
 * (docs/product.md §17.5): whether its sync is on, its runs with what each read and stored, the
 * documents it could not read, and when it runs next. One declaration for the server and the console.
 */
import { z } from 'zod';

export const syncRunRecord = z.object({
  id: z.number(),
  trigger: z.enum(['schedule', 'console', 'command']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'finished', 'stopped', 'failed']),
  requests: z.number(),
  filingsListed: z.number(),
  filingsDone: z.number(),
  recordsAdded: z.number(),
  problems: z.array(z.object({ document: z.string(), problem: z.string() })),
  note: z.string().nullable(),
});
export type SyncRunRecord = z.infer<typeof syncRunRecord>;

export const dataSourceRecord = z.object({
  id: z.literal('edgar'),
  name: z.string(),
  /** Off: why, in one sentence (no User-Agent, no company with a CIK). */
  off: z.string().nullable(),
  intervalMinutes: z.number(),
  /** When the next scheduled run is due; null while the sync is off. */
  nextRunAt: z.string().nullable(),
  /** A run asked for in the console and not started yet. */
  requestedAt: z.string().nullable(),
  companies: z.number(),
  filingsPending: z.number(),
  filingsFailed: z.number(),
  runs: z.array(syncRunRecord),
});
export type DataSourceRecord = z.infer<typeof dataSourceRecord>;

export const SYNC_TRIGGERS: Record<SyncRunRecord['trigger'], string> = {
  schedule: 'Scheduled',
  console: 'Sync now',
  command: 'Command line',
};

export const SYNC_STATUSES: Record<SyncRunRecord['status'], string> = {
  running: 'Running',
  finished: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
};

/** The Data tab's texts (docs/product.md §17.5). */
export const DATA_TEXTS = {
  intro: 'The public sources the site keeps itself current from, and what each of their runs did.',
  on: 'On: runs every {n} minutes. Next run {time}.',
  off: 'Off: {reason}',
  requested: 'Sync asked for {when}: it starts within a minute.',
  syncNow: 'Sync now',
  asked: 'Sync asked for: it starts within a minute.',
  askFailed: 'Could not ask for a sync',
  loadFailed: 'Failed to load the data sources',
  retry: 'Retry',
  noRuns: 'No run yet.',
  companies: 'Companies with a CIK',
  pending: 'Filings waiting to be read',
  failed: 'Filings that could not be read',
  problems: 'Documents that could not be read',
} as const;
