/**
 * The market universe from the Nasdaq stock-screener export
 * (`npm run import -- universe FILE.csv`): one row per listed security, with
 * its last sale, change, market cap, country, IPO year, volume, sector and
 * industry. The file is read as a stream, its rows checked and the
 * companies written a batch at a time, all in one transaction, so a file
 * found not to be the export, or not importable further down, changes
 * nothing: new symbols added, changed ones updated, unchanged ones left
 * alone, and companies of the same exchange that an earlier import brought
 * in and this one no longer lists marked inactive, their pages and history
 * kept.
 */
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DataSource } from '../../../lib/data-sources.ts';
import { toNewYork } from '../../../lib/market-calendar.ts';
import { arrayColumn } from '../../platform/db/arrays.ts';
import type { Db } from '../../platform/db/client.ts';
import { recordChanges } from '../../platform/changes.ts';
import {
  UNIVERSE_COLUMNS,
  companiesView,
  deactivateCompanies,
  upsertUniverseCompanies,
  type UniverseColumn,
  type UniverseCompany,
} from '../companies/index.ts';
import { csvNumber, readCsvFile, type CsvRecord } from './csv.ts';
import { inputFacts } from './input.ts';
import { readDemoSeed } from '../site-build/index.ts';
import { retireDemoData } from './demo-data.ts';
import { classifyNasdaq } from './nasdaq-industries.ts';
import { ImportError, emptyReport, skip, type ImportReport } from './report.ts';
import { quoted } from './text.ts';
import { importTransaction } from './transaction.ts';

export const SCREENER_HEADER = [
  'Symbol',
  'Name',
  'Last Sale',
  'Net Change',
  '% Change',
  'Market Cap',
  'Country',
  'IPO Year',
  'Volume',
  'Sector',
  'Industry',
] as const;

export const UNIVERSE_SOURCE = 'nasdaq-screener' satisfies DataSource;

/** The kinds of security an export lists; only common shares are companies' stock pages by default. */
export const SECURITY_KINDS = ['common', 'preferred', 'warrant', 'unit', 'right', 'note'] as const;
export type SecurityKind = (typeof SECURITY_KINDS)[number];

/** The small-cap window of the screener's market-cap filter (its lowest and highest bounds, docs/product.md §22.4). */
export const SMALL_CAP_WINDOW = { min: 500_000, max: 5_000_000_000 } as const;

/** Beyond these a value is a typo or a broken export, not a small cap. */
const LIMITS = { price: 1_000_000, marketCap: 1e13, volume: 1e11, changePercent: 100_000, shares: 1e15 } as const;

export interface UniverseOptions {
  /** Market-cap window, inclusive, in dollars. */
  minCap: number;
  maxCap: number;
  kinds: ReadonlySet<SecurityKind>;
  /** The exchange the export lists (the export has no column for it). */
  market: string;
  /** The trading day the prices are as of (YYYY-MM-DD). */
  asOf: string;
  dryRun: boolean;
  /** Remove the demo universe and content first (required when the database holds it). */
  replaceDemo: boolean;
}

export interface UniverseRow {
  symbol: string;
  name: string;
  lastSale: number;
  netChange: number | null;
  changePercent: number | null;
  marketCap: number;
  country: string;
  ipoYear: number | null;
  volume: number | null;
  sicCode: number;
  sectorName: string;
  industry: string;
}

/**
 * What a row's security is, from its name (the export has no column for it)
 * and its symbol: Nasdaq writes preferred shares with a caret (ABR^A).
 */
export function securityKind(symbol: string, name: string): SecurityKind {
  if (symbol.includes('^') || /\bpreferred\b|\bpref(erence)? shares?\b/i.test(name)) return 'preferred';
  if (/\bwarrants?\b/i.test(name)) return 'warrant';
  if (/\bunits?\b/i.test(name) && !/\bunit(ed)? (corp|trust)/i.test(name)) return 'unit';
  if (/\brights?\b/i.test(name) && !/\bcopyrights?\b/i.test(name)) return 'right';
  if (/\b(senior |subordinated )?notes? due\b|\bdebentures?\b|\bbaby bonds?\b/i.test(name)) return 'note';
  return 'common';
}

/**
 * The site's symbol for an export's: class shares (BRK/B) get a dot, as
 * URLs and most quote services write them; preferred series (ABR^A) '-P'.
 */
