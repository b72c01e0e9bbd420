/**
 * npm run import -- universe FILE.csv [options]
 * npm run import -- sec-tickers company_tickers.json [--dry-run]
 * npm run import -- sec-submissions DIR_OR_FILES... [--dry-run]
 * npm run import -- prices DIR_OR_FILE [--dry-run]
 * npm run import -- sec-ownership FILES|DIR [--dry-run]
 * npm run import -- profiles FILES|DIR [--dry-run]
 * npm run import -- sec-insider DATASET.zip [--dry-run]
 * npm run import -- sec-13f DATASET.zip|DIR|FILES... [--dry-run]
 * npm run import -- cusip-map FILE.csv [--dry-run]
 * npm run import -- sec-facts FILES|DIR|companyfacts.zip [--dry-run]
 * npm run import -- trials FILES|DIR [--dry-run]
 * npm run import -- finra-short FILE [--dry-run]
 * npm run import -- analysts FILE.csv [--dry-run]
 * Imports public market data into the database the server uses, whether or
 * not the server runs (a running server picks the changes up within
 * seconds and rebuilds the pages of what changed). Each import is one
 * transaction: a file it cannot read changes nothing, and a dry run does the
 * whole work and rolls it back. It shows its progress and ends with a report
 * of what it did. The SEC's quarterly data sets (insider transactions, 13F) are
 * the exception: hundreds of thousands of rows, written in steps so that the
 * running site keeps answering, and finished when imported again after a stop.
 * Started by scripts/import.ts, which runs a data set's import in a process of its own.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  ImportError,
  SECURITY_KINDS,
  SMALL_CAP_WINDOW,
  formatReport,
  importPrices,
  importSecSubmissions,
  importSecTickers,
  importUniverseFile,
  shown,
  type DataSetImportOptions,
  type DataSetReport,
  type SecurityKind,
} from '../src/server/features/imports/index.ts';
import {
  importAnnualReportFiles,
  importCusipMap,
  importForm13fDataSet,
  importForm13fFilings,
  importInsiderDataset,
  importOwnershipFiles,
  isDataSetInput,
} from '../src/server/features/edgar/index.ts';
import { importCompanyFacts } from '../src/server/features/financials/index.ts';
import { importAnalystRatings } from '../src/server/features/companies/index.ts';
import { importShortInterestFile } from '../src/server/features/short-interest/index.ts';
import { importTrialFiles } from '../src/server/features/trials/index.ts';
import { cliConfig, fail, openDatabaseOrFail, progressBar } from './cli-support.ts';

const USAGE = `Usage: npm run import -- universe FILE.csv [options]
       npm run import -- sec-tickers company_tickers.json [--dry-run]
       npm run import -- sec-submissions DIR_OR_FILES... [--dry-run]
       npm run import -- prices DIR_OR_FILE [--dry-run]
       npm run import -- sec-ownership FILES|DIR [--dry-run]
       npm run import -- profiles FILES|DIR [--dry-run]
       npm run import -- sec-insider DATASET.zip [--dry-run]
       npm run import -- sec-13f DATASET.zip|DIR|FILES... [--dry-run]
       npm run import -- cusip-map FILE.csv [--dry-run]
       npm run import -- sec-facts FILES|DIR|companyfacts.zip [--dry-run]
       npm run import -- trials FILES|DIR [--dry-run]
       npm run import -- finra-short FILE [--dry-run]
       npm run import -- analysts FILE.csv [--dry-run]

  Every import is one transaction (a file that cannot be imported, anywhere in it, changes nothing), except the SEC's
  quarterly data sets, written in steps once checked whole.

  universe FILE.csv   the Nasdaq stock-screener export (nasdaq.com/market-activity/stocks/screener, "Download CSV")
    --min-cap N       smallest market cap imported, in dollars (default ${SMALL_CAP_WINDOW.min})
    --max-cap N       largest market cap imported, in dollars (default ${SMALL_CAP_WINDOW.max})
    --kinds LIST      security kinds to import, of ${SECURITY_KINDS.join(', ')} (default common)
    --market NAME     the exchange the export lists (default NASDAQ)
    --as-of DATE      the trading day of the prices (default: the download time in the file name, or the file's date)
    --replace-demo    remove the demo companies and content first (needed once, when the database holds them)
    --dry-run         do the whole import and report it, then roll it all back: nothing changes

  sec-tickers FILE    the SEC's company_tickers.json (www.sec.gov/files/company_tickers.json): links companies to their CIK
  sec-submissions     the SEC's submissions files (CIK##########.json, from submissions.zip), a folder of them or the files:
                      each linked company's SIC code (its sector) and its filings, with links to the documents
  prices DIR_OR_FILE  daily bars (Date,Open,High,Low,Close,Volume): a folder of TICKER.csv files, or one file with a
                      Symbol column; then the screener's derived fields and the three small-cap indices are recomputed
  sec-ownership       Forms 3, 4 and 5 as EDGAR serves them: complete submission text files ({accession}.txt) or
                      ownership XML documents in their EDGAR folder (…/{accession without dashes}/form4.xml)
  profiles INPUTS     companies' descriptions from their annual reports (10-K, 20-F) as EDGAR serves them: complete
                      submission text files ({accession}.txt) or a report's main document in its EDGAR folder
                      (…/{accession without dashes}/{document}.htm) of a filing the site lists; a later report's
                      description replaces an earlier one's
  sec-insider FILE    the SEC's quarterly Insider Transactions Data Set (2025q1_form345.zip, from sec.gov's
                      "Insider Transactions Data Sets"): the universe's insider trades of that quarter, written in steps
                      while the site keeps answering; stopped (Ctrl-C), it is finished by importing it again
  sec-13f INPUTS      institutional holdings from Form 13F: the SEC's quarterly data set (the zip from sec.gov's
                      "Form 13F Data Sets", or a folder of its .tsv files), and 13F-HR filings as EDGAR serves them
                      (ACCESSION.txt submission files, or a filing's folder with primary_doc.xml and its information
                      table); holdings are placed with companies by CUSIP (the map below) and issuer name, and the
                      report lists the largest issuers left out. A data set is written in steps while the site keeps
                      answering and shown at its end; stopped (Ctrl-C), it goes on from there when imported again
  cusip-map FILE.csv  staff's map of CUSIPs to listed companies (columns cusip,symbol): a mapped CUSIP's holdings
                      belong to that company whatever filers call its issuer
  sec-facts INPUTS    the SEC's XBRL company facts (data.sec.gov/api/xbrl/companyfacts/CIK##########.json files, a
                      folder of them, or the nightly companyfacts.zip, of which only the universe's CIKs are read):
                      each company's financial statements, runway and dilution; one transaction per company, a
                      document that cannot be read is reported and the rest go on
  trials INPUTS       saved answers of ClinicalTrials.gov's API v2 (GET /api/v2/studies pages or single studies, .json
                      files or a folder of them): each study placed with the companies its lead sponsor or collaborators
                      are (by name, or staff's sponsor aliases), added to their trials; nothing is removed or alerted
  finra-short FILE    FINRA's twice-monthly equity short-interest file (shrtYYYYMMDD.csv from cdn.finra.org, pipe-delimited):
                      the universe's short interest at its settlement date; the file is checked whole, a line that is not
                      FINRA's refuses it with its line number
  analysts FILE.csv   a provider's export of analyst ratings (columns symbol, firm, analyst, rating, price_target, date;
                      providers' words for a rating read as Buy, Hold or Sell): an analyst's newer rating replaces the
                      one held; the companies' analyst figures are derived again`;

const [command, ...rest] = process.argv.slice(2);
if (!command || command === '--help' || command === '-h') fail(USAGE);

function number(value: string | undefined, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/[_,]/g, ''));
  if (!Number.isFinite(parsed) || parsed < 0) fail(`--${option} takes a number of dollars, not "${value}".`);
  return parsed;
}

async function universe(args: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'min-cap': { type: 'string' },
        'max-cap': { type: 'string' },
        kinds: { type: 'string' },
        market: { type: 'string' },
        'as-of': { type: 'string' },
        'replace-demo': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
      },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) fail(USAGE);
  const kinds = (values.kinds ?? 'common').split(',').map((k) => k.trim().toLowerCase());
  const unknown = kinds.filter((k) => !(SECURITY_KINDS as readonly string[]).includes(k));
  if (unknown.length) fail(`--kinds: unknown kind ${unknown.join(', ')}; the kinds are ${SECURITY_KINDS.join(', ')}.`);
  const asOf = values['as-of'];
  if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf))
    fail(`--as-of takes a date as YYYY-MM-DD, not "${asOf}".`);
  const minCap = number(values['min-cap'], 'min-cap', SMALL_CAP_WINDOW.min);
  const maxCap = number(values['max-cap'], 'max-cap', SMALL_CAP_WINDOW.max);
  if (minCap > maxCap) fail(`--min-cap (${minCap}) is above --max-cap (${maxCap}).`);

  const database = await openDatabaseOrFail(cliConfig());
  try {
    const report = await importUniverseFile(
      database.db,
      positionals[0]!,
      {
        minCap,
        maxCap,
        kinds: new Set(kinds as SecurityKind[]),
        market: values.market?.trim() || 'NASDAQ',
        asOf,
        dryRun: values['dry-run'] ?? false,
        replaceDemo: values['replace-demo'] ?? false,
      },
      progressBar('Importing the export', 'bytes'),
    );
    process.stdout.write(formatReport(report));
  } finally {
    await database.close();
  }
}

/** The inputs and --dry-run of an import that takes no other option; `many` allows several inputs. */
function inputsOf(args: string[], many: boolean): { inputs: string[]; dryRun: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { 'dry-run': { type: 'boolean' } } });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const inputs = parsed.positionals;
  if (!inputs.length || (!many && inputs.length !== 1)) fail(USAGE);
  return { inputs, dryRun: parsed.values['dry-run'] ?? false };
}

