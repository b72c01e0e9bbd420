/**
 * The EDGAR sync (docs/product.md §9.11): keeps the universe's companies (those with a CIK) current
 * from EDGAR, within the SEC's fair-access rules (client.ts), finding what changed cheaply rather
 * than asking about every company:
 * 1. it lists the filings of the universe's companies: from each day's master index since the last
 *    day read (or `since`), and during the day from the latest-filings feed; for `symbols`, from the
 *    companies' own submissions;
 * 2. it refreshes the submissions of the companies that filed (conditionally: an unchanged file
 *    answers 304), storing their new filings with links to the documents and alerting followers;
 * 3. it reads each listed filing it has records for (Forms 3, 4 and 5 and their amendments, 8-Ks,
 *    whose press releases become company releases, and annual reports, whose business sections become
 *    the companies' descriptions) from its complete submission text file (an annual report from its
 *    main document) and stores its records;
 * 4. it reads the registration statements, pricing prospectuses, listing certifications and
 *    withdrawals the indexes list, whoever filed them, into the IPO calendar (ipo-filings.ts),
 *    and the Form 13F holdings reports (form13f/sync.ts);
 * 5. it reads the company facts (XBRL financial statements) of the companies that filed a periodic
 *    report (company-facts-sync.ts).
 * Everything it learns is kept in the database as it goes (edgar_filings, edgar_companies, the
 * last index day), and a filing's records and its `done` mark are one transaction: a run that stops
 * for any reason is resumed by the next without recording anything twice. One document that cannot
 * be read is reported with what was wrong and stops nothing else.
 */
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { paddedCik } from '../../../lib/edgar-links.ts';
import { addDays, toNewYork } from '../../../lib/market-calendar.ts';
import { recordChanges } from '../../platform/changes.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { readMeta, writeMeta } from '../../platform/meta.ts';
import { raiseFilingAlerts } from '../alerts/index.ts';
import { addSecFilings, companiesView } from '../companies/index.ts';
import { emptyReport, filingsOf, skip, type FilingArrays, type ImportReport } from '../imports/index.ts';
import { EdgarUnavailable, type EdgarClient } from './client.ts';
import { EdgarDocumentError } from './document-error.ts';
import { markFiling, markFilingUnread, queueFilings } from './filing-queue.ts';
import { currentFeedPath, dailyIndexPath, readCurrentFeed, readDailyIndex, type ListedFiling } from './filing-lists.ts';
import { isAnnualReportForm, readAnnualReport } from './annual-reports.ts';
import { isCompanyReleaseForm, readCompanyRelease } from './company-releases.ts';
import { syncCompanyFacts } from './company-facts-sync.ts';
import { syncForm13f } from './form13f/sync.ts';
import { storeOwnershipFiling } from './insider-filings.ts';
import { IPO_FORMS, queueIpoFilings, syncIpoFilings } from './ipo-filings.ts';
import { OWNERSHIP_FORMS, readOwnershipDocument } from './ownership-document.ts';
import { readSubmissionText } from './submission-text.ts';
import { edgarCompanies, edgarFilings, edgarSyncRuns } from './tables.ts';

/** The last day whose master index was read whole. */
const META_INDEX_DAY = 'edgar-index-day';
/** A first run reads the indexes of the last few days: older filings come from the submissions import. */
const FIRST_RUN_DAYS = 7;
/** Feed pages read per form during the day (100 entries each). */
const FEED_PAGES = 3;
/** The forms the feed is asked for during the day: those whose records a reader waits for. */
const FEED_FORMS = ['4', '8-K'] as const;
const FILING_ALERT_BATCH = 2000;

export interface SyncOptions {
  trigger: 'schedule' | 'console' | 'command';
  /** Only these companies (their submissions are read whatever changed). */
  symbols?: string[];
  /** Read the daily indexes from this day (YYYY-MM-DD). */
  since?: string;
  /** Ask the latest-filings feed too (during the day; the evening's index lists the day's filings whole). */
  feed?: boolean;
  now?: Date;
  signal?: AbortSignal;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export interface SyncReport extends ImportReport {
  requests: number;
  /** Documents that could not be read, each with what was wrong. */
  problems: { document: string; problem: string }[];
  /** Why the run stopped before its end (EDGAR out of reach, asked to stop); null when it ran through. */
  stopped: string | null;
}

interface Company {
  id: number;
  symbol: string;
  cik: number;
}

const isOwnershipForm = (form: string) => (OWNERSHIP_FORMS as readonly string[]).includes(form);
/** The forms read for records of their own (below, by form); the others are listed, and done. */
const readsRecords = (form: string) => isOwnershipForm(form) || isCompanyReleaseForm(form) || isAnnualReportForm(form);
/** Only what the site keeps records of is read; the rest is listed, and done. */
const filingStatus = (form: string) => (readsRecords(form) ? ('pending' as const) : ('done' as const));

export async function universeWithCiks(db: Db, symbols?: string[]): Promise<Company[]> {
  const rows = await db
    .select({ id: companiesView.id, symbol: companiesView.symbol, cik: companiesView.cik })
    .from(companiesView)
    .where(
      and(
        isNotNull(companiesView.cik),
        eq(companiesView.active, true),
        symbols?.length ? inArray(companiesView.symbol, symbols) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, cik: r.cik! }));
}

