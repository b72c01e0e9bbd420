/**
 * A quarter's Form 13F data set into the database (`npm run import -- sec-13f DATASET.zip`), with
 * the site running: about three million lines, of which the holdings of listed companies are kept.
 *
 * One transaction of that size would hold the embedded database (which answers readers on the
 * same thread) for minutes, so the import runs in steps and is resumable, yet readers never see
 * half of it:
 * 1. the tables are read once whole and checked (a line that is not what the SEC writes refuses
 *    the import, naming the file and line, before anything is written), collecting each CUSIP's
 *    issuer names: which companies the CUSIPs are of is decided on all of them (issuers.ts);
 * 2. which reports will count is decided with those on record (store.ts), and the data set's new
 *    reports are recorded as `loading`: their holdings are written marked with the import
 *    (`loading_run`) and not shown while it runs;
 * 3. INFOTABLE is read again and the holdings of listed companies written a few hundred at a time,
 *    each step with the line it reached, pausing after each step as long as it took; a report's
 *    lines are gathered before they are written (the SEC writes each report's lines together), so
 *    its values are checked against its holdings' prices first (value-units.ts);
 * 4. one statement turns the reports `loaded`, judges again which count, removes the holdings of
 *    those replaced and marks the import finished, which shows its holdings: no holding is written
 *    again.
 * An import that stops (Ctrl-C, a crash, the database out of reach) is taken up by the next import
 * of the same data set from the line it reached; a dry run reads and decides everything and writes
 * nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { transaction, type Db } from '../../../platform/db/client.ts';
import { paceAfter } from '../../../platform/db/pace.ts';
import { cusipsPlacedByNameStatement } from '../../companies/index.ts';
import { ImportError, emptyReport, skip, type DataSetImportOptions, type DataSetReport } from '../../imports/index.ts';
import { form13fDataSetRuns } from '../tables.ts';
import { openDataSet, readDataSetFilings, readDataSetRows, type DataSet } from './data-set.ts';
import { Spool } from './spool.ts';
import { quarterEndPrices } from './filing-store.ts';
import { unmatchedNotes } from './filings-import.ts';
import { createCusipMatcher, mainName, noteName, type CusipMatcher, type CusipNames } from './issuers.ts';
import { cusipOf, isHoldingsForm, isQuarterEnd, type Form13fFiling } from './rows.ts';
import {
  filingsOf,
  pairKey,
  recordFilings,
  reportsInForce,
  addHoldingLine,
  settleReports,
  writeHoldings,
  HOLDINGS_PER_STATEMENT,
  type StoredFiling,
  type StoredHolding,
} from './store.ts';
import { checkPrice, correction, emptyPriceCheck, valueMultiplier } from './value-units.ts';

export type { DataSetImportOptions, DataSetReport };

/** An import of the same data set whose last step is this recent is taken to be running still. */
const RUNNING_MS = 60_000;

const count = (n: number) => n.toLocaleString('en-US');

