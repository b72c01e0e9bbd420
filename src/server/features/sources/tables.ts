/**
 * The runs of the public sources other than EDGAR that keep the site current (docs/product.md §17.5):
 * ClinicalTrials.gov's trials, FINRA's short interest and a provider's analyst consensus, one row per
 * run, one run of a source at a time across the deployment and the command line (a run whose
 * heartbeat stopped lets go).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const sourceRuns = pgTable(
  'source_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['clinicaltrials', 'finra', 'analysts'] }).notNull(),
    trigger: text('trigger', { enum: ['schedule', 'console', 'command'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'finished', 'stopped', 'failed'] })
      .notNull()
      .default('running'),
    requests: integer('requests').notNull().default(0),
    /** What the run read (studies, file rows) and how many companies or documents it went through. */
    itemsRead: integer('items_read').notNull().default(0),
    itemsDone: integer('items_done').notNull().default(0),
    recordsAdded: integer('records_added').notNull().default(0),
    /** The documents that could not be read, each with what was wrong (the first 100). */
    problems: jsonb('problems').$type<{ document: string; problem: string }[]>().notNull().default([]),
    /** What staff should look at that is not a failure (doubtful sponsor names), the first 100. */
    notices: jsonb('notices').$type<string[]>().notNull().default([]),
    note: text('note'),
  },
  (t) => [
    index('source_runs_started_idx').on(t.source, t.startedAt),
    uniqueIndex('source_runs_running_idx')
      .on(t.source)
      .where(sql`${t.status} = 'running'`),
  ],
);
