/**
 * Form 13F reports and their holdings in the database (EDGAR's institutional_filings and
 * institutional_holdings), the same for a data set, a filing EDGAR serves and a file.
 *
 * Which reports count, for one manager and one quarter (docs/product.md §9.2):
 * - the latest full report is the manager's holdings: a 13F-HR, or a 13F-HR/A that is a
 *   RESTATEMENT (or names no type: replacing is the reading that never counts a holding twice);
 *   a manager that files its report again replaces it the same way;
 * - a 13F-HR/A adding NEW HOLDINGS (those it had kept confidential) adds its holdings to the full
 *   report it follows; one filed before the latest full report is replaced with it.
 * "Latest" is by filing date, then accession number. The holdings of a report no longer in force
 * are removed; its record stays, so reading it again changes nothing.
 *
 * A holding is one manager's position in one CUSIP in one report: its lines (split by investment
 * discretion or by the other managers sharing it) are summed. Shares (SH) and options (PUT, CALL)
 * are kept apart, options are not ownership; principal amounts (PRN, bonds) are not kept.
 */
import { sql, type SQL } from 'drizzle-orm';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import { companiesView } from '../../companies/index.ts';
import type { AmendmentType, Form13fFiling, PutCall } from './rows.ts';

export interface ReportOrder {
  accession: string;
  filedOn: string;
  amendmentType: AmendmentType | null;
}

const later = (a: ReportOrder, b: ReportOrder) =>
  a.filedOn > b.filedOn || (a.filedOn === b.filedOn && a.accession > b.accession);

/** The reports in force among one manager's reports for one quarter. */
export function reportsInForce(reports: readonly ReportOrder[]): Set<string> {
  let base: ReportOrder | null = null;
  for (const report of reports)
    if (report.amendmentType !== 'NEW HOLDINGS' && (!base || later(report, base))) base = report;
  const inForce = new Set<string>();
  if (base) inForce.add(base.accession);
  for (const report of reports)
    if (report.amendmentType === 'NEW HOLDINGS' && (!base || later(report, base))) inForce.add(report.accession);
  return inForce;
}

export interface StoredFiling extends Form13fFiling {
  valueMultiplier: number;
  source: string;
}

/** A manager's quarter: the reports judged together. */
export const pairKey = (managerCik: number, period: string) => `${managerCik}|${period}`;

const BATCH = 2000;

/** Records reports not known yet (`loading` ones belong to a data-set import); the accessions added. */
export async function recordFilings(
  tx: Db,
  filings: readonly StoredFiling[],
  state: 'loading' | 'loaded',
  importRun: number | null = null,
): Promise<Set<string>> {
  const added = new Set<string>();
  for (let i = 0; i < filings.length; i += BATCH) {
    const batch = filings.slice(i, i + BATCH);
    const rows = rowsOf<{ accession: string }>(
      await tx.execute(sql`
        insert into institutional_filings (accession, manager_cik, manager_name, report_period, form, amendment_type,
          filed_on, value_multiplier, source, state, import_run, in_force)
        select t.*, ${state}, ${importRun}::int4, false from unnest(
          ${arrayColumn(batch, (f) => f.accession, 'text')}, ${arrayColumn(batch, (f) => f.managerCik, 'int4')},
          ${arrayColumn(batch, (f) => f.managerName.slice(0, 300), 'text')}, ${arrayColumn(batch, (f) => f.period, 'date')},
          ${arrayColumn(batch, (f) => f.form, 'text')}, ${arrayColumn(batch, (f) => f.amendmentType, 'text')},
          ${arrayColumn(batch, (f) => f.filedOn, 'date')}, ${arrayColumn(batch, (f) => f.valueMultiplier, 'float8')},
          ${arrayColumn(batch, (f) => f.source.slice(0, 300), 'text')})
          as t(accession, manager_cik, manager_name, report_period, form, amendment_type, filed_on, value_multiplier, source)
        on conflict (accession) do nothing
        returning accession`),
    );
    for (const row of rows) added.add(row.accession);
  }
  return added;
}

export interface KnownFiling {
  accession: string;
  managerCik: number;
  period: string;
  filedOn: string;
  amendmentType: AmendmentType | null;
  inForce: boolean;
  state: 'loading' | 'loaded';
  importRun: number | null;
  valueMultiplier: number;
}

/** The reports on record for these managers' quarters. */
export async function filingsOf(
  tx: Db,
  pairs: readonly { managerCik: number; period: string }[],
): Promise<KnownFiling[]> {
  const known: KnownFiling[] = [];
  for (let i = 0; i < pairs.length; i += BATCH) {
    const batch = pairs.slice(i, i + BATCH);
    known.push(
      ...rowsOf<KnownFiling>(
        await tx.execute(sql`
          select f.accession, f.manager_cik as "managerCik", f.report_period::text as period, f.filed_on::text as "filedOn",
            f.amendment_type as "amendmentType", f.in_force as "inForce", f.state, f.import_run as "importRun",
            f.value_multiplier as "valueMultiplier"
          from institutional_filings f
          join unnest(${arrayColumn(batch, (p) => p.managerCik, 'int4')}, ${arrayColumn(batch, (p) => p.period, 'date')})
            as p(manager_cik, report_period)
            on p.manager_cik = f.manager_cik and p.report_period = f.report_period`),
      ),
    );
  }
  return known;
}

