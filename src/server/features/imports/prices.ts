/**
 * Daily bars (`npm run import -- prices DIR_OR_FILE`) in the common CSV
 * shapes: `Date,Open,High,Low,Close,Volume` (an `Adj Close` column is
 * ignored), one file per symbol named by its ticker, or one file with a
 * `Symbol` column; Nasdaq's historical download (`Date,Close/Last,Volume,
 * Open,High,Low`, MM/DD/YYYY dates, dollar signs) reads too. New and changed
 * bars are written, then each company's snapshot fields that come from its
 * history are computed again (previous close, change, 52-week range,
 * average volume, RSI, EMA, SMA, MACD) and the market feature recomputes
 * the three small-cap indices over the imported universe.
 */
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { DataSource } from '../../../lib/data-sources.ts';
import { recordChanges } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  companiesView,
  dailyPricesView,
  writeDailyBars,
  writePriceSnapshots,
  type DailyBar,
  type PriceSnapshot,
} from '../companies/index.ts';
import { historyFigures, recomputeIndices } from '../market/index.ts';
import { csvNumber, readCsvFile } from './csv.ts';
import { inputFiles } from './input.ts';
import { ImportError, emptyReport, skip, type ImportReport } from './report.ts';
import { importTransaction } from './transaction.ts';
import { siteSymbol } from './universe.ts';

export const PRICES_SOURCE = 'daily-bars' satisfies DataSource;

/** Header names per column (compared without case or spaces). */
const COLUMNS = {
  date: ['date'],
  open: ['open'],
  high: ['high'],
  low: ['low'],
  close: ['close', 'close/last'],
  volume: ['volume'],
  symbol: ['symbol', 'ticker'],
} as const;

type Column = keyof typeof COLUMNS;

/** A daily bar, as the price history keeps it. */
type Bar = DailyBar;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function columnsOf(header: string[], file: string): Partial<Record<Column, number>> {
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, ''));
  const found: Partial<Record<Column, number>> = {};
  for (const [column, aliases] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const at = names.findIndex((n) => aliases.includes(n));
    if (at >= 0) found[column] = at;
  }
  const missing = (['date', 'open', 'high', 'low', 'close', 'volume'] as const).filter((c) => found[c] === undefined);
  if (missing.length) {
    throw new ImportError(
      `${file} is not a daily price file: its header "${header.join(',').slice(0, 120)}" has no ${missing.join(', ')} column (expected Date,Open,High,Low,Close,Volume).`,
    );
  }
  return found;
}

/** YYYY-MM-DD from 'YYYY-MM-DD' or 'MM/DD/YYYY'; null when it is neither or not a day. */
function isoDate(text: string): string | null {
  const t = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}/.exec(t)?.[0];
  if (!iso) return null;
  const day = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * Reads the bars of one file, as a stream, into `bySymbol`; malformed rows
 * are counted in the report.
 */
async function readBars(
  file: string,
  fileSymbol: string,
  report: ImportReport,
  bySymbol: Map<string, Bar[]>,
): Promise<void> {
  const name = path.basename(file);
  const records = readCsvFile(file);
  try {
    const header = await records.next();
    if (header.done) throw new ImportError(`${name} holds no data.`);
    const at = columnsOf(header.value.fields, name);
    for await (const record of records) {
      report.read++;
      const field = (column: Column) => record.fields[at[column]!] ?? '';
      if (!record.complete) {
        skip(report, 'truncated row (the file ends inside it)', `${name}:${record.line}`);
        continue;
      }
      const date = isoDate(field('date'));
      // A missing value is as impossible as an unreadable one.
      const [open, high, low, close, volume] = (['open', 'high', 'low', 'close', 'volume'] as const).map(
        (c) => csvNumber(field(c)) ?? Number.NaN,
      ) as [number, number, number, number, number];
      const symbol = at.symbol === undefined ? fileSymbol : siteSymbol(field('symbol'));
      const valid =
        date &&
        symbol &&
        [open, high, low, close].every((v) => Number.isFinite(v) && v > 0 && v < 1e7) &&
        Number.isFinite(volume) &&
        volume >= 0 &&
        volume < 1e12 &&
        high >= low;
      if (!valid) {
        skip(
          report,
          'malformed or impossible bar (a date, prices above zero with high at least low, a volume)',
          `${name}:${record.line}`,
        );
        continue;
      }
      let bars = bySymbol.get(symbol);
      if (!bars) bySymbol.set(symbol, (bars = []));
      // The symbol's first bar holds its one copy of the name: a million bars need not hold a million copies.
      bars.push({ symbol: bars[0]?.symbol ?? symbol, date, open, high, low, close, volume: Math.round(volume) });
    }
  } finally {
    await records.return(undefined);
  }
}

const same = (a: Bar, b: Bar) =>
  a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;

const BATCH = 1000;
/** Bars per statement (sent as one array per column). */
const BAR_BATCH = 20_000;
const SNAPSHOT_BATCH = 2_000;

