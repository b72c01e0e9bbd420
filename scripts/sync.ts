/**
 * npm run sync -- sec [--symbols A,B] [--since YYYY-MM-DD] [--feed]
 * npm run sync -- trials [--symbols A,B]
 * npm run sync -- analysts [--symbols A,B]
 * Runs a sync the leading server runs on its schedule, on the database the server uses (running or
 * not), with progress and a report at the end: EDGAR's filings of the universe's companies since the
 * last run (or --since) and their records; the Life Sciences companies' trials from
 * ClinicalTrials.gov; or the companies' analyst consensus from Finnhub. Ctrl-C stops it where it is; the next run goes on and records nothing twice.
 */
import { parseArgs } from 'node:util';
import {
  analystProviderOf,
  analystsSyncOff,
  runAnalystsSync,
  type AnalystsSyncReport,
} from '../src/server/features/analyst-providers/index.ts';
import {
  createEdgarClient,
  EdgarNotConfigured,
  formatSyncReport,
  runEdgarSync,
} from '../src/server/features/edgar/index.ts';
import {
  createTrialRegistry,
  runTrialsSync,
  SourceRunBusy,
  type TrialsSyncReport,
} from '../src/server/features/trials/index.ts';
import { cliConfig, fail, openDatabaseOrFail, progressBar } from './cli-support.ts';

const USAGE = `Usage: npm run sync -- sec [--symbols A,B] [--since YYYY-MM-DD] [--feed]
       npm run sync -- trials [--symbols A,B]
       npm run sync -- analysts [--symbols A,B]

  sec                 the SEC's EDGAR: filings, the insider transactions of Forms 3, 4 and 5 and the press releases
                      of 8-Ks (as company releases), of every listed company with a CIK, from the daily indexes
                      since the last run (the last week on a first run), and the holdings of listed companies in
                      the 13F-HR reports those indexes list (any manager's)
    --symbols A,B     only these companies: their submissions are read, and their filings since --since
    --since DATE      read from this day (YYYY-MM-DD)
    --feed            ask EDGAR's latest-filings feed too, for today's filings

  Needs SEC_USER_AGENT (a company name and an email address); SEC_REQUESTS_PER_SECOND (default 8, at most 10),
  SEC_WWW_URL and SEC_DATA_URL as the server reads them.

  trials              ClinicalTrials.gov: the drug trials of every imported Life Sciences company (and of each company
                      with a sponsor alias), by lead sponsor and collaborator, at CLINICALTRIALS_REQUESTS_PER_SECOND
                      (default and most 1) from CLINICALTRIALS_URL; followers are alerted of changed phases or statuses
    --symbols A,B     only these companies

  analysts            Finnhub: each imported company's analyst consensus (the month's recommendations by kind and, where
                      the key's plan includes them, the price targets) at FINNHUB_REQUESTS_PER_MINUTE (default 50) from
                      FINNHUB_URL; a company without ratings of its own takes its figures from it. Needs FINNHUB_API_KEY
    --symbols A,B     only these companies`;

const [source, ...rest] = process.argv.slice(2);
if (!source || source === '--help' || source === '-h') fail(USAGE);
if (source !== 'sec' && source !== 'trials' && source !== 'analysts') fail(`Unknown source "${source}".\n${USAGE}`);

let parsed;
try {
  parsed = parseArgs({
    args: rest,
    options: { symbols: { type: 'string' }, since: { type: 'string' }, feed: { type: 'boolean' } },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const { values } = parsed;
if (source !== 'sec' && (values.since !== undefined || values.feed))
  fail(`--since and --feed are options of the sec sync.\n${USAGE}`);
const since = values.since;
if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since))))
  fail(`--since takes a date as YYYY-MM-DD, not "${since}".`);
const symbols = values.symbols
  ?.split(',')
  .map((s) => s.trim().toUpperCase())
  .filter(Boolean);

const config = cliConfig();
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stdout.write('\nStopping after the document in hand…\n');
    stop.abort();
  });