/** The imports that take their inputs and --dry-run only, in one transaction. */
async function simple(
  kind:
    | 'sec-tickers'
    | 'sec-submissions'
    | 'prices'
    | 'sec-ownership'
    | 'profiles'
    | 'cusip-map'
    | 'sec-facts'
    | 'trials'
    | 'finra-short'
    | 'analysts',
  args: string[],
): Promise<void> {
  const { inputs, dryRun } = inputsOf(
    args,
    kind === 'sec-submissions' ||
      kind === 'sec-ownership' ||
      kind === 'profiles' ||
      kind === 'sec-facts' ||
      kind === 'trials',
  );
  const database = await openDatabaseOrFail(cliConfig());
  try {
    const report =
      kind === 'sec-tickers'
        ? await importSecTickers(database.db, inputs[0]!, dryRun)
        : kind === 'prices'
          ? await importPrices(database.db, inputs[0]!, dryRun, progressBar('Writing prices'))
          : kind === 'sec-ownership'
            ? await importOwnershipFiles(database.db, inputs, dryRun, progressBar('Storing filings'))
            : kind === 'profiles'
              ? await importAnnualReportFiles(database.db, inputs, dryRun, progressBar('Reading annual reports'))
              : kind === 'cusip-map'
                ? await importCusipMap(database.db, inputs[0]!, dryRun)
                : kind === 'sec-facts'
                  ? await importCompanyFacts(database.db, inputs, {
                      dryRun,
                      onProgress: progressBar('Reading company facts'),
                    })
                  : kind === 'trials'
                    ? await importTrialFiles(database.db, inputs, { dryRun, onProgress: progressBar('Reading trials') })
                    : kind === 'finra-short'
                      ? await importShortInterestFile(database.db, inputs[0]!, dryRun)
                      : kind === 'analysts'
                        ? await importAnalystRatings(database.db, inputs[0]!, dryRun)
                        : await importSecSubmissions(database.db, inputs, dryRun, progressBar('Reading submissions'));
    process.stdout.write(formatReport(report));
  } finally {
    await database.close();
  }
}