export const siteSymbol = (symbol: string): string => symbol.trim().toUpperCase().replace('/', '.').replace('^', '-P');

const SYMBOL = /^[A-Z0-9][A-Z0-9.-]{0,13}$/;

const absurd = (value: number | null, min: number, max: number) =>
  value !== null && (!Number.isFinite(value) || value < min || value > max);

/** What reading an export keeps from row to row. */
interface ExportReading {
  /** Symbols read so far (a later row of one is a duplicate), and whether each is still listed. */
  seen: Map<string, boolean>;
  /** Symbols of rows too malformed to read, which still name a listed company. */
  malformed: Set<string>;
  /** Sector / industry pairs classified by sector (or not at all), with their row counts. */
  unmapped: Map<string, number>;
}

const newReading = (): ExportReading => ({ seen: new Map(), malformed: new Set(), unmapped: new Map() });

/** Text as a company record keeps it: trimmed, each run of spaces, tabs or line breaks one space. */
const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * Throws an ImportError for a file that is not the export (no header or
 * another one), given its first record.
 */
function checkHeader(header: CsvRecord | undefined, fileName: string): void {
  const found = header ? header.fields.map((f) => f.trim()) : [];
  if (found.join(',') !== SCREENER_HEADER.join(',')) {
    throw new ImportError(
      `${fileName} is not a Nasdaq screener export: its header is ${quoted(found.join(','), 200)}, expected "${SCREENER_HEADER.join(',')}".`,
    );
  }
}

/**
 * The company a record of an export gives, or null for a record that does
 * not give one, counted in the report under the reason it was skipped. A
 * row skipped for a bad or missing value still names a listed company:
 * it is noted as listed, so the company is left as it was, not made
 * inactive. A row that is read but outside the market-cap window, or of a
 * kind not imported, says that the company left the universe.
 */
function screenerRow(
  record: CsvRecord,
  options: Pick<UniverseOptions, 'minCap' | 'maxCap' | 'kinds'>,
  report: ImportReport,
  reading: ExportReading,
): UniverseRow | null {
  report.read++;
  const at = `line ${record.line}`;
  const stillListed = () => {
    const symbol = siteSymbol(record.fields[0] ?? '');
    if (SYMBOL.test(symbol)) reading.malformed.add(symbol);
  };
  if (!record.complete || (record.unterminated && record.fields.length < SCREENER_HEADER.length)) {
    stillListed();
    skip(report, 'truncated row (the file ends inside it)', at);
    return null;
  }
  if (record.fields.length !== SCREENER_HEADER.length) {
    stillListed();
    skip(report, `malformed row (not ${SCREENER_HEADER.length} fields)`, at);
    return null;
  }
  const [rawSymbol, rawName, sale, change, percent, cap, country, ipo, volume, sector, industry] = record.fields.map(
    clean,
  ) as [string, string, string, string, string, string, string, string, string, string, string];
  const kind = securityKind(rawSymbol, rawName);
  if (!options.kinds.has(kind)) {
    skip(report, `${kind === 'common' ? 'common share' : kind} (not imported)`);
    return null;
  }
  const symbol = siteSymbol(rawSymbol);
  if (!SYMBOL.test(symbol) || !rawName) {
    skip(report, 'malformed row (no valid symbol or name)', at);
    return null;
  }
  if (reading.seen.has(symbol)) {
    skip(report, 'duplicate symbol (the first row is kept)', at);
    return null;
  }
  // Listed until a value shows it left the universe.
  reading.seen.set(symbol, true);

  const lastSale = csvNumber(sale);
  const netChange = csvNumber(change);
  const changePercent = csvNumber(percent);
  const marketCap = csvNumber(cap);
  const shares = csvNumber(volume);
  if (
    absurd(lastSale, Number.MIN_VALUE, LIMITS.price) ||
    absurd(netChange, -LIMITS.price, LIMITS.price) ||
    absurd(changePercent, -LIMITS.changePercent, LIMITS.changePercent) ||
    absurd(marketCap, 0, LIMITS.marketCap) ||
    absurd(shares, 0, LIMITS.volume) ||
    // The shares outstanding the cap and price give (a tiny price under a large cap is a broken row).
    absurd(marketCap !== null && lastSale ? marketCap / lastSale : null, 0, LIMITS.shares)
  ) {
    skip(report, 'absurd or unreadable number', at);
    return null;
  }
  if (lastSale === null) {
    skip(report, 'no last sale price');
    return null;
  }
  if (marketCap === null || marketCap === 0) {
    skip(report, 'no market cap');
    return null;
  }
  if (marketCap < options.minCap || marketCap > options.maxCap) {
    reading.seen.set(symbol, false);
    skip(report, 'outside the market-cap window');
    return null;
  }
  const year = csvNumber(ipo);
  const classified = classifyNasdaq(sector, industry);
  if (classified.by !== 'industry') {
    const label =
      industry || sector ? `${sector || 'no sector'} / ${industry || 'no industry'}` : 'no sector or industry';
    reading.unmapped.set(label, (reading.unmapped.get(label) ?? 0) + 1);
  }
  return {
    symbol,
    name: rawName,
    lastSale,
    netChange,
    changePercent,
    marketCap,
    country: country || 'Unknown',
    ipoYear: year !== null && Number.isInteger(year) && year >= 1800 && year <= 2100 ? year : null,
    volume: shares === null ? null : Math.round(shares),
    sicCode: classified.industry.code,
    sectorName: classified.industry.sector,
    industry: classified.industry.description,
  };
}

