/**
 * `npm run import -- sec-insider DATASET.zip` (docs/product.md §9.11): the SEC's quarterly Insider
 * Transactions Data Set, for backfill. The data set is the Forms 3, 4 and 5 of a quarter as EDGAR
 * extracted them from their ownership XML, one table per part (SUBMISSION, REPORTINGOWNER,
 * NONDERIV_TRANS, DERIV_TRANS, FOOTNOTES, …) joined by accession number. Each filing of a universe
 * company is put back together as the ownership document it came from and stored as the sync stores
 * one read from EDGAR (insider-filings.ts), so a filing both sources hold is stored once, and an
 * amendment replaces what it amends. The tables are read one at a time and only the universe's
 * filings are kept, so memory follows the universe's share of the quarter, not the quarter.
 *
 * The whole data set is read before anything is stored: a file missing, or missing a column the
 * import needs, stops the import and nothing changes; a row that cannot be read drops its filing,
 * which the report names with the file and line. Filings are then stored a batch at a time.
 */
import { transaction, type Db } from '../../platform/db/client.ts';
import { companies } from '../companies/index.ts';
import {
  dataSetDate,
  dataSetNumber,
  emptyReport,
  importTransaction,
  openDataSet,
  skip,
  type DataSetRow,
  type ImportReport,
} from '../imports/index.ts';
import { countOutcome, storeOwnershipFilings } from './insider-filings.ts';
import {
  OWNERSHIP_FORMS,
  type OwnershipDocument,
  type OwnershipForm,
  type OwnershipRow,
  type ReportingOwner,
} from './ownership-document.ts';

const WHAT = 'an Insider Transactions Data Set (Forms 3, 4 and 5)';
/** Filings stored per transaction. */
const STORE_BATCH = 500;

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

/** A filing being put back together: its document, and the surrogate key of each row (their order in it). */
interface Assembly {
  accession: string;
  filedOn: string;
  document: OwnershipDocument;
  keys: Map<OwnershipRow, number>;
  /** Why the filing cannot be stored, once a row of it could not be read. */
  bad: string | null;
}

export type Progress = (phase: string, done: number, total: number) => void;

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