/**
 * Judges again which reports count for these managers' quarters, sets their `in_force`, and
 * removes the holdings of those that do not count (any left by a report that counted before, or by
 * a data-set import that judged it would). The reports judged are the loaded ones and, with
 * `run`, that data-set import's loading ones, which turn loaded. `also` are statements run with
 * it (data-modifying, as `name as (...)`).
 *
 * One statement, with reportsInForce's rule written in SQL: a data-set import's switch judges
 * thousands of quarters at once, and on the embedded database, reached through the server, a
 * transaction's every exchange would keep the server's readers waiting.
 */
export async function settleReports(
  db: Db,
  pairs: readonly { managerCik: number; period: string }[],
  options: { run?: number; also?: SQL[] } = {},
): Promise<{ removed: number }> {
  const also = options.also?.length ? sql`${sql.join(options.also, sql`, `)}, ` : sql``;
  const [settled] = rowsOf<{ removed: number }>(
    await db.execute(sql`
      with ${also}pairs as (
        select distinct * from unnest(${arrayColumn(pairs, (p) => p.managerCik, 'int4')},
          ${arrayColumn(pairs, (p) => p.period, 'date')}) as p(manager_cik, report_period)
      ),
      reports as (
        select f.accession, f.manager_cik, f.report_period, f.filed_on, f.amendment_type
        from institutional_filings f
        join pairs p on p.manager_cik = f.manager_cik and p.report_period = f.report_period
        where f.state = 'loaded' or f.import_run = ${options.run ?? null}::int4
      ),
      -- Each quarter's latest full report ("latest" by filing date, then accession number).
      bases as (
        select distinct on (manager_cik, report_period) manager_cik, report_period, filed_on, accession
        from reports where amendment_type is distinct from 'NEW HOLDINGS'
        order by manager_cik, report_period, filed_on desc, accession collate "C" desc
      ),
      judged as (
        select r.accession, coalesce(r.accession = b.accession or (r.amendment_type = 'NEW HOLDINGS'
          and (b.accession is null or r.filed_on > b.filed_on
            or (r.filed_on = b.filed_on and r.accession collate "C" > b.accession collate "C"))), false) as counts
        from reports r
        left join bases b on b.manager_cik = r.manager_cik and b.report_period = r.report_period
      ),
      judgement as (
        update institutional_filings f set in_force = j.counts, state = 'loaded'
        from judged j
        where f.accession = j.accession and (f.in_force <> j.counts or f.state <> 'loaded')
      ),
      gone as (
        delete from institutional_holdings h
        using judged j
        where not j.counts and h.accession = j.accession
        returning 1
      )
      select (select count(*) from gone)::int as removed`),
  );
  return { removed: settled?.removed ?? 0 };
}

export interface StoredHolding {
  accession: string;
  symbol: string;
  cusip: string;
  putCall: PutCall | null;
  shares: number;
  /** Dollars. */
  value: number;
  /** The lines' discretion: one of SOLE, DFND, OTR, or MIXED. */
  discretion: string;
  managerCik: number;
  managerName: string;
  period: string;
  filedOn: string;
  /** The data-set import whose new (loading) report it is of: hidden until that import finishes. */
  loadingRun: number | null;
}

/** A holding's key within a data set: its filing, CUSIP and kind. */
const holdingKeyOf = (h: { accession: string; cusip: string; putCall: PutCall | null }) =>
  `${h.accession}:${h.cusip}:${h.putCall ?? 'SH'}`;

/**
 * Adds one information-table line of `filing` to its holdings: the lines of one holding (its CUSIP
 * and kind) are summed, and a holding whose lines name different discretions is MIXED.
 */
export function addHoldingLine(
  holdings: Map<string, StoredHolding>,
  filing: { accession: string; managerCik: number; managerName: string; period: string; filedOn: string },
  line: { symbol: string; cusip: string; putCall: PutCall | null; amount: number; dollars: number; discretion: string },
  loadingRun: number | null,
): void {
  const key = holdingKeyOf({ accession: filing.accession, cusip: line.cusip, putCall: line.putCall });
  const held = holdings.get(key);
  if (held) {
    held.shares += line.amount;
    held.value += line.dollars;
    if (held.discretion !== line.discretion) held.discretion = 'MIXED';
  } else
    holdings.set(key, {
      accession: filing.accession,
      symbol: line.symbol,
      cusip: line.cusip,
      putCall: line.putCall,
      shares: line.amount,
      value: line.dollars,
      discretion: line.discretion,
      managerCik: filing.managerCik,
      managerName: filing.managerName,
      period: filing.period,
      filedOn: filing.filedOn,
      loadingRun,
    });
}

