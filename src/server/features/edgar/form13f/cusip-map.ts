/**
 * Staff's CUSIP map (`npm run import -- cusip-map FILE.csv`): a CSV file with a `cusip` column and
 * a `symbol` (or `ticker`) column, other columns ignored, mapping a security to the listed company
 * whose holdings it is, whatever 13F filers call its issuer. A map entry is added or changed, never
 * removed by leaving it out of a later file. Holdings already on record under a mapped CUSIP move
 * to the company the map names; a CUSIP the import of a data set left out (its report lists the
 * largest) gets its holdings when that data set is imported again.
 *
 * Rows that cannot be used are skipped and reported with their line: a CUSIP that is not nine
 * letters and digits or whose check digit is wrong (a typo), a symbol of no imported company, a
 * CUSIP mapped twice in the file.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { arrayColumn } from '../../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import { companiesView, storeStaffCusipMap, type CusipEntry } from '../../companies/index.ts';
import {
  ImportError,
  emptyReport,
  importTransaction,
  readCsvFile,
  skip,
  type ImportReport,
} from '../../imports/index.ts';
import { cusipOf } from './rows.ts';

/** Whether a CUSIP's ninth character is the check digit of its first eight (the "modulus 10 double add double" rule). */
export function cusipCheckDigitValid(cusip: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = cusip[i]!;
    let v = /\d/.test(c) ? Number(c) : c === '*' ? 36 : c === '@' ? 37 : c === '#' ? 38 : c.charCodeAt(0) - 55;
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10) === cusip[8];
}

const SYMBOL_COLUMNS = ['symbol', 'ticker'];

/**
 * The holdings already on record under mapped CUSIPs moved to the company the map names (their
 * shares of its shares outstanding with them); how many moved, and how many mapped CUSIPs no
 * holding on record is of yet.
 */
async function moveHoldingsToMappedCompanies(
  tx: Db,
  entries: readonly CusipEntry[],
): Promise<{ moved: number; withoutHoldings: number }> {
  const cusips = arrayColumn(entries, (u) => u.cusip, 'text');
  const symbols = arrayColumn(entries, (u) => u.symbol, 'text');
  const [moved] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with moved as (
        update institutional_holdings h set company_symbol = m.symbol,
          shares_held_percentage = coalesce(h.shares_held * 100.0 / nullif(${companiesView.sharesOutstanding}, 0), 0)
        from unnest(${cusips}, ${symbols}) as m(cusip, symbol)
        join ${companiesView} on ${companiesView.symbol} = m.symbol
        where h.cusip = m.cusip and h.accession is not null and h.company_symbol <> m.symbol
        returning 1)
      select count(*)::int as n from moved`),
  );
  const [held] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from unnest(${cusips}) as m(cusip)
      where not exists (select 1 from institutional_holdings h where h.cusip = m.cusip)`),
  );
  return { moved: moved?.n ?? 0, withoutHoldings: held?.n ?? 0 };
}

export async function importCusipMap(db: Db, file: string, dryRun: boolean): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('cusip-map', dryRun);
  const name = path.basename(file);
  const entries = new Map<string, { symbol: string; line: number }>();
  let columns: { cusip: number; symbol: number } | null = null;
  for await (const record of readCsvFile(file)) {
    if (!columns) {
      const header = record.fields.map((f) => f.trim().toLowerCase());
      const cusip = header.indexOf('cusip');
      const symbol = header.findIndex((h) => SYMBOL_COLUMNS.includes(h));
      if (cusip < 0 || symbol < 0)
        throw new ImportError(
          `${name}, line ${record.line}: the header names no ${cusip < 0 ? 'cusip' : 'symbol'} column (a CUSIP map is cusip,symbol).`,
        );
      columns = { cusip, symbol };
      continue;
    }
    report.read++;
    const at = `${name}:${record.line}`;
    const cusip = cusipOf(record.fields[columns.cusip] ?? '');
    const symbol = (record.fields[columns.symbol] ?? '').trim().toUpperCase().replace('/', '.');
    if (!record.complete || !cusip) {
      skip(report, 'CUSIP that is not nine letters and digits', at);
      continue;
    }
    if (!cusipCheckDigitValid(cusip)) {
      skip(report, 'CUSIP whose check digit is wrong', at);
      continue;
    }
    const known = entries.get(cusip);
    if (known) {
      if (known.symbol !== symbol) skip(report, 'CUSIP mapped again to another symbol (the first is kept)', at);
      continue;
    }
    entries.set(cusip, { symbol, line: record.line });
  }
  if (!columns) throw new ImportError(`${name} holds no data.`);

  await importTransaction(db, dryRun, async (tx) => {
    const listed = new Set(
      rowsOf<{ symbol: string }>(
        await tx.execute(sql`select symbol from ${companiesView} where data_source <> 'demo'`),
      ).map((r) => r.symbol),
    );
    const usable: CusipEntry[] = [];
    for (const [cusip, { symbol, line }] of entries) {
      if (listed.has(symbol)) usable.push({ cusip, symbol });
      else skip(report, 'symbol of no imported company', `${name}:${line}`);
    }
    if (!usable.length) return;
    const { before } = await storeStaffCusipMap(tx, usable);
    const { moved, withoutHoldings } = await moveHoldingsToMappedCompanies(tx, usable);
    for (const u of usable) {
      const was = before.get(u.cusip);
      if (was === undefined) report.added++;
      else if (was === u.symbol) report.unchanged++;
      else report.updated++;
    }
    if (moved) report.notes.push(`holdings moved to the company the map names: ${moved.toLocaleString('en-US')}`);
    if (withoutHoldings)
      report.notes.push(
        `mapped CUSIPs with no holdings on record yet: ${withoutHoldings.toLocaleString('en-US')} (import the 13F data sets again to add them)`,
      );
  });
  report.ms = Math.round(performance.now() - started);
  return report;
}
