/**
 * FINRA's short-interest files fetched as they are published (docs/product.md §9.14). Short interest
 * is reported as of two settlement dates a month (the 15th and the month's last business day, each
 * moved back to a business day) and published on the seventh business day after. The fetch asks for
 * each published settlement date of the last three months whose report is not held, oldest first, at
 * FINRA_SHORT_INTEREST_URL ({date} as YYYYMMDD) through the polite client; a file FINRA does not
 * have yet (its CDN answers 403) is asked for again at the next run. A file that is not FINRA's is
 * reported and changes nothing.
 */
import { addDays, isTradingDay, isoDate, nextTradingDay, previousTradingDay } from '../../../lib/market-calendar.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  SourceDocumentError,
  createSourceClient,
  type SourceClient,
  type SourceClientOptions,
} from '../../platform/source-client.ts';
import { ImportError } from '../imports/index.ts';
import { emptyRunReport, runEnding, startSourceRun, type RunReport, type RunTrigger } from '../sources/index.ts';
import { MAX_FINRA_FILE_BYTES, readFinraFile } from './finra-file.ts';
import { reportsHeld, storeShortInterestReport } from './store.ts';

/** How far back the fetch looks for a report it does not hold. */
const LOOK_BACK_DAYS = 92;
/** FINRA publishes on the seventh business day after the settlement date. */
const PUBLISHED_AFTER_BUSINESS_DAYS = 7;

/** The business day on or before a day. */
const onOrBefore = (day: string) => (isTradingDay(day) ? day : previousTradingDay(day));

/** The settlement dates of short interest from `from` to `to` (YYYY-MM-DD), oldest first. */
export function settlementDates(from: string, to: string): string[] {
  const dates: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const mid = onOrBefore(isoDate(year, month, 15));
    const nextMonth = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
    const end = onOrBefore(addDays(nextMonth, -1));
    for (const day of [mid, end]) if (day >= from && day <= to) dates.push(day);
    if (nextMonth > to) return dates;
    [year, month] = [Number(nextMonth.slice(0, 4)), Number(nextMonth.slice(5, 7))];
  }
}

/** The day FINRA publishes a settlement date's short interest. */
export function publicationDay(settlement: string): string {
  let day = settlement;
  for (let i = 0; i < PUBLISHED_AFTER_BUSINESS_DAYS; i++) day = nextTradingDay(day);
  return day;
}

export interface FinraClient {
  file(settlement: string, signal?: AbortSignal): Promise<{ url: string; body: Buffer | null }>;
  readonly requests: number;
}

export function createFinraClient(
  config: Config['finra'],
  overrides: Pick<SourceClientOptions, 'fetch' | 'now' | 'sleep' | 'tries'> = {},
): FinraClient {
  const client: SourceClient = createSourceClient({
    ...overrides,
    name: 'FINRA',
    userAgent: config.userAgent,
    requestsPerSecond: 1,
    maxRequestsPerSecond: 1,
    maxBytes: MAX_FINRA_FILE_BYTES,
    // FINRA's CDN answers a file it does not have (not published yet) with 403.
    refusal: (status) => (status === 403 ? 'missing' : null),
  });
  return {
    get requests() {
      return client.requests;
    },
    async file(settlement, signal) {
      const url = config.shortInterestUrl.replace('{date}', settlement.replaceAll('-', ''));
      const answer = await client.get(url, {}, signal);
      return { url, body: answer.status === 200 ? answer.body : null };
    },
  };
}

export interface FinraFetchReport extends RunReport {
  /** Settlement dates whose files were stored. */
  stored: string[];
  stopped: boolean;
}

/** The published settlement dates of the look-back window whose reports are not held, oldest first. */
export async function reportsDue(db: Db, today: string): Promise<string[]> {
  const published = settlementDates(addDays(today, -LOOK_BACK_DAYS), today).filter((d) => publicationDay(d) <= today);
  const held = await reportsHeld(db, published);
  return published.filter((d) => !held.has(d));
}

export async function runShortInterestFetch(
  db: Db,
  client: FinraClient,
  options: { trigger: RunTrigger; today: string; signal?: AbortSignal },
): Promise<FinraFetchReport> {
  const run = await startSourceRun(db, 'finra', options.trigger);
  const report: FinraFetchReport = { ...emptyRunReport(), stored: [], stopped: false };
  const before = client.requests;
  let status: 'finished' | 'stopped' | 'failed' = 'finished';
  let note: string | null = null;
  let failure: unknown = null;
  try {
    for (const settlement of await reportsDue(db, options.today)) {
      options.signal?.throwIfAborted();
      run.beat();
      const { url, body } = await client.file(settlement, options.signal);
      report.itemsDone++;
      if (!body) {
        report.notices.push(
          `The report of ${settlement} is not on FINRA's site yet; it is asked for again at the next run.`,
        );
        continue;
      }
      try {
        const file = await readFinraFile(body, url);
        if (file.settlementDate !== settlement)
          throw new ImportError(`${url} is the report of ${file.settlementDate}, not of ${settlement}.`);
        report.itemsRead += file.rows.length;
        const stored = await storeShortInterestReport(db, file, url);
        report.recordsAdded += stored.added + stored.updated;
        report.stored.push(settlement);
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        report.problems.push({ document: url, problem: error.message });
      }
    }
  } catch (error) {
    if (error instanceof SourceDocumentError && !options.signal?.aborted)
      report.problems.push({ document: error.document, problem: error.problem });
    else {
      ({ status, note, failure } = runEnding(error, options.signal, 'stopped before the end'));
      report.stopped = status === 'stopped';
    }
  }
  report.requests = client.requests - before;
  await run.finish(report, status, note);
  if (failure) throw failure;
  return report;
}