export async function runEdgarSync(db: Db, client: EdgarClient, options: SyncOptions): Promise<SyncReport> {
  const started = performance.now();
  const report: SyncReport = { ...emptyReport('sec', false), requests: 0, problems: [], stopped: null };
  const requestsBefore = client.requests;
  const now = options.now ?? new Date();
  const universe = await universeWithCiks(db, options.symbols);
  if (!universe.length) {
    report.stopped = options.symbols?.length
      ? `none of ${options.symbols.join(', ')} is a listed company with a CIK`
      : 'no company has a CIK: the site holds the demo universe (import the real one and sec-tickers first)';
    return report;
  }
  const byCik = new Map(universe.map((c) => [c.cik, c]));
  const run = await claimRun(db, options.trigger);
  if ('running' in run) {
    report.stopped = `another EDGAR sync is running (since ${run.running.toISOString()}); this one did nothing`;
    return report;
  }
  const problem = (document: string, text: string) => {
    report.problems.push({ document, problem: text });
  };
  let beat = Date.now();
  const progress = (phase: string, done: number, total: number) => {
    options.onProgress?.(phase, done, total);
    if (Date.now() - beat < HEARTBEAT_MS) return;
    beat = Date.now();
    void db
      .update(edgarSyncRuns)
      .set({ heartbeatAt: new Date() })
      .where(eq(edgarSyncRuns.id, run.id))
      .catch(() => {});
  };

  try {
    // 1. What was filed.
    const listed: ListedFiling[] = [];
    if (options.symbols?.length) {
      // Asked for companies by name: their submissions say what they filed.
    } else {
      listed.push(...(await listFromIndexes(db, client, options, now, report, progress)));
      if (options.feed) listed.push(...(await listFromFeed(client, report)));
    }
    // Registrations, whoever filed them, are queued first: the company filings' queue would mark them done.
    if (!options.symbols?.length) report.read += await queueIpoFilings(db, listed);
    const ours = listed.filter((f) => byCik.has(f.cik));
    report.read += await queueFilings(db, ours, filingStatus);

    // 2. The submissions of the companies that filed (or were asked for).
    const filers = options.symbols?.length ? universe : [...new Set(ours.map((f) => f.cik))].map((c) => byCik.get(c)!);
    for (const [i, company] of filers.entries()) {
      options.signal?.throwIfAborted();
      await refreshSubmissions(db, client, company, options, report, problem);
      progress('submissions', i + 1, filers.length);
    }

    // 3. The records of each filing not stored yet.
    const pending = await db
      .select()
      .from(edgarFilings)
      .where(
        and(
          eq(edgarFilings.status, 'pending'),
          inArray(
            edgarFilings.cik,
            universe.map((c) => c.cik),
          ),
          notInArray(edgarFilings.form, [...IPO_FORMS]),
        ),
      )
      .orderBy(asc(edgarFilings.filedOn), asc(edgarFilings.accession));
    for (const [i, filing] of pending.entries()) {
      options.signal?.throwIfAborted();
      await readFiling(db, client, filing, report, problem, now);
      progress('filings', i + 1, pending.length);
    }

    // 3b. The IPO calendar from whoever filed (ipo-filings.ts); a run asked for companies by name reads only theirs.
    if (!options.symbols?.length) {
      const listedCiks = new Set(byCik.keys());
      await syncIpoFilings(db, client, { listedCiks, report, problem, signal: options.signal, progress });
    }

    // 4. Form 13F holdings reports: managers file them under their own CIKs (form13f/sync.ts).
    if (!options.symbols?.length)
      await syncForm13f(db, client, listed, { report, problem, signal: options.signal, progress });

    // 5. The company facts of those that filed a periodic report (company-facts-sync.ts).
    await syncCompanyFacts(db, client, {
      report,
      problem,
      ciks: options.symbols?.length ? universe.map((c) => c.cik) : undefined,
      signal: options.signal,
      progress,
    });
  } catch (error) {
    if (error instanceof EdgarUnavailable) report.stopped = error.message;
    else if (options.signal?.aborted) report.stopped = 'stopped before its end; the next run goes on from here';
    else {
      await finishRun(db, run.id, report, client.requests - requestsBefore, 'failed', String(error));
      throw error;
    }
  }
  report.requests = client.requests - requestsBefore;
  report.ms = Math.round(performance.now() - started);
  await finishRun(db, run.id, report, report.requests, report.stopped ? 'stopped' : 'finished', report.stopped);
  return report;
}