/** The report's note on the industries the mapping table does not know. */
function noteUnmapped(report: ImportReport, unmapped: ReadonlyMap<string, number>): void {
  const unmappedTotal = [...unmapped.values()].reduce((a, b) => a + b, 0);
  if (unmappedTotal === 0) return;
  const list = [...unmapped]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([label, count]) => `${label} (${count})`);
  report.notes.push(
    `industries not in the mapping table, classified by sector: ${unmappedTotal} rows: ${list.join('; ')}${unmapped.size > 15 ? '; ...' : ''}`,
  );
}

/** The columns an export sets, as the companies table names them. */
function companyValues(row: UniverseRow, options: UniverseOptions): UniverseCompany {
  return {
    symbol: row.symbol,
    name: row.name,
    sicCode: row.sicCode,
    sectorName: row.sectorName,
    industry: row.industry,
    market: options.market,
    country: row.country,
    ipoYear: row.ipoYear,
    lastSale: row.lastSale,
    netChange: row.netChange,
    changePercent: row.changePercent,
    preClose: row.netChange === null ? null : Math.round((row.lastSale - row.netChange) * 1e4) / 1e4,
    marketCap: row.marketCap,
    volume: row.volume,
    // Nasdaq's market cap is the last sale times the shares outstanding.
    sharesOutstanding: Math.round(row.marketCap / row.lastSale),
    active: true,
    dataSource: UNIVERSE_SOURCE,
    pricesAsOf: options.asOf,
  };
}

/** Rows per statement (each column sent as one array). */
const WRITE_BATCH = 2000;

/**
 * Writes the companies of an export, a batch at a time as they are read,
 * inside the import's transaction: new symbols added, changed ones
 * updated, unchanged ones left alone; counts into the report.
 */