/**
 * How a data set's import runs beside the server: Ctrl-C or SIGTERM stops it after the step in hand; it
 * reads and parses at a low priority, the server on the same machine coming first; and its steps are
 * short on the embedded database, where each holds up the server's readers, and paced on either
 * (on PostgreSQL a step takes a core the server's queries need as much).
 */
function dataSetSteps(
  dryRun: boolean,
  rowsPerStep: { embedded: number; postgres: number },
  unit: (phase: string) => 'items' | 'bytes' = () => 'items',
): { config: ReturnType<typeof cliConfig>; options: DataSetImportOptions } {
  const config = cliConfig();
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      process.stdout.write('\nStopping after the step in hand…\n');
      stop.abort();
    });
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here: it runs at the usual priority.
  }
  // One progress bar per phase ('reading', 'writing', 'checking INFOTABLE'…).
  const bars = new Map<string, (done: number, total: number) => void>();
  const onProgress = (phase: string, done: number, total: number) => {
    if (!bars.has(phase)) bars.set(phase, progressBar(phase[0]!.toUpperCase() + phase.slice(1), unit(phase)));
    bars.get(phase)!(done, total);
  };
  const batch = config.database.kind === 'pglite' ? rowsPerStep.embedded : rowsPerStep.postgres;
  return { config, options: { dryRun, batch, pace: true, signal: stop.signal, onProgress } };
}