/** A run's heartbeat is moved on this often; one silent for STALE_RUN_MS is taken for dead. */
const HEARTBEAT_MS = 15_000;
const STALE_RUN_MS = 90_000;

/**
 * The sync for this run, or the start of the run that holds it: one run at a time across the
 * deployment and the command line, since EDGAR's rate is shared. A run that stopped without saying
 * so (a crash) lets go once its heartbeat is stale.
 */
async function claimRun(db: Db, trigger: SyncOptions['trigger']): Promise<{ id: number } | { running: Date }> {
  return transaction(db, async (tx) => {
    await tx
      .update(edgarSyncRuns)
      .set({ status: 'stopped', finishedAt: new Date(), note: 'stopped without finishing (no heartbeat)' })
      .where(
        and(
          eq(edgarSyncRuns.status, 'running'),
          sql`${edgarSyncRuns.heartbeatAt} < now() - make_interval(secs => ${STALE_RUN_MS / 1000})`,
        ),
      );
    const [claimed] = await tx
      .insert(edgarSyncRuns)
      .values({ trigger })
      .onConflictDoNothing()
      .returning({ id: edgarSyncRuns.id });
    if (claimed) return claimed;
    const [holder] = await tx
      .select({ startedAt: edgarSyncRuns.startedAt })
      .from(edgarSyncRuns)
      .where(eq(edgarSyncRuns.status, 'running'));
    return { running: holder?.startedAt ?? new Date() };
  });
}

async function finishRun(
  db: Db,
  id: number,
  report: SyncReport,
  requests: number,
  status: 'finished' | 'stopped' | 'failed',
  note: string | null,
) {
  await db
    .update(edgarSyncRuns)
    .set({
      finishedAt: new Date(),
      status,
      requests,
      filingsListed: report.read,
      filingsDone: report.updated,
      recordsAdded: report.added,
      problems: report.problems.slice(0, 100),
      note,
    })
    .where(eq(edgarSyncRuns.id, id));
}

/** The daily master indexes from the day after the last read (or `since`) to yesterday, then the cursor moved on. */
async function listFromIndexes(
  db: Db,
  client: EdgarClient,
  options: SyncOptions,
  now: Date,
  report: SyncReport,
  progress: NonNullable<SyncOptions['onProgress']>,
): Promise<ListedFiling[]> {
  const today = toNewYork(now).date;
  const last = await readMeta<string>(db, META_INDEX_DAY);
  let day = options.since ?? (last ? addDays(last, 1) : addDays(today, -FIRST_RUN_DAYS));
  const days: string[] = [];
  // Today's index is written this evening: until then the feed tells of today's filings.
  for (; day < today; day = addDays(day, 1)) days.push(day);
  const listed: ListedFiling[] = [];
  for (const [i, d] of days.entries()) {
    options.signal?.throwIfAborted();
    const weekday = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      const answer = await client.get('www', dailyIndexPath(d), {}, options.signal);
      if (answer.status === 200) {
        try {
          listed.push(...readDailyIndex(answer.body!.toString('latin1'), dailyIndexPath(d)));
        } catch (error) {
          if (!(error instanceof EdgarDocumentError)) throw error;
          report.problems.push({ document: error.document, problem: error.problem });
          // An index not read is not passed over: the next run asks for it again.
          break;
        }
      } else if (addDays(d, 1) >= today) {
        // Yesterday's index may not be written yet (a holiday has none): asked again next time.
        break;
      }
    }
    if (!options.since || !last || d > last) await writeMeta(db, META_INDEX_DAY, d);
    progress('indexes', i + 1, days.length);
  }
  report.notes.push(`daily indexes read: ${days.length}`);
  return listed;
}

async function listFromFeed(client: EdgarClient, report: SyncReport): Promise<ListedFiling[]> {
  const listed: ListedFiling[] = [];
  for (const form of FEED_FORMS) {
    for (let page = 0; page < FEED_PAGES; page++) {
      const path = currentFeedPath(form, page * 100);
      const answer = await client.get('www', path);
      if (answer.status !== 200) break;
      let entries: ListedFiling[];
      try {
        entries = readCurrentFeed(answer.body!.toString('latin1'), path);
      } catch (error) {
        if (!(error instanceof EdgarDocumentError)) throw error;
        report.problems.push({ document: error.document, problem: error.problem });
        break;
      }
      // The feed's type is a prefix ('4' lists 424B2 too): only the form itself counts.
      listed.push(...entries.filter((e) => e.form === form || e.form === `${form}/A`));
      if (entries.length < 100) break;
    }
  }
  return listed;
}

