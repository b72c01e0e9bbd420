/**
 * `npm run import -- sec-insider DATASET.zip` (docs/product.md §9.11): the SEC's quarterly Insider
 * Transactions Data Set, for backfill. The data set is the Forms 3, 4 and 5 of a quarter as EDGAR
 * extracted them from their ownership XML, one table per part (SUBMISSION, REPORTINGOWNER,
 * NONDERIV_TRANS, DERIV_TRANS, FOOTNOTES, …) joined by accession number. Each transaction of a
 * universe company's filing becomes the insider row the sync would store for it (insider-filings.ts),
 * keyed alike, so a filing both sources hold is stored once.
 *
 * A quarter holds about half a million transactions, and the site keeps answering while they go in:
 * 1. the filings' parts (SUBMISSION, REPORTINGOWNER, FOOTNOTES) are read and the universe's kept;
 *    of their footnotes only those about a Rule 10b5-1 plan, the one thing a footnote decides;
 * 2. the transaction tables are read and checked: a row that cannot be read drops its filing, named
 *    with its table and line, before anything is written. Each good row is spooled to a temporary
 *    file, so memory holds the filings, never their rows;
 * 3. the spooled rows are written a step at a time, each step a transaction of its own (pausing
 *    after it on the embedded database, whose readers wait for each), and an amendment last, with
 *    what it amends, as it replaces those rows.
 * A table missing, or missing a column the import reads, stops the import before anything is
 * written. An import stopped part way (Ctrl-C, a crash) is finished by importing the data set again:
 * a row is keyed by its filing and its place in it, so none is stored twice. A dry run reads and
 * checks everything, and counts against what is held, writing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { inArray } from 'drizzle-orm';
import { recordChanges } from '../../platform/changes.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { addInsiderTransactions, companiesView, insiderTransactionsView } from '../companies/index.ts';
import {
  dataSetDate,
  dataSetNumber,
  emptyReport,
  openDataSet,
  skip,
  type DataSetImportOptions,
  type DataSetReport,
  type DataSetRow,
} from '../imports/index.ts';
import { noteOfficersInSteps } from './company-officers.ts';
import { countOutcome, insiderRowOf, storeOwnershipFilings, type InsiderRow } from './insider-filings.ts';
import {
  OWNERSHIP_FORMS,
  type OwnershipDocument,
  type OwnershipForm,
  type OwnershipRow,
  type ReportingOwner,
} from './ownership-document.ts';

const WHAT = 'an Insider Transactions Data Set (Forms 3, 4 and 5)';

/** The columns the import reads, by table: a table without one of them is not the data set's. */
const SUBMISSION = ['ACCESSION_NUMBER', 'FILING_DATE', 'DOCUMENT_TYPE', 'ISSUERCIK'] as const;
const OWNER = ['ACCESSION_NUMBER', 'RPTOWNERCIK', 'RPTOWNERNAME', 'RPTOWNER_RELATIONSHIP'] as const;
const TRANSACTION = [
  'ACCESSION_NUMBER',
  'SECURITY_TITLE',
  'TRANS_DATE',
  'TRANS_CODE',
  'TRANS_SHARES',
  'TRANS_PRICEPERSHARE',
  'TRANS_ACQUIRED_DISP_CD',
  'SHRS_OWND_FOLWNG_TRANS',
  'DIRECT_INDIRECT_OWNERSHIP',
] as const;
const FOOTNOTE = ['ACCESSION_NUMBER', 'FOOTNOTE_ID', 'FOOTNOTE_TXT'] as const;
const TABLES = [
  ['NONDERIV_TRANS.tsv', 'non-derivative', 'NONDERIV_TRANS_SK'],
  ['DERIV_TRANS.tsv', 'derivative', 'DERIV_TRANS_SK'],
] as const;

/** Only a text about a trading plan can change what a row says (underTradingPlan). */
const ABOUT_A_PLAN = /10b5-1/i;

/** A universe company's filing, as far as the data set has told it. */
interface Filing {
  accession: string;
  filedOn: string;
  company: { id: number; symbol: string };
  /** The document without its rows, except an amendment's, which is stored whole at the end. */
  document: OwnershipDocument;
  /** The surrogate keys of its rows by table: the data set numbers rows in document order. */
  keys: { 'non-derivative': number[]; derivative: number[] };
  /** Why the filing cannot be stored, once a row of it could not be read. */
  bad: string | null;
  /** Rows written by this import. */
  added: number;
  /** Rows it has to write. */
  rows: number;
}

