/**
 * The EDGAR sync's own state (docs/product.md §9.11), in the database so that a run that stops (a
 * restart, a crash, EDGAR out of reach) goes on where it was: the filings it learned of and what
 * became of each, what it last knew of each company's submissions, and each run's account. And the
 * Form 13F reports and institutional holdings it reads (from the SEC's data sets, or filings EDGAR
 * serves), with their imports' bookkeeping: the company page's institutional holders are read from
 * them (form13f/holdings.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
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
import { companies } from '../companies/tables.ts';

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
 * Institutional holders: who owns how much of the company (docs/product.md §9.2, §9.11). Rows read
 * from Form 13F (the SEC's data sets, or filings EDGAR serves) hold one manager's holding of one
 * class of the company's securities (its CUSIP) in one filing, the filing's lines summed: the
 * filing, the CUSIP and the kind (shares, or put or call options, which are kept apart and are not
 * ownership) are unique, so reading a filing again stores nothing twice. Only the rows of filings
 * in force are kept (institutionalFilings.inForce), and those of a data-set import still loading,
 * so a company's holders are read from its own rows alone. The demo's rows have no filing. A quarter's data set
 * writes a million rows: the table keeps few indexes, each costing every row written.
 */
export const institutionalHoldings = pgTable(
  'institutional_holdings',
  {
    id: serial('id').primaryKey(),
    companySymbol: text('company_symbol')
      .notNull()
      .references(() => companies.symbol, { onDelete: 'cascade' }),
    institutionName: text('institution_name').notNull(),
    sharesHeldPercentage: doublePrecision('shares_held_percentage').notNull(),
    /** Shares, or for an option row the shares it is on. */
    sharesHeld: bigint('shares_held', { mode: 'number' }).notNull(),
    /** In dollars, at the quarter's end (13F values converted from thousands where filed so). */
    marketValue: doublePrecision('market_value').notNull(),
    filingDate: date('filing_date').notNull(),
    managerCik: integer('manager_cik'),
    /** The calendar quarter's last day the holding is reported for. */
    reportPeriod: date('report_period'),
    cusip: text('cusip'),
    accession: text('accession'),
    putCall: text('put_call', { enum: ['PUT', 'CALL'] }),
    /** SOLE, DFND (shared-defined) or OTR (shared-other); MIXED when the filing's lines differ. */
    investmentDiscretion: text('investment_discretion'),
    /** The data-set import that last wrote the row: its lines of one holding are added up once per import. */
    importRun: integer('import_run'),
    /**
     * The data-set import whose new report the row is of: hidden while that import is loading, so
     * that readers never see half a data set, and shown as it finishes without a million rows
     * written again (docs/product.md §9.11).
     */
    loadingRun: integer('loading_run'),
  },
  (t) => [
    // A company's holders (the demo's sorted from their few rows).
    index('institutional_holdings_period_idx').on(t.companySymbol, t.reportPeriod),
    // One holding per filing, CUSIP and kind; a filing's holdings (the demo's rows, with no filing, are apart).
    uniqueIndex('institutional_holdings_holding_idx').on(t.accession, t.cusip, sql`coalesce(${t.putCall}, 'SH')`),
  ],
);

/**
 * The Form 13F reports the holdings come from, every one read (of any manager, whether or not it
 * holds a listed company), so that an amendment and the previous quarter can be judged. For each
 * manager and quarter the latest full report (a 13F-HR, or an amendment that restates it) is in
 * force, with the amendments adding new holdings filed after it; the holdings of a report not in
 * force are removed. A data-set import writes its reports as `loading` (their holdings are not
 * shown: institutionalHoldings.loadingRun) and turns them `loaded` at its end, all at once.
 */
export const institutionalFilings = pgTable(
  'institutional_filings',
  {
    accession: text('accession').primaryKey(),
    managerCik: integer('manager_cik').notNull(),
    managerName: text('manager_name').notNull(),
    reportPeriod: date('report_period').notNull(),
    form: text('form').notNull(),
    amendmentType: text('amendment_type', { enum: ['RESTATEMENT', 'NEW HOLDINGS'] }),
    filedOn: date('filed_on').notNull(),
    inForce: boolean('in_force').notNull().default(false),
    state: text('state', { enum: ['loading', 'loaded'] })
      .notNull()
      .default('loaded'),
    /** What the filed values were multiplied by to be dollars: 1000 for thousands (see value-units.ts). */
    valueMultiplier: doublePrecision('value_multiplier').notNull().default(1),
    /** Where it was read: 'data set 2023q1_form13f.zip', 'EDGAR', a file's name. */
    source: text('source').notNull(),
    importRun: integer('import_run'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('institutional_filings_manager_idx').on(t.managerCik, t.reportPeriod),
    index('institutional_filings_period_idx')
      .on(t.reportPeriod)
      .where(sql`${t.inForce}`),
    index('institutional_filings_run_idx')
      .on(t.importRun)
      .where(sql`${t.importRun} is not null`),
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