function companyWriter(tx: Db, options: UniverseOptions, report: ImportReport) {
  let pending: UniverseRow[] = [];
  /**
   * Every column an export sets: a row differing in none of them is unchanged. Read here, not as the
   * module loads: the companies feature imports this one, so its entry may not be loaded yet then.
   */
  const compared = Object.keys(UNIVERSE_COLUMNS) as UniverseColumn[];
  const columns = Object.fromEntries(compared.map((key) => [key, companiesView[key]])) as {
    [K in UniverseColumn]: (typeof companiesView)[K];
  };

  async function flush(): Promise<void> {
    const rows = pending;
    pending = [];
    if (!rows.length) return;
    const existing = new Map(
      (
        await tx
          .select({ ...columns, cik: companiesView.cik })
          .from(companiesView)
          .where(sql`${companiesView.symbol} = any(${arrayColumn(rows, (r) => r.symbol, 'text')})`)
      ).map((row) => [row.symbol, row]),
    );
    const writes: UniverseCompany[] = [];
    for (const row of rows) {
      const values = companyValues(row, options);
      const before = existing.get(row.symbol);
      // Once the SEC's ticker list linked a company, its classification comes from the SEC (sec-submissions).
      if (before?.cik != null) {
        Object.assign(values, { sicCode: before.sicCode, sectorName: before.sectorName, industry: before.industry });
      }
      if (!before) report.added++;
      else if (compared.some((key) => !same(before[key], values[key]))) report.updated++;
      else {
        report.unchanged++;
        continue;
      }
      writes.push(values);
    }
    if (!writes.length) return;
    // The site rebuilds the pages of the companies whose records changed.
    await recordChanges(tx, 'company', await upsertUniverseCompanies(tx, writes));
  }

  return {
    async add(row: UniverseRow): Promise<void> {
      pending.push(row);
      if (pending.length >= WRITE_BATCH) await flush();
    },
    flush,
    /**
     * Marks inactive the companies of the export's exchange that an import
     * brought in and this export no longer lists (see screenerRow).
     */
    async deactivateVanished(reading: ExportReading): Promise<void> {
      const candidates = await tx
        .select({ symbol: companiesView.symbol })
        .from(companiesView)
        // The export lists one exchange's securities (--market): only that exchange's companies can vanish from it.
        .where(
          and(
            eq(companiesView.market, options.market),
            eq(companiesView.active, true),
            ne(companiesView.dataSource, 'demo'),
          ),
        );
      const vanished = candidates
        .map((c) => c.symbol)
        .filter((symbol) => !reading.seen.get(symbol) && !reading.malformed.has(symbol));
      report.deactivated = vanished.length;
      for (let i = 0; i < vanished.length; i += WRITE_BATCH) {
        await recordChanges(tx, 'company', await deactivateCompanies(tx, vanished.slice(i, i + WRITE_BATCH)));
      }
    },
  };
}

/** Refuses a database holding the demo universe, or removes it when the import asks to. */
async function replaceDemo(tx: Db, options: Pick<UniverseOptions, 'replaceDemo'>, report: ImportReport): Promise<void> {
  if (!(await readDemoSeed(tx))) return;
  if (!options.replaceDemo) {
    throw new ImportError(
      'The database holds the demo universe. Run the import again with --replace-demo to remove the demo companies, prices and content first (accounts and settings are kept).',
    );
  }
  report.notes.push(`demo data removed: ${await retireDemoData(tx)}`);
}

/** Equal as stored (the database answers numbers it keeps as text, like bigints, as numbers here too). */
const same = (a: unknown, b: unknown): boolean =>
  a === b || (a !== null && b !== null && typeof b === 'number' && Number(a) === b);

/**
 * The trading day an export's prices are as of: the download's time in its
 * file name (nasdaq_screener_1617051139045.csv), or else the file's
 * modification time, as a New York date.
 */
export function exportDate(fileName: string, modified: Date): string {
  const stamp = /(\d{13})(?!.*\d{13})/.exec(path.basename(fileName))?.[1];
  const at = stamp ? new Date(Number(stamp)) : modified;
  return toNewYork(Number.isNaN(at.getTime()) ? modified : at).date;
}

/**
 * Reads, checks and imports an export file, as a stream, in one transaction
 * (rolled back in a dry run, or when the file turns out not to be
 * importable); the report says what happened. `onProgress` hears the bytes
 * of the file read.
 */
export async function importUniverseFile(
  db: Db,
  file: string,
  options: Omit<UniverseOptions, 'asOf'> & { asOf?: string },
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('universe', options.dryRun);
  const name = path.basename(file);
  const facts = await inputFacts(file);
  const settings = { ...options, asOf: options.asOf ?? exportDate(name, facts.mtime) };
  const records = readCsvFile(file, onProgress && ((bytes) => onProgress(bytes, facts.size)));
  const reading = newReading();
  try {
    checkHeader((await records.next()).value ?? undefined, name);
    await importTransaction(db, options.dryRun, async (tx) => {
      await replaceDemo(tx, options, report);
      const writer = companyWriter(tx, settings, report);
      for await (const record of records) {
        const row = screenerRow(record, options, report, reading);
        if (row) await writer.add(row);
      }
      await writer.flush();
      await writer.deactivateVanished(reading);
    });
  } finally {
    await records.return(undefined);
  }
  noteUnmapped(report, reading.unmapped);
  report.ms = Math.round(performance.now() - started);
  return report;
}
