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
  /** What the run found (filings listed, studies read, file rows) and went through (filings, companies, files). */
  itemsRead: z.number(),
  itemsDone: z.number(),
  recordsAdded: z.number(),
  problems: z.array(z.object({ document: z.string(), problem: z.string() })),
  /** What staff should look at that is not a failure (a sponsor name that may be a company's). */
  notices: z.array(z.string()),
  note: z.string().nullable(),
});
export type SyncRunRecord = z.infer<typeof syncRunRecord>;

export const DATA_SOURCE_IDS = ['edgar', 'clinicaltrials', 'finra', 'analysts'] as const;
export type DataSourceId = (typeof DATA_SOURCE_IDS)[number];

export const dataSourceRecord = z.object({
  id: z.enum(DATA_SOURCE_IDS),
  name: z.string(),
  /** Off: why, in one sentence (no User-Agent, no company with a CIK). */
  off: z.string().nullable(),
  /** When it runs, in words: 'runs every 5 minutes', 'runs nightly'. */
  schedule: z.string(),
  /** When the next scheduled run is due; null while the sync is off. */
  nextRunAt: z.string().nullable(),
  /** A run asked for in the console and not started yet. */
  requestedAt: z.string().nullable(),
  /** The source's figures: companies it covers, what waits, what failed. */
  figures: z.array(z.object({ label: z.string(), value: z.number() })),
  /** The run table's names of `itemsRead` and `itemsDone`. */
  itemNames: z.object({ read: z.string(), done: z.string() }),
  runs: z.array(syncRunRecord),
});
export type DataSourceRecord = z.infer<typeof dataSourceRecord>;

/** A name under which ClinicalTrials.gov lists a company's trials (docs/product.md §9.13). */
export const trialAliasRecord = z.object({ symbol: z.string(), alias: z.string(), createdAt: z.string() });
export type TrialAliasRecord = z.infer<typeof trialAliasRecord>;

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
  on: 'On: {schedule}. Next run {time}.',
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
  notices: 'To look at',
  aliases: 'Sponsor aliases',
  aliasesIntro:
    'Names under which ClinicalTrials.gov lists a company’s trials other than its listed name (a subsidiary, an old name). The next sync reads the company’s trials under them.',
  noAliases: 'No sponsor alias yet.',
  aliasSymbol: 'Symbol',
  aliasName: 'Sponsor name',
  addAlias: 'Add alias',
  removeAlias: 'Remove',
  aliasAdded: 'Alias added: the next sync reads its trials.',
  aliasFailed: 'Could not save the alias',
  aliasesLoadFailed: 'Failed to load the sponsor aliases',
} as const;
