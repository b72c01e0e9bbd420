/**
 * The market universe from the Nasdaq stock-screener export
 * (`npm run import -- universe FILE.csv`): one row per listed security, with
 * its last sale, change, market cap, country, IPO year, volume, sector and
 * industry. Rows are read and checked first (nothing is written for a file
 * that is not the export); the companies are then written in one
 * transaction: new symbols added, changed ones updated, unchanged ones left
 * alone, and companies of the same exchange that an earlier import brought
 * in and this one no longer lists marked inactive, their pages and history
 * kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { DataSource } from '../../../lib/data-sources.ts';
import { toNewYork } from '../../../lib/market-calendar.ts';
import type { Db } from '../../platform/db/client.ts';
import { recordChanges } from '../../platform/changes.ts';
import { companies } from '../companies/index.ts';
import { csvNumber, csvRecords, decodeText, endsWithLineBreak } from './csv.ts';
import { readInput } from './input.ts';
import { readDemoSeed } from '../site-build/index.ts';
import { retireDemoData } from './demo-data.ts';
import { classifyNasdaq } from './nasdaq-industries.ts';
import { ImportError, emptyReport, skip, type ImportReport } from './report.ts';
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

/** The small-cap window of the screener's market-cap filter (its lowest and highest bounds, spec 003 §3). */
export const SMALL_CAP_WINDOW = { min: 500_000, max: 5_000_000_000 } as const;

/** Beyond these a value is a typo or a broken export, not a small cap. */
const LIMITS = { price: 1_000_000, marketCap: 1e13, volume: 1e11, changePercent: 100_000 } as const;

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

/**
 * The rows of an export that become companies, every other row counted in
 * the report under the reason it was skipped. Throws an ImportError for a
 * file that is not the export (no header or another one).
 */
export function readScreenerExport(
  text: string,
  fileName: string,
  options: Pick<UniverseOptions, 'minCap' | 'maxCap' | 'kinds'>,
  report: ImportReport,
): UniverseRow[] {
  const records = csvRecords(text);
  const header = records.next();
  const found = header.done ? [] : header.value.fields.map((f) => f.trim());
  if (found.join(',') !== SCREENER_HEADER.join(',')) {
    throw new ImportError(
      `${fileName} is not a Nasdaq screener export: its header is "${found.join(',').slice(0, 200)}", expected "${SCREENER_HEADER.join(',')}".`,
    );
  }
  const cutOff = !endsWithLineBreak(text);
  const rows: UniverseRow[] = [];
  /** Sector / industry pairs classified by sector (or not at all), with their row counts. */
  const unmapped = new Map<string, number>();
  const seen = new Set<string>();
  const all = [...records];
  all.forEach((record, index) => {
    report.read++;
    const at = `line ${record.line}`;
    const last = index === all.length - 1;
    if (!record.complete || (last && cutOff && record.fields.length < SCREENER_HEADER.length)) {
      return skip(report, 'truncated row (the file ends inside it)', at);
    }
    if (record.fields.length !== SCREENER_HEADER.length) {
      return skip(report, `malformed row (not ${SCREENER_HEADER.length} fields)`, at);
    }
    const [rawSymbol, rawName, sale, change, percent, cap, country, ipo, volume, sector, industry] = record.fields.map(
      (f) => f.trim(),
    ) as [string, string, string, string, string, string, string, string, string, string, string];
    const kind = securityKind(rawSymbol, rawName);
    if (!options.kinds.has(kind)) return skip(report, `${kind === 'common' ? 'common share' : kind} (not imported)`);
    const symbol = siteSymbol(rawSymbol);
    if (!SYMBOL.test(symbol) || !rawName) return skip(report, 'malformed row (no valid symbol or name)', at);
    if (seen.has(symbol)) return skip(report, 'duplicate symbol (the first row is kept)', at);
    seen.add(symbol);

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
      absurd(shares, 0, LIMITS.volume)
    ) {
      return skip(report, 'absurd or unreadable number', at);
    }
    if (lastSale === null) return skip(report, 'no last sale price');
    if (marketCap === null || marketCap === 0) return skip(report, 'no market cap');
    if (marketCap < options.minCap || marketCap > options.maxCap) return skip(report, 'outside the market-cap window');
    const year = csvNumber(ipo);
    const classified = classifyNasdaq(sector, industry);
    if (classified.by !== 'industry') {
      const label =
        industry || sector ? `${sector || 'no sector'} / ${industry || 'no industry'}` : 'no sector or industry';
      unmapped.set(label, (unmapped.get(label) ?? 0) + 1);
    }
    rows.push({
      symbol,
      name: rawName.replace(/\s+/g, ' '),
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
    });
  });
  const unmappedTotal = [...unmapped.values()].reduce((a, b) => a + b, 0);
  if (unmappedTotal > 0) {
    const list = [...unmapped]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([label, count]) => `${label} (${count})`);
    report.notes.push(
      `industries not in the mapping table, classified by sector: ${unmappedTotal} rows: ${list.join('; ')}${unmapped.size > 15 ? '; ...' : ''}`,
    );
  }
  return rows;
}