/** The footnote ids a row refers to: every `…_FN` column holds a comma-separated list ('F1,F2'). */
function footnoteIdsOf(row: DataSetRow, columns: readonly string[]): string[] {
  const ids: string[] = [];
  for (const column of columns)
    for (const id of row.get(column).split(',')) if (id.trim() && !ids.includes(id.trim())) ids.push(id.trim());
  return ids;
}

const TRANSACTION_FOOTNOTE_COLUMNS = [
  'SECURITY_TITLE_FN',
  'TRANS_DATE_FN',
  'DEEMED_EXECUTION_DATE_FN',
  'EQUITY_SWAP_TRANS_CD_FN',
  'TRANS_TIMELINESS_FN',
  'TRANS_SHARES_FN',
  'TRANS_TOTAL_VALUE_FN',
  'TRANS_PRICEPERSHARE_FN',
  'TRANS_ACQUIRED_DISP_CD_FN',
  'CONV_EXERCISE_PRICE_FN',
  'EXCERCISE_DATE_FN',
  'EXPIRATION_DATE_FN',
  'UNDLYNG_SEC_TITLE_FN',
  'UNDLYNG_SEC_SHARES_FN',
  'SHRS_OWND_FOLWNG_TRANS_FN',
  'VALU_OWND_FOLWNG_TRANS_FN',
  'DIRECT_INDIRECT_OWNERSHIP_FN',
  'NATURE_OF_OWNERSHIP_FN',
];

/** The data set's flags: '1' or 'true' (both are found). */
const flag = (value: string) => value === '1' || value.toLowerCase() === 'true';
const count = (n: number) => n.toLocaleString('en-US');

const isAmendment = (filing: Filing) => filing.document.form.endsWith('/A');

/** A transaction row as the data set gives it; `problem` is told of each value that cannot be read. */
function transactionOf(row: DataSetRow, table: OwnershipRow['table'], problem: (text: string) => void): OwnershipRow {
  const number = (column: string) => {
    const value = dataSetNumber(row.get(column));
    if (value === undefined) problem(`${column} is "${row.get(column).slice(0, 20)}", not a number.`);
    return value ?? null;
  };
  const date = (column: string) => {
    const value = dataSetDate(row.get(column));
    if (value === undefined) problem(`${column} is "${row.get(column).slice(0, 20)}", not a date (DD-MON-YYYY).`);
    return value ?? null;
  };
  const acquired = row.get('TRANS_ACQUIRED_DISP_CD') || null;
  const ownership = row.get('DIRECT_INDIRECT_OWNERSHIP') || null;
  if (acquired && acquired !== 'A' && acquired !== 'D') problem(`TRANS_ACQUIRED_DISP_CD is "${acquired}", not A or D.`);
  if (ownership && ownership !== 'D' && ownership !== 'I')
    problem(`DIRECT_INDIRECT_OWNERSHIP is "${ownership}", not D or I.`);
  return {
    table,
    kind: 'transaction',
    position: 0,
    security: row.get('SECURITY_TITLE'),
    transactionDate: date('TRANS_DATE') ?? date('DEEMED_EXECUTION_DATE'),
    code: row.get('TRANS_CODE').toUpperCase() || null,
    equitySwap: flag(row.get('EQUITY_SWAP_INVOLVED')),
    shares: number('TRANS_SHARES'),
    totalValue: number('TRANS_TOTAL_VALUE'),
    price: number('TRANS_PRICEPERSHARE'),
    acquiredDisposed: acquired as OwnershipRow['acquiredDisposed'],
    sharesAfter: number('SHRS_OWND_FOLWNG_TRANS'),
    valueAfter: number('VALU_OWND_FOLWNG_TRANS'),
    ownership: ownership as OwnershipRow['ownership'],
    natureOfOwnership: row.get('NATURE_OF_OWNERSHIP') || null,
    exercisePrice: number('CONV_EXERCISE_PRICE'),
    // The data set spells the column EXCERCISE_DATE.
    exerciseDate: date('EXCERCISE_DATE'),
    expirationDate: date('EXPIRATION_DATE'),
    underlyingSecurity: row.get('UNDLYNG_SEC_TITLE') || null,
    underlyingShares: number('UNDLYNG_SEC_SHARES'),
    footnoteIds: footnoteIdsOf(row, TRANSACTION_FOOTNOTE_COLUMNS),
  };
}