/** Holdings written per statement: a data-set import's step of up to this many is one statement. */
export const HOLDINGS_PER_STATEMENT = BATCH;

/**
 * Writes holdings (their shares of the company's shares outstanding with them). A holding already
 * on record is replaced, but within one data-set import (`run`) its lines are added up: the
 * import writes a holding's lines as it meets them, which may be in several steps. `with` are
 * statements (data-modifying, as `name as (...)`) run in the first statement: a step of few
 * holdings and its bookkeeping are then one statement, atomic without a transaction's exchanges.
 */
export async function writeHoldings(
  tx: Db,
  holdings: readonly StoredHolding[],
  run: number | null,
  withStatements: SQL[] = [],
): Promise<{ added: number; updated: number }> {
  let added = 0;
  let updated = 0;
  for (let i = 0; i < holdings.length || (i === 0 && withStatements.length); i += BATCH) {
    const batch = holdings.slice(i, i + BATCH);
    const prefix = i === 0 && withStatements.length ? sql`with ${sql.join(withStatements, sql`, `)} ` : sql``;
    const rows = rowsOf<{ inserted: boolean }>(
      await tx.execute(sql`
        ${prefix}insert into institutional_holdings as h (company_symbol, institution_name, shares_held_percentage, shares_held,
          market_value, filing_date, manager_cik, report_period, cusip, accession, put_call, investment_discretion,
          import_run, loading_run)
        select t.symbol, t.name, coalesce(t.shares * 100.0 / nullif(${companiesView.sharesOutstanding}, 0), 0),
          t.shares, t.value, t.filed, t.cik, t.period, t.cusip, t.accession, t.put_call, t.discretion, ${run}::int4,
          t.loading_run
        from unnest(${arrayColumn(batch, (h) => h.symbol, 'text')}, ${arrayColumn(batch, (h) => h.managerName.slice(0, 300), 'text')},
          ${arrayColumn(batch, (h) => h.shares, 'int8')}, ${arrayColumn(batch, (h) => h.value, 'float8')},
          ${arrayColumn(batch, (h) => h.filedOn, 'date')}, ${arrayColumn(batch, (h) => h.managerCik, 'int4')},
          ${arrayColumn(batch, (h) => h.period, 'date')}, ${arrayColumn(batch, (h) => h.cusip, 'text')},
          ${arrayColumn(batch, (h) => h.accession, 'text')}, ${arrayColumn(batch, (h) => h.putCall, 'text')},
          ${arrayColumn(batch, (h) => h.discretion, 'text')}, ${arrayColumn(batch, (h) => h.loadingRun, 'int4')})
          as t(symbol, name, shares, value, filed, cik, period, cusip, accession, put_call, discretion, loading_run)
        join ${companiesView} on ${companiesView.symbol} = t.symbol
        on conflict (accession, cusip, (coalesce(put_call, 'SH'))) do update set
          company_symbol = excluded.company_symbol,
          institution_name = excluded.institution_name,
          shares_held = case when h.import_run = excluded.import_run then h.shares_held + excluded.shares_held
            else excluded.shares_held end,
          market_value = case when h.import_run = excluded.import_run then h.market_value + excluded.market_value
            else excluded.market_value end,
          shares_held_percentage = case when h.import_run = excluded.import_run
            then h.shares_held_percentage + excluded.shares_held_percentage else excluded.shares_held_percentage end,
          investment_discretion = case when h.import_run = excluded.import_run
            and h.investment_discretion <> excluded.investment_discretion then 'MIXED' else excluded.investment_discretion end,
          filing_date = excluded.filing_date,
          import_run = excluded.import_run,
          loading_run = excluded.loading_run
        returning (xmax = 0) as inserted`),
    );
    for (const row of rows) {
      if (row.inserted) added++;
      else updated++;
    }
  }
  return { added, updated };
}

/**
 * Sums a report's lines into holdings: one per CUSIP and kind (shares, puts, calls), principal
 * amounts left out. `symbolOf` places a CUSIP with a listed company (null: not one).
 */
export function holdingsOf(
  filing: StoredFiling,
  rows: readonly {
    cusip: string;
    amount: number;
    amountType: 'SH' | 'PRN';
    putCall: PutCall | null;
    value: number;
    discretion: string;
  }[],
  symbolOf: (cusip: string) => string | null,
): StoredHolding[] {
  const holdings = new Map<string, StoredHolding>();
  for (const row of rows) {
    if (row.amountType !== 'SH') continue;
    const symbol = symbolOf(row.cusip);
    if (!symbol) continue;
    addHoldingLine(holdings, filing, { ...row, symbol, dollars: row.value * filing.valueMultiplier }, null);
  }
  for (const held of holdings.values()) {
    held.shares = Math.round(held.shares);
    held.value = Math.round(held.value);
  }
  return [...holdings.values()];
}