/** The columns an export sets, as the companies table names them. */
function companyValues(row: UniverseRow, options: UniverseOptions) {
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
type CompanyValues = ReturnType<typeof companyValues>;
/** Every column an export sets: a row differing in none of them is unchanged. */
const COMPARED = [
  'symbol',
  'name',
  'sicCode',
  'sectorName',
  'industry',
  'market',
  'country',
  'ipoYear',
  'lastSale',
  'netChange',
  'changePercent',
  'preClose',
  'marketCap',
  'volume',
  'sharesOutstanding',
  'active',
  'dataSource',
  'pricesAsOf',
] as const satisfies readonly (keyof CompanyValues)[];

const WRITE_BATCH = 500;

/**
 * Writes the rows read from an export (see readScreenerExport), in one
 * transaction (rolled back in a dry run); counts into the report. `onProgress` hears the rows written.
 */
export async function applyUniverse(
  db: Db,
  rows: UniverseRow[],
  options: UniverseOptions,
  report: ImportReport,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const work = async (tx: Db) => {
    if (await readDemoSeed(tx)) {
      if (!options.replaceDemo) {
        throw new ImportError(
          'The database holds the demo universe. Run the import again with --replace-demo to remove the demo companies, prices and content first (accounts and settings are kept).',
        );
      }
      report.notes.push(`demo data removed: ${await retireDemoData(tx)}`);
    }
    const columns = Object.fromEntries(COMPARED.map((key) => [key, companies[key]])) as {
      [K in (typeof COMPARED)[number]]: (typeof companies)[K];
    };
    const existing = new Map(
      (await tx.select({ ...columns, cik: companies.cik }).from(companies)).map((row) => [row.symbol, row]),
    );
    const writes: CompanyValues[] = [];
    for (const row of rows) {
      const values = companyValues(row, options);
      const before = existing.get(row.symbol);
      // Once the SEC's ticker list linked a company, its classification comes from the SEC (sec-submissions).
      if (before?.cik != null) {
        Object.assign(values, { sicCode: before.sicCode, sectorName: before.sectorName, industry: before.industry });
      }
      if (!before) report.added++;
      else if (COMPARED.some((key) => !same(before[key], values[key]))) report.updated++;
      else {
        report.unchanged++;
        continue;
      }
      writes.push(values);
    }
    const listed = new Set(rows.map((r) => r.symbol));
    const vanished = [...existing.values()]
      // The export lists one exchange's securities (--market): only that exchange's companies can vanish from it.
      .filter((c) => c.dataSource !== 'demo' && c.market === options.market && c.active && !listed.has(c.symbol))
      .map((c) => c.symbol);
    report.deactivated = vanished.length;

    let done = 0;
    for (let i = 0; i < writes.length; i += WRITE_BATCH) {
      const batch = writes.slice(i, i + WRITE_BATCH);
      const written = await tx
        .insert(companies)
        .values(batch)
        .onConflictDoUpdate({
          target: companies.symbol,
          set: Object.fromEntries(
            COMPARED.filter((key) => key !== 'symbol').map((key) => [key, sql.raw(`excluded.${companies[key].name}`)]),
          ),
        })
        .returning({ id: companies.id });
      // The site rebuilds the pages of the companies whose records changed.
      await recordChanges(
        tx,
        'company',
        written.map((w) => w.id),
      );
      done += batch.length;
      onProgress(done, writes.length);
    }
    for (let i = 0; i < vanished.length; i += WRITE_BATCH) {
      const gone = await tx
        .update(companies)
        .set({ active: false })
        .where(inArray(companies.symbol, vanished.slice(i, i + WRITE_BATCH)))
        .returning({ id: companies.id });
      await recordChanges(
        tx,
        'company',
        gone.map((g) => g.id),
      );
    }
  };
  await importTransaction(db, options.dryRun, work);
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

/** Reads, checks and imports an export file; the report says what happened. */
export async function importUniverseFile(
  db: Db,
  file: string,
  options: Omit<UniverseOptions, 'asOf'> & { asOf?: string },
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('universe', options.dryRun);
  const bytes = await readInput(file);
  const modified = (await fs.promises.stat(file)).mtime;
  const name = path.basename(file);
  const rows = readScreenerExport(decodeText(bytes, name), name, options, report);
  await applyUniverse(db, rows, { ...options, asOf: options.asOf ?? exportDate(name, modified) }, report, onProgress);
  report.ms = Math.round(performance.now() - started);
  return report;
}