/**
 * Runs one public source's sync as a command: its progress on a bar, its report at the end (exit 1 when
 * it stopped on its own), and a run already going said in one line.
 */
async function runSourceCommand<Report extends { stopped: boolean }>(
  database: Awaited<ReturnType<typeof openDatabaseOrFail>>,
  label: string,
  run: (onProgress: (done: number, total: number) => void) => Promise<Report>,
  format: (report: Report) => string,
): Promise<never> {
  try {
    const bar = progressBar(label);
    const report = await run((done, total) => bar(done, total));
    process.stdout.write(format(report));
    if (report.stopped && !stop.signal.aborted) process.exitCode = 1;
  } catch (error) {
    if (error instanceof SourceRunBusy) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
  process.exit();
}

if (source === 'trials') {
  const database = await openDatabaseOrFail(config);
  await runSourceCommand(
    database,
    'Reading companies’ trials',
    (onProgress) =>
      runTrialsSync(database.db, createTrialRegistry(config.trials), {
        trigger: 'command',
        symbols,
        signal: stop.signal,
        onProgress,
      }),
    formatTrialsReport,
  );
}

if (source === 'analysts') {
  const provider = analystProviderOf(config.analysts);
  if (!provider) fail('FINNHUB_API_KEY is not set: Finnhub answers an account’s key only.');
  const database = await openDatabaseOrFail(config);
  const off = await analystsSyncOff(database.db, config.analysts);
  if (off) {
    await database.close();
    fail(off);
  }
  await runSourceCommand(
    database,
    'Asking for companies’ analyst consensus',
    (onProgress) =>
      runAnalystsSync(database.db, provider, { trigger: 'command', symbols, signal: stop.signal, onProgress }),
    formatAnalystsReport,
  );
}

let client;
try {
  client = createEdgarClient(config.edgar);
} catch (error) {
  if (error instanceof EdgarNotConfigured) fail(error.message);
  throw error;
}

const database = await openDatabaseOrFail(config);
try {
  const bars = new Map<string, (done: number, total: number) => void>();
  const report = await runEdgarSync(database.db, client, {
    trigger: 'command',
    symbols,
    since,
    feed: values.feed ?? false,
    signal: stop.signal,
    onProgress: (phase, done, total) => {
      if (!bars.has(phase)) bars.set(phase, progressBar(`Reading ${phase}`));
      bars.get(phase)!(done, total);
    },
  });
  process.stdout.write(formatSyncReport(report));
  if (report.stopped && !stop.signal.aborted) process.exitCode = 1;
} finally {
  await database.close();
}

function formatTrialsReport(report: TrialsSyncReport): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const lines = [
    `Trials sync ${report.stopped ? 'stopped' : 'finished'}: ${n(report.itemsDone)} of ${n(report.companies)} companies read`,
    `  requests:        ${n(report.requests)}`,
    `  studies read:    ${n(report.itemsRead)}`,
    `  trials stored:   ${n(report.recordsAdded)} (added or changed)`,
    `  trials removed:  ${n(report.removed)}`,
    `  alerts raised:   ${n(report.alerted)}`,
  ];
  for (const p of report.problems) lines.push(`  could not read ${p.document}: ${p.problem}`);
  for (const notice of report.notices) lines.push(`  ${notice}`);
  return `${lines.join('\n')}\n`;
}

function formatAnalystsReport(report: AnalystsSyncReport): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const lines = [
    `Analysts sync ${report.stopped ? 'stopped' : 'finished'}: ${n(report.itemsDone)} of ${n(report.companies)} companies asked`,
    `  requests:             ${n(report.requests)}`,
    `  companies covered:    ${n(report.itemsRead)}`,
    `  consensus stored:     ${n(report.recordsAdded)} (added or changed)`,
    `  consensus removed:    ${n(report.removed)}`,
  ];
  for (const p of report.problems) lines.push(`  could not read ${p.document}: ${p.problem}`);
  return `${lines.join('\n')}\n`;
}