/** The history-derived snapshot fields of a company, from its bars (oldest first), as stored. */
function snapshotFromBars(bars: readonly Bar[]) {
  const figures = historyFigures(bars);
  const rounded = (value: number | null, digits: number) => (value === null ? null : round(value, digits));
  return {
    week52Low: figures.week52Low,
    week52High: figures.week52High,
    volumeAvg: figures.volumeAvg,
    latestRsi: rounded(figures.rsi, 2),
    latestEma: rounded(figures.ema20, 4),
    latestSma: rounded(figures.sma50, 4),
    latestMacd: rounded(figures.macd, 4),
  };
}

/** The last session of the bars: the fields a quote sets. */
function lastSession(bars: readonly Bar[]) {
  const last = bars.at(-1)!;
  const previous = bars.at(-2);
  const netChange = previous ? round(last.close - previous.close, 4) : null;
  return {
    lastSale: last.close,
    preClose: previous?.close ?? null,
    netChange,
    changePercent: previous && netChange !== null ? round((netChange / previous.close) * 100, 4) : null,
    open: last.open,
    dayHigh: last.high,
    dayLow: last.low,
    volume: last.volume,
    pricesAsOf: last.date,
  };
}

/** Loads daily bars and recomputes what the screener derives from them. */
export async function importPrices(
  db: Db,
  input: string,
  dryRun: boolean,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('prices', dryRun);
  const files = await inputFiles([input], { pattern: /\.csv$/i, what: '.csv files' });
  // Each file is read and checked before anything is written: a file that is not a price file stops the import.
  const bySymbol = new Map<string, Bar[]>();
  for (const file of files) {
    // A file without a Symbol column is one symbol's, named by its ticker.
    await readBars(file, siteSymbol(path.basename(file).replace(/\.csv$/i, '')), report, bySymbol);
  }
  await importTransaction(db, dryRun, async (tx) => {
    const listed = new Map(
      (
        await tx
          .select({ id: companiesView.id, symbol: companiesView.symbol, pricesAsOf: companiesView.pricesAsOf })
          .from(companiesView)
          .where(inArray(companiesView.symbol, [...bySymbol.keys()].length ? [...bySymbol.keys()] : ['']))
      ).map((c) => [c.symbol, c]),
    );
    // The bars on record for the file's companies, in one read: unchanged bars are not written again.
    const onRecord = new Map<string, Map<string, Bar>>();
    const symbols = [...listed.keys()];
    for (let i = 0; i < symbols.length; i += BATCH) {
      const rows = await tx
        .select()
        .from(dailyPricesView)
        .where(inArray(dailyPricesView.symbol, symbols.slice(i, i + BATCH)));
      for (const bar of rows) {
        let days = onRecord.get(bar.symbol);
        if (!days) onRecord.set(bar.symbol, (days = new Map()));
        days.set(bar.date, bar);
      }
    }
    const changed: number[] = [];
    const closesOf = new Map<string, Map<string, number>>();
    const pendingBars: Bar[] = [];
    const snapshots: PriceSnapshot[] = [];
    let done = 0;
    for (const [symbol, incoming] of bySymbol) {
      onProgress(++done, bySymbol.size);
      const company = listed.get(symbol);
      if (!company) {
        incoming.forEach((_, i) =>
          skip(report, 'bar of a symbol not in the imported universe', i ? undefined : symbol),
        );
        continue;
      }
      const existing = onRecord.get(symbol) ?? new Map<string, Bar>();
      const writes: Bar[] = [];
      const seen = new Set<string>();
      for (const bar of incoming) {
        if (seen.has(bar.date)) {
          skip(report, 'bar for a day already read (the first is kept)');
          continue;
        }
        seen.add(bar.date);
        const before = existing.get(bar.date);
        if (!before) report.added++;
        else if (same(before, bar)) {
          report.unchanged++;
          continue;
        } else report.updated++;
        writes.push(bar);
        existing.set(bar.date, bar);
      }
      if (!writes.length) continue;
      pendingBars.push(...writes);
      if (pendingBars.length >= BAR_BATCH) await writeDailyBars(tx, pendingBars.splice(0));
      const history = [...existing.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
      const session = lastSession(history);
      // A price file older than the quote on record adds history, not a new last sale.
      const newer = !company.pricesAsOf || session.pricesAsOf >= company.pricesAsOf;
      snapshots.push({ symbol, newer, ...snapshotFromBars(history), ...session });
      closesOf.set(symbol, new Map(history.map((b) => [b.date, b.close])));
      changed.push(company.id);
    }
    await writeDailyBars(tx, pendingBars);
    for (let i = 0; i < snapshots.length; i += SNAPSHOT_BATCH)
      await writePriceSnapshots(tx, snapshots.slice(i, i + SNAPSHOT_BATCH), PRICES_SOURCE);
    if (!changed.length) return;
    report.notes.push(...(await recomputeIndices(tx, closesOf)));
    // Running servers reload the screener and rebuild the pages that show prices (the home page's indices).
    await recordChanges(tx, 'company', changed);
  });
  report.ms = Math.round(performance.now() - started);
  return report;
}