/** A company's submissions, read only when changed: its new filings stored and announced, and queued. */
async function refreshSubmissions(
  db: Db,
  client: EdgarClient,
  company: Company,
  options: SyncOptions,
  report: SyncReport,
  problem: (document: string, text: string) => void,
): Promise<void> {
  const [known] = await db.select().from(edgarCompanies).where(eq(edgarCompanies.cik, company.cik));
  const path = `/submissions/CIK${paddedCik(company.cik)}.json`;
  const answer = await client.get(
    'data',
    path,
    { etag: known?.etag, lastModified: known?.lastModified },
    options.signal,
  );
  if (answer.status !== 200) return;
  let arrays: FilingArrays | undefined;
  try {
    const body = JSON.parse(answer.body!.toString('utf8')) as { filings?: { recent?: FilingArrays } };
    arrays = body.filings?.recent;
  } catch {
    problem(path, 'is not JSON (cut short, or not the submissions file).');
    return;
  }
  if (!arrays) {
    problem(path, 'has no filings.recent.');
    return;
  }
  const rows = filingsOf(arrays, company.cik, company.symbol, path, report);
  const since = options.since ?? '0000-00-00';
  await transaction(db, async (tx) => {
    const added = rows.length ? await addSecFilings(tx, rows) : [];
    if (added.length) {
      await recordChanges(tx, 'company', [company.id]);
      await raiseFilingAlerts(tx, added, { batch: FILING_ALERT_BATCH });
      report.notes.push(`${company.symbol}: ${added.length} new filing(s)`);
    }
    // Asked for by name: the company's own list is what there is to read.
    if (options.symbols?.length) {
      await queueFilings(
        tx,
        rows
          .filter((r) => r.dateAsOfChange >= since && readsRecords(r.filingType))
          .map((r) => ({
            cik: company.cik,
            company: company.symbol,
            form: r.filingType,
            filedOn: r.dateAsOfChange,
            accession: r.accessionKey,
            role: null,
            acceptedAt: null,
          })),
        filingStatus,
      );
    }
    await tx
      .insert(edgarCompanies)
      .values({ cik: company.cik, etag: answer.etag, lastModified: answer.lastModified, checkedAt: new Date() })
      .onConflictDoUpdate({
        target: edgarCompanies.cik,
        set: { etag: answer.etag, lastModified: answer.lastModified, checkedAt: new Date() },
      });
  });
}

/** A listed filing read from its complete submission text file, its records stored with its `done`. */
async function readFiling(
  db: Db,
  client: EdgarClient,
  filing: typeof edgarFilings.$inferSelect,
  report: SyncReport,
  problem: (document: string, text: string) => void,
  now: Date,
): Promise<void> {
  const path = `/Archives/edgar/data/${filing.cik}/${filing.accession.replaceAll('-', '')}/${filing.accession}.txt`;
  try {
    // An annual report's main document is read alone: its submission text file carries its exhibits and XBRL too.
    if (isAnnualReportForm(filing.form)) return await readAnnualReport(db, client, filing, report);
    const answer = await client.get('www', path);
    if (answer.status !== 200) {
      throw new EdgarDocumentError(filing.accession, 'is not on EDGAR (404): its submission text file is missing.');
    }
    const submission = readSubmissionText(answer.body!.toString('utf8'), filing.accession);
    if (isCompanyReleaseForm(filing.form)) return await readCompanyRelease(db, filing, submission, report, now);
    const xml = submission.documents.find((d) => isOwnershipForm(d.type))?.text;
    if (!xml) throw new EdgarDocumentError(filing.accession, `holds no ownership document (form ${submission.form}).`);
    const document = readOwnershipDocument(xml, filing.accession);
    await transaction(db, async (tx) => {
      const outcome = await storeOwnershipFiling(tx, {
        accession: filing.accession,
        filedOn: submission.filedOn,
        document,
      });
      if (outcome.stored) {
        report.added += outcome.added;
        report.updated++;
        if (outcome.replaced) report.notes.push(`${filing.accession}: amendment replaced ${outcome.replaced} row(s)`);
      } else skip(report, outcome.reason, filing.accession);
      await markFiling(
        tx,
        filing.accession,
        outcome.stored ? 'done' : 'skipped',
        outcome.stored ? `insider rows: ${outcome.added}` : outcome.reason,
      );
    });
  } catch (error) {
    if (!(error instanceof EdgarDocumentError)) throw error;
    problem(error.document, error.problem);
    skip(report, 'document that could not be read', filing.accession);
    await markFilingUnread(db, filing, error.problem);
  }
}