export async function importForm13fDataSet(
  db: Db,
  input: string,
  options: DataSetImportOptions,
): Promise<DataSetReport> {
  const started = performance.now();
  const report: DataSetReport = { ...emptyReport('sec-13f', options.dryRun), stopped: null };
  const dataSet = await openDataSet(input);
  try {
    await importDataSet(db, dataSet, options, report);
  } finally {
    dataSet.close();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

async function importDataSet(db: Db, dataSet: DataSet, options: DataSetImportOptions, report: DataSetReport) {
  const { filings } = await readDataSetFilings(dataSet);
  const holdingsFilings = [...filings.values()].filter((f) => isHoldingsForm(f.form));
  const matcher = await createCusipMatcher(db);
  if (!matcher.universe)
    throw new ImportError(
      'No imported company to place holdings with: the site holds the demo universe (import the real one first, npm run import -- universe).',
    );

  const spool = new Spool();
  try {
    await importSpooled(db, dataSet, filings, holdingsFilings, matcher, spool, options, report);
  } finally {
    spool.remove();
  }
}

async function importSpooled(
  db: Db,
  dataSet: DataSet,
  filings: ReadonlyMap<string, Form13fFiling>,
  holdingsFilings: readonly Form13fFiling[],
  matcher: CusipMatcher,
  spool: Spool,
  options: DataSetImportOptions,
  report: DataSetReport,
) {
  const progress = options.onProgress ?? (() => {});
  const source = `data set ${dataSet.name}`.slice(0, 300);
  const notices = filings.size - holdingsFilings.length;

  // 1. Every line checked, what each CUSIP is called, and the share lines spooled for step 3.
  const rule = (filing: Form13fFiling) => valueMultiplier(filing.filedOn);
  const seen = new Map<string, CusipNames>();
  for await (const row of readDataSetRows(dataSet, filings, {
    onBytes: (bytes) => progress('checking INFOTABLE', bytes, dataSet.infotableBytes),
  })) {
    if (options.signal?.aborted) {
      report.stopped = 'stopped while the data set was being checked: nothing was written';
      return;
    }
    report.read++;
    if (row.amountType === 'PRN') {
      skip(report, 'principal amount (PRN, a bond), not shares');
      continue;
    }
    const cusip = cusipOf(row.cusip);
    if (!cusip) {
      skip(report, 'line whose CUSIP is not nine letters and digits', `INFOTABLE.tsv:${row.line}`);
      continue;
    }
    noteName(seen, cusip, row.issuer, row.titleOfClass, row.value * rule(filings.get(row.accession)!));
    await spool.add({ ...row, cusip });
  }
  await spool.close();

  // Which company each CUSIP is of; what was left out.
  const symbols = new Map<string, string>();
  const unmatched = new Map<string, { name: string; dollars: number }>();
  for (const [cusip, names] of seen) {
    const symbol = matcher.match(cusip, names);
    if (symbol) symbols.set(cusip, symbol);
    else unmatched.set(cusip, { name: mainName(names), dollars: [...names.names.values()].reduce((s, v) => s + v, 0) });
  }
  seen.clear();

  // 2. Which reports will count, with those on record.
  const quarterly = holdingsFilings.filter((f) => isQuarterEnd(f.period));
  const pairs = [...new Map(quarterly.map((f) => [pairKey(f.managerCik, f.period), f])).values()].map((f) => ({
    managerCik: f.managerCik,
    period: f.period,
  }));
  const known = await filingsOf(db, pairs);
  const knownByAccession = new Map(known.map((k) => [k.accession, k]));
  const byPair = new Map<
    string,
    { accession: string; filedOn: string; amendmentType: Form13fFiling['amendmentType'] }[]
  >();
  const add = (
    key: string,
    order: { accession: string; filedOn: string; amendmentType: Form13fFiling['amendmentType'] },
  ) => byPair.set(key, [...(byPair.get(key) ?? []), order]);
  for (const k of known) if (k.state === 'loaded' && !filings.has(k.accession)) add(pairKey(k.managerCik, k.period), k);
  for (const f of quarterly) add(pairKey(f.managerCik, f.period), f);
  const counting = new Set<string>();
  for (const list of byPair.values()) for (const accession of reportsInForce(list)) counting.add(accession);
  const newFilings = quarterly.filter((f) => knownByAccession.get(f.accession)?.state !== 'loaded');
  const amendments = quarterly.filter((f) => f.amendmentType);
  report.notes.push(
    `filings: ${count(filings.size)} (${count(holdingsFilings.length)} holdings reports, ${count(notices)} notices); new ${count(newFilings.length)}, already imported ${count(quarterly.length - newFilings.length)}`,
    `amendments: ${count(amendments.filter((f) => f.amendmentType === 'RESTATEMENT').length)} restating a report, ${count(amendments.filter((f) => f.amendmentType === 'NEW HOLDINGS').length)} adding new holdings; reports that count: ${count(quarterly.filter((f) => counting.has(f.accession)).length)}`,
    `values filed in thousands (filed before 2023-01-03): ${count(holdingsFilings.filter((f) => rule(f) === 1000).length)} reports`,
  );
  const offPeriod = holdingsFilings.length - quarterly.length;
  if (offPeriod) report.notes.push(`reports for a day that is not a quarter's end, left out: ${count(offPeriod)}`);

  // The import this one is, or takes up.
  let run: { id: number; linesDone: number } | null = null;
  if (!options.dryRun) {
    run = await claimRun(db, dataSet);
    if (run.linesDone)
      report.notes.push(`taken up where an earlier import stopped: after INFOTABLE line ${count(run.linesDone)}`);
    const stored: StoredFiling[] = newFilings.map((f) => ({ ...f, valueMultiplier: rule(f), source }));
    for (let i = 0; i < stored.length; i += options.batch) {
      const at = performance.now();
      await recordFilings(db, stored.slice(i, i + options.batch), 'loading', run.id);
      if (options.pace) await paceAfter(at);
    }
    // Reports an earlier, abandoned import of this data set left loading are this import's now.
    for (let i = 0; i < newFilings.length; i += options.batch) {
      const batch = newFilings.slice(i, i + options.batch);
      await db.execute(sql`
        update institutional_filings f set import_run = ${run.id}
        where f.accession = any(${arrayColumn(batch, (f) => f.accession, 'text')}) and f.state = 'loading'`);
    }
  }

  // 3. The holdings of listed companies, written in steps of whole reports (a report larger than a
  // step is written in several, its unit decided on the first).
  const filingFor = new Map(quarterly.filter((f) => counting.has(f.accession)).map((f) => [f.accession, f]));
  // The new reports' holdings are hidden until the end; those of reports on record already (read
  // from EDGAR, or by an import before) are shown as they were.
  const loading = new Set(newFilings.map((f) => f.accession));
  const listedSymbols = [...new Set(symbols.values())];
  const prices = new Map<string, Map<string, number>>();
  const pricesOf = async (period: string) => {
    let known = prices.get(period);
    if (!known) prices.set(period, (known = await quarterEndPrices(db, listedSymbols, period)));
    return known;
  };
  /** Each report's factor to dollars, once decided: the rule's, or corrected (value-units.ts). */
  const factors = new Map<string, number>();
  const corrected: string[] = [];
  /** The report whose lines are being gathered. */
  let gathering: { filing: Form13fFiling; holdings: Map<string, StoredHolding> } | null = null;
  let toWrite: StoredHolding[] = [];
  /** Factors decided since the last step, written with it. */
  let newFactors: { accession: string; factor: number }[] = [];
  let lastLine = run?.linesDone ?? 0;

  /** The gathered report's holdings, in dollars, onto the next step. */
  const release = async () => {
    if (!gathering) return;
    const { filing, holdings } = gathering;
    gathering = null;
    if (!holdings.size) return;
    let factor = factors.get(filing.accession);
    if (factor === undefined) {
      const check = emptyPriceCheck();
      const priced = await pricesOf(filing.period);
      for (const h of holdings.values()) if (!h.putCall) checkPrice(check, h.value, h.shares, priced.get(h.symbol));
      factor = rule(filing) * correction(check);
      factors.set(filing.accession, factor);
      if (factor !== rule(filing)) {
        corrected.push(filing.accession);
        newFactors.push({ accession: filing.accession, factor });
      }
    }
    for (const h of holdings.values()) {
      h.shares = Math.round(h.shares);
      h.value = Math.round((h.value / rule(filing)) * factor);
      toWrite.push(h);
    }
  };
  /** Writes the step: its holdings and the line it reached, in one transaction. */
  const step = async (line: number) => {
    const holdings = toWrite;
    const decided = newFactors;
    toWrite = [];
    newFactors = [];
    if (!run) {
      // A dry run counts what it would write.
      report.added += holdings.length;
      return;
    }
    const at = performance.now();
    const runId = run.id;
    // The step's bookkeeping goes with its holdings: the line reached, and the reports' units decided.
    const bookkeeping = [
      sql`progress as (update form13f_data_set_runs set lines_done = ${line}, updated_at = now() where id = ${runId})`,
    ];
    if (decided.length)
      bookkeeping.push(sql`factors as (update institutional_filings f set value_multiplier = t.factor
        from unnest(${arrayColumn(decided, (d) => d.accession, 'text')}, ${arrayColumn(decided, (d) => d.factor, 'float8')})
          as t(accession, factor)
        where f.accession = t.accession)`);
    // A step of few holdings is one statement (on the embedded database reached through the server,
    // a transaction's every exchange would hold the server's readers); a larger one a transaction.
    const written =
      holdings.length <= HOLDINGS_PER_STATEMENT
        ? await writeHoldings(db, holdings, runId, bookkeeping)
        : await transaction(db, (tx) => writeHoldings(tx, holdings, runId, bookkeeping));
    report.added += written.added;
    report.updated += written.updated;
    if (options.pace) await paceAfter(at);
  };

  let written = 0;
  progress('writing holdings', 0, spool.lines);
  for await (const row of spool.read(run?.linesDone)) {
    if (++written % 10_000 === 0) progress('writing holdings', written, spool.lines);
    if (gathering && gathering.filing.accession !== row.accession) {
      await release();
      if (toWrite.length >= options.batch) {
        // Every line before this one is written: a stop here goes on from this report.
        await step(row.line - 1);
        if (options.signal?.aborted) {
          report.stopped = `stopped after INFOTABLE line ${count(row.line - 1)}; importing the same data set again goes on from there`;
          return;
        }
      }
    }
    lastLine = row.line;
    const cusip = row.cusip;
    const symbol = symbols.get(cusip);
    if (!symbol) {
      skip(report, 'line of an issuer that is no listed company');
      continue;
    }
    const filing = filingFor.get(row.accession);
    if (!filing) {
      skip(report, 'line of a report replaced by a later one (or a notice, or off a quarter)');
      continue;
    }
    gathering ??= { filing, holdings: new Map() };
    // In dollars by the rule until the report's unit is decided.
    addHoldingLine(
      gathering.holdings,
      filing,
      { ...row, cusip, symbol, dollars: row.value * rule(filing) },
      run && loading.has(row.accession) ? run.id : null,
    );
    if (gathering.holdings.size >= options.batch) {
      // A report larger than a step: written in several, through this line.
      await release();
      await step(row.line);
      if (options.signal?.aborted) {
        report.stopped = `stopped after INFOTABLE line ${count(row.line)}; importing the same data set again goes on from there`;
        return;
      }
    }
  }
  await release();
  await step(lastLine);
  progress('writing holdings', spool.lines, spool.lines);
  if (corrected.length)
    report.notes.push(
      `reports read in the other unit, their listed holdings being worth 1,000 times off their shares' prices: ${count(corrected.length)} (${corrected
        .slice(0, 5)
        .join(', ')}${corrected.length > 5 ? ', …' : ''})`,
    );

  // 4. All at once: the data set's reports count, and those they replace stop counting.
  if (run) {
    progress('settling reports', 0, 1);
    const runId = run.id;
    // One statement: the reports turn loaded and are judged, the holdings of those replaced are
    // removed, the CUSIPs placed by name kept, and the import marked finished, which shows its
    // holdings (holdings.ts) at the same instant.
    const placed = cusipsPlacedByNameStatement(matcher.placedByName);
    const settled = await settleReports(db, pairs, {
      run: runId,
      also: [
        ...(placed ? [placed] : []),
        sql`finished as (update form13f_data_set_runs set status = 'finished', finished_at = now(), updated_at = now()
          where id = ${runId})`,
      ],
    });
    // The planner is told what the reports table holds now (the embedded database gathers no
    // statistics by itself). Not the holdings: a company's are read by the one index that leads
    // with it whatever the statistics, and sampling a million rows would hold the embedded
    // database's readers for most of a second.
    await db.execute(sql`analyze institutional_filings`);
    progress('settling reports', 1, 1);
    if (settled.removed)
      report.notes.push(`holdings of reports replaced by later ones removed: ${count(settled.removed)}`);
  }
  report.notes.push(...unmatchedNotes(unmatched));
}

/** The unfinished import of this data set to take up, or a new one; refused while another one runs. */
async function claimRun(db: Db, dataSet: DataSet): Promise<{ id: number; linesDone: number }> {
  return transaction(db, async (tx) => {
    const [open] = await tx
      .select()
      .from(form13fDataSetRuns)
      .where(and(eq(form13fDataSetRuns.fingerprint, dataSet.fingerprint), eq(form13fDataSetRuns.status, 'loading')))
      .for('update');
    if (open) {
      if (Date.now() - open.updatedAt.getTime() < RUNNING_MS)
        throw new ImportError(
          `${dataSet.name} is being imported already (since ${open.startedAt.toISOString()}); wait for that import, or a minute after it stopped.`,
        );
      await tx.update(form13fDataSetRuns).set({ updatedAt: new Date() }).where(eq(form13fDataSetRuns.id, open.id));
      return { id: open.id, linesDone: open.linesDone };
    }
    const [created] = await tx
      .insert(form13fDataSetRuns)
      .values({ name: dataSet.name, fingerprint: dataSet.fingerprint })
      .returning({ id: form13fDataSetRuns.id });
    return { id: created!.id, linesDone: 0 };
  });
}