/** Prints a data set's report; false when it stopped before its end (the command then exits 1). */
function reportDataSet(report: DataSetReport): boolean {
  process.stdout.write(formatReport(report));
  if (!report.stopped) return true;
  process.stdout.write(`  stopped: ${report.stopped}\n`);
  process.exitCode = 1;
  return false;
}

/** An Insider Transactions Data Set, written in steps while the site keeps answering. */
async function secInsider(args: string[]): Promise<void> {
  const { inputs, dryRun } = inputsOf(args, false);
  const { config, options } = dataSetSteps(dryRun, { embedded: 120, postgres: 1000 });
  const database = await openDatabaseOrFail(config);
  try {
    reportDataSet(await importInsiderDataset(database.db, inputs[0]!, options));
  } finally {
    await database.close();
  }
}

/** 13F: data sets one after the other (each in steps), then the filings given, in one transaction. */
async function sec13f(args: string[]): Promise<void> {
  const { inputs, dryRun } = inputsOf(args, true);
  const dataSets: string[] = [];
  const filings: string[] = [];
  for (const input of inputs) ((await isDataSetInput(input)) ? dataSets : filings).push(input);
  const { config, options } = dataSetSteps(dryRun, { embedded: 150, postgres: 2000 }, (phase) =>
    phase === 'checking INFOTABLE' ? 'bytes' : 'items',
  );
  const database = await openDatabaseOrFail(config);
  try {
    for (const input of dataSets) if (!reportDataSet(await importForm13fDataSet(database.db, input, options))) return;
    if (filings.length)
      process.stdout.write(
        formatReport(await importForm13fFilings(database.db, filings, dryRun, progressBar('Reading 13F filings'))),
      );
  } finally {
    await database.close();
  }
}

try {
  if (command === 'universe') await universe(rest);
  else if (command === 'sec-13f') await sec13f(rest);
  else if (command === 'sec-insider') await secInsider(rest);
  else if (
    command === 'sec-tickers' ||
    command === 'sec-submissions' ||
    command === 'prices' ||
    command === 'sec-ownership' ||
    command === 'profiles' ||
    command === 'cusip-map' ||
    command === 'sec-facts' ||
    command === 'trials' ||
    command === 'finra-short' ||
    command === 'analysts'
  )
    await simple(command, rest);
  else fail(`Unknown import "${command}".\n${USAGE}`);
} catch (error) {
  if (error instanceof ImportError) fail(`Import stopped, nothing was changed: ${error.message}`);
  // Not a file's fault: the trace is for a bug report. Its message may quote the file, so it is shown escaped.
  const trace = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // A data set is written in steps: what failed part way is finished by importing it again.
  const outcome =
    command === 'sec-insider' || command === 'sec-13f'
      ? 'importing the same data set again finishes it'
      : 'nothing was changed';
  fail(`Import failed, ${outcome}: ${trace.split('\n').map(shown).join('\n')}`);
}
