/**
 * A FINRA short-interest report kept for the universe's companies (docs/product.md §9.14): FINRA's
 * symbols (no separators) are matched to listed symbols, each company's row of the settlement date is
 * written (a report read again replaces what it gave), and the companies whose figures changed have
 * their pages rebuilt. The report was checked whole before (finra-file.ts); it is written a few
 * hundred companies a step, each step a transaction, pausing as long as it took so the site's readers
 * are answered between two (on the embedded database a statement holds the server's thread); the
 * companies' pages change once, at the end. The report's own row goes last: a run that stops part way is finished by the next,
 * which writes the same rows again.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { finraSymbolOf } from '../../../lib/short-interest.ts';
import { recordChanges } from '../../platform/changes.ts';
import { transaction, type Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import { companiesView } from '../companies/index.ts';
import type { ShortInterestFile } from './finra-file.ts';
import { shortInterest, shortInterestReports } from './tables.ts';

export interface StoredReport {
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  /** FINRA's rows of securities the universe does not list (most are OTC issues, funds, preferreds). */
  notListed: number;
}

/** Companies written per step. */
const STEP = 250;

/** The universe's symbols by FINRA's spelling; a spelling two companies share places neither. */
async function universeByFinraSymbol(db: Db): Promise<Map<string, { symbol: string; id: number } | null>> {
  const rows = await db
    .select({ symbol: companiesView.symbol, id: companiesView.id })
    .from(companiesView)
    .where(eq(companiesView.active, true));
  const bySpelling = new Map<string, { symbol: string; id: number } | null>();
  for (const row of rows) {
    const key = finraSymbolOf(row.symbol);
    bySpelling.set(key, bySpelling.has(key) ? null : row);
  }
  return bySpelling;
}

/** Stores one report (inside the caller's transaction when `db` is one: a dry run). */
export async function storeShortInterestReport(tx: Db, report: ShortInterestFile, file: string): Promise<StoredReport> {
  const source = 'finra' as const;
  const universe = await universeByFinraSymbol(tx);
  const held = new Map(
    (await tx.select().from(shortInterest).where(eq(shortInterest.settlementDate, report.settlementDate))).map((r) => [
      r.symbol,
      r,
    ]),
  );
  const result: StoredReport = { read: report.rows.length, added: 0, updated: 0, unchanged: 0, notListed: 0 };
  const changed: number[] = [];
  const writes: (typeof shortInterest.$inferInsert)[] = [];
  for (const row of report.rows) {
    const company = universe.get(row.symbol);
    if (!company) {
      result.notListed++;
      continue;
    }
    const next = {
      symbol: company.symbol,
      settlementDate: row.settlementDate,
      shortPosition: row.shortPosition,
      previousPosition: row.previousPosition,
      averageDailyVolume: row.averageDailyVolume,
      daysToCover: row.daysToCover,
      split: row.split,
      revised: row.revised,
      source,
    };
    const before = held.get(company.symbol);
    if (!before) result.added++;
    else if (
      before.shortPosition === next.shortPosition &&
      before.previousPosition === next.previousPosition &&
      before.averageDailyVolume === next.averageDailyVolume &&
      before.daysToCover === next.daysToCover &&
      before.split === next.split &&
      before.revised === next.revised
    ) {
      result.unchanged++;
      continue;
    } else result.updated++;
    writes.push(next);
    changed.push(company.id);
  }
  for (let i = 0; i < writes.length; i += STEP) {
    const started = performance.now();
    await transaction(tx, async (step) => {
      await step
        .insert(shortInterest)
        .values(writes.slice(i, i + STEP))
        .onConflictDoUpdate({
          target: [shortInterest.symbol, shortInterest.settlementDate],
          set: {
            shortPosition: sql`excluded.short_position`,
            previousPosition: sql`excluded.previous_position`,
            averageDailyVolume: sql`excluded.average_daily_volume`,
            daysToCover: sql`excluded.days_to_cover`,
            split: sql`excluded.split`,
            revised: sql`excluded.revised`,
            source: sql`excluded.source`,
          },
        });
    });
    await paceAfter(started);
  }
  // The pages (and the screener) change when the report is whole, a step's worth of companies at a time.
  for (let i = 0; i < changed.length; i += STEP) {
    const started = performance.now();
    await transaction(tx, (step) => recordChanges(step, 'company', changed.slice(i, i + STEP)));
    await paceAfter(started);
  }
  await tx
    .insert(shortInterestReports)
    .values({
      settlementDate: report.settlementDate,
      file,
      rows: report.rows.length,
      matched: report.rows.length - result.notListed,
    })
    .onConflictDoUpdate({
      target: shortInterestReports.settlementDate,
      set: { file, rows: report.rows.length, matched: report.rows.length - result.notListed, importedAt: new Date() },
    });
  return result;
}

/** The settlement dates whose reports are held. */
export async function reportsHeld(db: Db, dates: readonly string[]): Promise<Set<string>> {
  if (!dates.length) return new Set();
  const rows = await db
    .select({ date: shortInterestReports.settlementDate })
    .from(shortInterestReports)
    .where(inArray(shortInterestReports.settlementDate, [...dates]));
  return new Set(rows.map((r) => r.date));
}
