/**
 * The EDGAR sync's own state (docs/product.md §9.11), in the database so that a run that stops (a
 * restart, a crash, EDGAR out of reach) goes on where it was: the filings it learned of and what
 * became of each, what it last knew of each company's submissions, and each run's account.
 */
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Filings of the universe's companies the sync learned of (from the daily index, the feed or a
 * company's submissions), one per accession number, and whether their records are stored. A
 * filing's records and its `done` are written in one transaction, so none is stored twice.
 */
export const edgarFilings = pgTable(
  'edgar_filings',
  {
    accession: text('accession').primaryKey(),
    /** The company's CIK (the issuer's, or the filer's). */
    cik: integer('cik').notNull(),
    form: text('form').notNull(),
    filedOn: date('filed_on').notNull(),
    status: text('status', { enum: ['pending', 'done', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** What was stored, or why nothing was: 'insider rows: 2', 'issuer not in the universe', the error. */
    outcome: text('outcome'),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('edgar_filings_pending_idx')
      .on(t.filedOn, t.accession)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** What the sync last read of a company's submissions file and company facts: validators, for conditional requests. */
export const edgarCompanies = pgTable('edgar_companies', {
  cik: integer('cik').primaryKey(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  /** The same of its company facts (api/xbrl/companyfacts), read after it files a periodic report. */
  factsEtag: text('facts_etag'),
  factsLastModified: text('facts_last_modified'),
  factsCheckedAt: timestamp('facts_checked_at', { withTimezone: true }),
});

/** One run of the sync, for the console's account of it. */
export const edgarSyncRuns = pgTable(
  'edgar_sync_runs',
  {
    id: serial('id').primaryKey(),
    trigger: text('trigger', { enum: ['schedule', 'console', 'command'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on while the run goes: a run whose heartbeat stopped (a crash) no longer holds the sync. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'finished', 'stopped', 'failed'] })
      .notNull()
      .default('running'),
    requests: integer('requests').notNull().default(0),
    filingsListed: integer('filings_listed').notNull().default(0),
    filingsDone: integer('filings_done').notNull().default(0),
    recordsAdded: integer('records_added').notNull().default(0),
    /** The documents that could not be read, each with what was wrong (the first 100). */
    problems: jsonb('problems').$type<{ document: string; problem: string }[]>().notNull().default([]),
    note: text('note'),
  },
  (t) => [
    index('edgar_sync_runs_started_idx').on(t.startedAt),
    // One run at a time across the deployment and the command line: EDGAR's rate is shared.
    uniqueIndex('edgar_sync_runs_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Imports of a Form 13F data set (form13f/data-set-import.ts), one row each: an import writes a
 * quarter's holdings in many short steps (so that readers are answered meanwhile) and keeps here
 * how far it got, so that one stopped part way (a crash, Ctrl-C, the database out of reach) is
 * taken up again by the next import of the same data set, which goes on from that line.
 */
export const form13fDataSetRuns = pgTable(
  'form13f_data_set_runs',
  {
    id: serial('id').primaryKey(),
    /** The zip's or folder's name. */
    name: text('name').notNull(),
    /** What tells the same data set again (INFOTABLE's size and CRC-32 in a zip). */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: ['loading', 'finished'] })
      .notNull()
      .default('loading'),
    /** INFOTABLE's lines whose holdings are written: a resumed import skips them. */
    linesDone: integer('lines_done').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One unfinished import per data set: a second one takes up the first.
    uniqueIndex('form13f_data_set_runs_loading_idx')
      .on(t.fingerprint)
      .where(sql`${t.status} = 'loading'`),
  ],
);

/**
 * Form 13F holdings reports the EDGAR sync learned of from the daily index (filed by managers, so
 * listed under their CIKs, not the companies'), read one by one: a report's holdings and its
 * `done` are one transaction, so a sync that stops reads none twice.
 */
export const form13fQueue = pgTable(
  'form13f_queue',
  {
    accession: text('accession').primaryKey(),
    managerCik: integer('manager_cik').notNull(),
    form: text('form').notNull(),
    filedOn: date('filed_on').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** What was kept ('holdings of listed companies: 3'), or why nothing was. */
    outcome: text('outcome'),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('form13f_queue_pending_idx')
      .on(t.filedOn, t.accession)
      .where(sql`${t.status} = 'pending'`),
  ],
);