/** A row's place in its table of its filing, from its surrogate key among the filing's (sorted). */
function positionOf(filing: Filing, table: OwnershipRow['table'], key: number): number {
  return filing.keys[table].indexOf(key);
}

/** The rows read, one JSON line each, in a temporary file: written once, read back once as a stream. */
class RowSpool {
  private readonly directory = fs.mkdtempSync(path.join(os.tmpdir(), 'redcap-insider-'));
  readonly file = path.join(this.directory, 'rows.jsonl');
  private readonly out = fs.createWriteStream(this.file);
  rows = 0;

  async add(accession: string, key: number, row: OwnershipRow): Promise<void> {
    this.rows++;
    if (!this.out.write(`${JSON.stringify([accession, key, row])}\n`)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }

  async *read(): AsyncGenerator<{ accession: string; key: number; row: OwnershipRow }> {
    const lines = readline.createInterface({ input: fs.createReadStream(this.file), crlfDelay: Infinity });
    for await (const line of lines) {
      const [accession, key, row] = JSON.parse(line) as [string, number, OwnershipRow];
      yield { accession, key, row };
    }
  }

  remove(): void {
    this.out.destroy();
    fs.rmSync(this.directory, { recursive: true, force: true });
  }
}

export async function importInsiderDataset(
  db: Db,
  zipPath: string,
  options: DataSetImportOptions,
): Promise<DataSetReport> {
  const started = performance.now();
  const report: DataSetReport = { ...emptyReport('sec-insider', options.dryRun), stopped: null };
  const progress = options.onProgress ?? (() => {});
  const dataSet = await openDataSet(zipPath, WHAT);
  const spool = new RowSpool();
  try {
    const universe = new Map(
      (
        await db
          .select({ id: companiesView.id, cik: companiesView.cik, symbol: companiesView.symbol })
          .from(companiesView)
      )
        .filter((c) => c.cik !== null)
        .map((c) => [c.cik!, { id: c.id, symbol: c.symbol }]),
    );
    const filings = new Map<string, Filing>();
    const fail = (filing: Filing, file: string, row: DataSetRow, problem: string) => {
      filing.bad ??= `${file} line ${row.line}: ${problem}`;
    };
    const stopped = () => {
      if (!options.signal?.aborted) return false;
      report.stopped = 'stopped while the data set was being read: nothing was written';
      return true;
    };

    // 1. The filings of the universe's companies, their reporting owners and what their footnotes say of plans.
    await dataSet.read('SUBMISSION.tsv', SUBMISSION, (row) => {
      report.read++;
      const form = row.get('DOCUMENT_TYPE').toUpperCase();
      const company = universe.get(Number(row.get('ISSUERCIK')));
      if (!(OWNERSHIP_FORMS as readonly string[]).includes(form)) {
        skip(report, `form that is not a 3, 4 or 5`, `SUBMISSION.tsv line ${row.line}`);
        return;
      }
      if (!company) {
        skip(report, 'issuer not in the universe');
        return;
      }
      const accession = row.get('ACCESSION_NUMBER');
      const filedOn = dataSetDate(row.get('FILING_DATE'));
      if (!/^\d{10}-\d{2}-\d{6}$/.test(accession) || !filedOn) {
        skip(report, 'submission without an accession number or a filing date', `SUBMISSION.tsv line ${row.line}`);
        return;
      }
      const plan = row.get('AFF10B5ONE');
      const remarks = row.get('REMARKS');
      filings.set(accession, {
        accession,
        filedOn,
        company,
        keys: { 'non-derivative': [], derivative: [] },
        bad: null,
        added: 0,
        rows: 0,
        document: {
          form: form as OwnershipForm,
          periodOfReport: dataSetDate(row.get('PERIOD_OF_REPORT')) ?? null,
          originalFiledOn: dataSetDate(row.get('DATE_OF_ORIG_SUB')) ?? null,
          issuer: {
            cik: Number(row.get('ISSUERCIK')),
            name: row.get('ISSUERNAME'),
            symbol: row.get('ISSUERTRADINGSYMBOL') || null,
          },
          owners: [],
          rule10b5One: plan ? flag(plan) : null,
          notSubjectToSection16: flag(row.get('NOT_SUBJECT_SEC16')),
          noSecuritiesOwned: flag(row.get('NO_SECURITIES_OWNED')),
          rows: [],
          footnotes: {},
          remarks: ABOUT_A_PLAN.test(remarks) ? remarks : null,
          signedOn: null,
        },
      });
    });
    progress('reading', 1, 5);
    if (stopped()) return report;

    await dataSet.read('REPORTINGOWNER.tsv', OWNER, (row) => {
      const filing = filings.get(row.get('ACCESSION_NUMBER'));
      if (!filing) return;
      const cik = Number(row.get('RPTOWNERCIK'));
      if (!Number.isSafeInteger(cik) || cik <= 0)
        return fail(filing, 'REPORTINGOWNER.tsv', row, 'RPTOWNERCIK is not a CIK.');
      const roles = row
        .get('RPTOWNER_RELATIONSHIP')
        .toLowerCase()
        .split(/[,;]/)
        .map((r) => r.trim().replaceAll(/[^a-z%0-9]/g, ''));
      filing.document.owners.push({
        cik,
        name: row.get('RPTOWNERNAME'),
        isDirector: roles.includes('director'),
        isOfficer: roles.includes('officer'),
        isTenPercentOwner: roles.includes('tenpercentowner') || roles.includes('10%owner'),
        isOther: roles.includes('other'),
        officerTitle: row.get('RPTOWNER_TITLE') || null,
        otherText: row.get('RPTOWNER_TXT') || null,
      } satisfies ReportingOwner);
    });
    progress('reading', 2, 5);
    if (stopped()) return report;

    if (dataSet.files.includes('FOOTNOTES.TSV'))
      await dataSet.read('FOOTNOTES.tsv', FOOTNOTE, (row) => {
        const filing = filings.get(row.get('ACCESSION_NUMBER'));
        const text = row.get('FOOTNOTE_TXT');
        if (filing && ABOUT_A_PLAN.test(text)) filing.document.footnotes[row.get('FOOTNOTE_ID')] = text;
      });
    progress('reading', 3, 5);
    if (stopped()) return report;

    // 2. Their transactions, checked and spooled (holdings are positions, not trades, and are not read).
    for (const [file, table, keyColumn] of TABLES) {
      await dataSet.read(file, [...TRANSACTION, keyColumn], async (row) => {
        const filing = filings.get(row.get('ACCESSION_NUMBER'));
        if (!filing || filing.bad) return;
        const transaction = transactionOf(row, table, (problem) => fail(filing, file, row, problem));
        if (filing.bad) return;
        const key = Number(row.get(keyColumn));
        filing.keys[table].push(key);
        if (isAmendment(filing)) {
          transaction.position = key;
          filing.document.rows.push(transaction);
        } else await spool.add(filing.accession, key, transaction);
      });
      progress('reading', table === 'derivative' ? 5 : 4, 5);
      if (stopped()) return report;
    }
    await spool.close();

    const good: Filing[] = [];
    for (const filing of filings.values()) {
      if (filing.bad || !filing.document.owners.length) {
        skip(
          report,
          'filing with a row that cannot be read',
          `${filing.accession} (${filing.bad ?? 'no reporting owner'})`,
        );
        continue;
      }
      filing.keys['non-derivative'].sort((a, b) => a - b);
      filing.keys.derivative.sort((a, b) => a - b);
      // An amendment's rows take their places in its document, as the sync reads them.
      for (const row of filing.document.rows) row.position = positionOf(filing, row.table, row.position);
      good.push(filing);
    }
    report.notes.push(`filings of the universe's companies: ${count(filings.size)}`);

    if (options.dryRun) await countHeld(db, good, report);
    else await writeRows(db, spool, filings, good, options, report);
  } finally {
    spool.remove();
    dataSet.close();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** 3. The spooled rows written a step at a time, then the amendments in the order they were filed. */
async function writeRows(
  db: Db,
  spool: RowSpool,
  filings: ReadonlyMap<string, Filing>,
  good: readonly Filing[],
  options: DataSetImportOptions,
  report: DataSetReport,
): Promise<void> {
  const progress = options.onProgress ?? (() => {});
  const amendments = good.filter(isAmendment);
  const total = spool.rows + amendments.length;
  let done = 0;
  let step: InsiderRow[] = [];
  // The companies whose pages change are told once, when the rows are all in (or the import stops): told at each
  // step, the server would rebuild a company's records as often as a step held one of its rows.
  const changed = new Set<number>();
  const write = async () => {
    const at = performance.now();
    const rows = step;
    step = [];
    // One statement, so a step is whole or not at all without a transaction around it (whose BEGIN and COMMIT
    // would each wait their turn on the embedded database too).
    const added = await addInsiderTransactions(db, rows);
    for (const { accession } of added) {
      const filing = filings.get(accession!)!;
      filing.added++;
      changed.add(filing.company.id);
    }
    done += rows.length;
    progress('writing', done, total);
    if (options.pace) await paceAfter(at);
  };

  for await (const { accession, key, row } of spool.read()) {
    const filing = filings.get(accession)!;
    if (filing.bad || !filing.document.owners.length) continue;
    row.position = positionOf(filing, row.table, key);
    const insider = insiderRowOf(filing.company.symbol, filing, row);
    if (!insider) continue;
    filing.rows++;
    step.push(insider);
    if (step.length >= options.batch) {
      await write();
      if (options.signal?.aborted) {
        report.stopped = `stopped after ${count(done)} rows; importing the same data set again finishes it, storing no row twice`;
        break;
      }
    }
  }
  if (!report.stopped && step.length) await write();
  if (!report.stopped) {
    // The officers and directors the filings name, Forms 3 among them; amendments note theirs as they are stored.
    const originals = good.filter((f) => !isAmendment(f));
    const named = await noteOfficersInSteps(
      db,
      originals.map((f) => ({
        symbol: f.company.symbol,
        accession: f.accession,
        filedOn: f.filedOn,
        owners: f.document.owners,
      })),
      options,
    );
    for (const f of originals) if (named.has(f.company.symbol)) changed.add(f.company.id);
  }
  if (changed.size) await transaction(db, (tx) => recordChanges(tx, 'company', [...changed]));

  for (const filing of good)
    if (!isAmendment(filing)) {
      report.added += filing.added;
      if (filing.added) report.updated++;
      else if (filing.rows) report.unchanged++;
      else skip(report, 'filing without transactions (a Form 3, or holdings only)');
    }
  if (report.stopped) return;

  // An amendment replaces the rows of what it amends, so it goes in after them, in the order they were filed.
  amendments.sort((a, b) => a.filedOn.localeCompare(b.filedOn) || a.accession.localeCompare(b.accession));
  // Each is a few statements of its own: a tenth as many to a step as rows.
  const perStep = Math.max(1, Math.floor(options.batch / 10));
  for (let i = 0; i < amendments.length; i += perStep) {
    const at = performance.now();
    const batch = amendments.slice(i, i + perStep);
    const outcomes = await transaction(db, (tx) => storeOwnershipFilings(tx, batch));
    outcomes.forEach((outcome, k) => countOutcome(report, outcome, batch[k]!.accession));
    done += batch.length;
    progress('writing', done, total);
    if (options.pace) await paceAfter(at);
  }
}

/** A dry run's counts: the filings not held yet and their rows would be added; those held are unchanged. */
async function countHeld(db: Db, good: readonly Filing[], report: DataSetReport): Promise<void> {
  const held = new Set<string>();
  for (let i = 0; i < good.length; i += 5000) {
    const rows = await db
      .selectDistinct({ accession: insiderTransactionsView.accession })
      .from(insiderTransactionsView)
      .where(
        inArray(
          insiderTransactionsView.accession,
          good.slice(i, i + 5000).map((f) => f.accession),
        ),
      );
    for (const { accession } of rows) held.add(accession!);
  }
  for (const filing of good) {
    const rows = filing.keys['non-derivative'].length + filing.keys.derivative.length;
    if (held.has(filing.accession)) report.unchanged++;
    else if (!rows) skip(report, 'filing without transactions (a Form 3, or holdings only)');
    else {
      report.updated++;
      report.added += rows;
    }
  }
}