export async function importInsiderDataset(
  db: Db,
  zipPath: string,
  dryRun: boolean,
  onProgress: Progress = () => {},
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('sec-insider', dryRun);
  const dataSet = await openDataSet(zipPath, WHAT);
  try {
    const universe = new Map(
      (await db.select({ cik: companies.cik, symbol: companies.symbol }).from(companies))
        .filter((c) => c.cik !== null)
        .map((c) => [c.cik!, c.symbol]),
    );
    const filings = new Map<string, Assembly>();
    const fail = (assembly: Assembly, file: string, row: DataSetRow, problem: string) => {
      assembly.bad ??= `${file} line ${row.line}: ${problem}`;
    };

    // 1. The filings of the universe's companies.
    await dataSet.read('SUBMISSION.tsv', SUBMISSION, (row) => {
      report.read++;
      const form = row.get('DOCUMENT_TYPE').toUpperCase();
      const cik = Number(row.get('ISSUERCIK'));
      if (!(OWNERSHIP_FORMS as readonly string[]).includes(form)) {
        skip(report, `form that is not a 3, 4 or 5`, `SUBMISSION.tsv line ${row.line}`);
        return;
      }
      if (!universe.has(cik)) {
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
      filings.set(accession, {
        accession,
        filedOn,
        keys: new Map(),
        bad: null,
        document: {
          form: form as OwnershipForm,
          periodOfReport: dataSetDate(row.get('PERIOD_OF_REPORT')) ?? null,
          originalFiledOn: dataSetDate(row.get('DATE_OF_ORIG_SUB')) ?? null,
          issuer: { cik, name: row.get('ISSUERNAME'), symbol: row.get('ISSUERTRADINGSYMBOL') || null },
          owners: [],
          rule10b5One: plan ? flag(plan) : null,
          notSubjectToSection16: flag(row.get('NOT_SUBJECT_SEC16')),
          noSecuritiesOwned: flag(row.get('NO_SECURITIES_OWNED')),
          rows: [],
          footnotes: {},
          remarks: row.get('REMARKS') || null,
          signedOn: null,
        },
      });
    });
    onProgress('reading', 1, 5);

    // 2. Their reporting owners.
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
    onProgress('reading', 2, 5);

    // 3. Their footnotes, which tell of trading plans where the checkbox does not.
    if (dataSet.files.includes('FOOTNOTES.TSV'))
      await dataSet.read('FOOTNOTES.tsv', FOOTNOTE, (row) => {
        const filing = filings.get(row.get('ACCESSION_NUMBER'));
        if (filing) filing.document.footnotes[row.get('FOOTNOTE_ID')] = row.get('FOOTNOTE_TXT');
      });
    onProgress('reading', 3, 5);

    // 4. Their transactions (holdings are positions, not trades, and are not read).
    for (const [file, table, key] of [
      ['NONDERIV_TRANS.tsv', 'non-derivative', 'NONDERIV_TRANS_SK'],
      ['DERIV_TRANS.tsv', 'derivative', 'DERIV_TRANS_SK'],
    ] as const) {
      await dataSet.read(file, [...TRANSACTION, key], (row) => {
        const filing = filings.get(row.get('ACCESSION_NUMBER'));
        if (!filing || filing.bad) return;
        const problem = (text: string) => fail(filing, file, row, text);
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
        if (acquired && acquired !== 'A' && acquired !== 'D')
          problem(`TRANS_ACQUIRED_DISP_CD is "${acquired}", not A or D.`);
        if (ownership && ownership !== 'D' && ownership !== 'I')
          problem(`DIRECT_INDIRECT_OWNERSHIP is "${ownership}", not D or I.`);
        const transaction: OwnershipRow = {
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
        filing.document.rows.push(transaction);
        filing.keys.set(transaction, Number(row.get(key)));
      });
      onProgress('reading', table === 'derivative' ? 5 : 4, 5);
    }

    // 5. Stored in filing order, an original before the amendments filed the same day.
    const ordered = [...filings.values()].sort(
      (a, b) =>
        a.filedOn.localeCompare(b.filedOn) ||
        Number(a.document.form.endsWith('/A')) - Number(b.document.form.endsWith('/A')) ||
        a.accession.localeCompare(b.accession),
    );
    const store = async (tx: Db, batch: Assembly[], offset: number) => {
      const ready: Assembly[] = [];
      for (const filing of batch) {
        if (filing.bad || !filing.document.owners.length) {
          const why = filing.bad ?? 'no reporting owner';
          skip(report, 'filing with a row that cannot be read', `${filing.accession} (${why})`);
          continue;
        }
        // A row's place in its table, as in the document: the data set numbers rows in document order.
        for (const table of ['non-derivative', 'derivative'] as const)
          filing.document.rows
            .filter((r) => r.table === table)
            .sort((a, b) => filing.keys.get(a)! - filing.keys.get(b)!)
            .forEach((r, position) => (r.position = position));
        ready.push(filing);
      }
      const outcomes = await storeOwnershipFilings(tx, ready);
      outcomes.forEach((outcome, k) => countOutcome(report, outcome, ready[k]!.accession));
      onProgress('storing', offset + batch.length, ordered.length);
    };
    if (dryRun) await importTransaction(db, true, (tx) => store(tx, ordered, 0));
    else
      // A batch of filings per transaction, so readers' queries go between them (the embedded database runs one
      // statement at a time); a filing is stored whole or not at all, and an import stopped part way is finished by
      // running it again, which stores no filing twice.
      for (let i = 0; i < ordered.length; i += STORE_BATCH)
        await transaction(db, (tx) => store(tx, ordered.slice(i, i + STORE_BATCH), i));
    report.notes.push(`filings of the universe's companies: ${filings.size.toLocaleString('en-US')}`);
  } finally {
    dataSet.close();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
