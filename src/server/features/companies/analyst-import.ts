/**
 * `npm run import -- analysts FILE.csv`: a provider's export of analyst ratings (docs/product.md §9.8).
 * One row a rating, with a header naming its columns (case and spacing aside): `symbol` (or
 * `ticker`), `firm` (or `broker`), `analyst`, `rating` (or `recommendation`), `price_target` (or
 * `target`, may be empty) and `date` (YYYY-MM-DD). Providers' words for a rating are read as the
 * site's three: Strong Buy, Outperform, Overweight, Accumulate are Buy; Neutral, Market Perform,
 * Equal-Weight, Sector Perform, In-Line are Hold; Underperform, Underweight, Reduce, Strong Sell are
 * Sell. An analyst's rating of a company replaces the one held of the same firm and analyst unless
 * that one is newer. The file is checked whole first (a row that cannot be read refuses it with its
 * line); a symbol outside the universe is counted and left out. One transaction, rolled back on a dry
 * run; the companies' analyst figures are derived again and their pages rebuilt.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { recordChanges } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { ImportError, emptyReport, importTransaction, quoted, skip, type ImportReport } from '../imports/index.ts';
import { refreshAnalystSummaries } from './research.ts';
import { analystRatings, companies } from './tables.ts';

const COLUMNS = {
  symbol: ['symbol', 'ticker'],
  firm: ['firm', 'broker', 'firm_name'],
  analyst: ['analyst', 'analyst_name'],
  rating: ['rating', 'recommendation'],
  target: ['price_target', 'target', 'pricetarget'],
  date: ['date', 'rating_date', 'recommendation_date'],
} as const;

const RATING_WORDS: Record<string, 'Buy' | 'Hold' | 'Sell'> = {
  'strong buy': 'Buy',
  buy: 'Buy',
  outperform: 'Buy',
  overweight: 'Buy',
  accumulate: 'Buy',
  positive: 'Buy',
  'market outperform': 'Buy',
  'sector outperform': 'Buy',
  hold: 'Hold',
  neutral: 'Hold',
  'market perform': 'Hold',
  'sector perform': 'Hold',
  'equal weight': 'Hold',
  'equal-weight': 'Hold',
  'in-line': 'Hold',
  'peer perform': 'Hold',
  sell: 'Sell',
  'strong sell': 'Sell',
  underperform: 'Sell',
  underweight: 'Sell',
  reduce: 'Sell',
  negative: 'Sell',
};

/** The largest export read: a provider's whole coverage is a few MB. */
const MAX_BYTES = 64 * 1024 * 1024;

interface RatingRow {
  line: number;
  symbol: string;
  firm: string;
  analyst: string;
  rating: 'Buy' | 'Hold' | 'Sell';
  target: number | null;
  date: string;
}

function readRows(text: string, file: string): RatingRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new ImportError(`${file} cannot be read as CSV (${(error as Error).message}).`);
  }
  const [header, ...body] = records;
  if (!header) throw new ImportError(`${file} is empty.`);
  const names = header.map((h) => h.toLowerCase().replace(/\s+/g, '_'));
  const at = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, aliases]) => [
      key,
      names.findIndex((n) => (aliases as readonly string[]).includes(n)),
    ]),
  ) as Record<keyof typeof COLUMNS, number>;
  const missing = Object.entries(at)
    .filter(([key, i]) => i < 0 && key !== 'target')
    .map(([key]) => COLUMNS[key as keyof typeof COLUMNS][0]);
  if (missing.length) throw new ImportError(`${file}: line 1 has no column ${missing.join(', ')}.`);
  return body.map((record, i) => {
    const line = i + 2;
    const cell = (key: keyof typeof COLUMNS) => (at[key] < 0 ? '' : (record[at[key]] ?? '').trim());
    const bad = (what: string, value: string): never => {
      throw new ImportError(`${file}: line ${line}: ${what} ${quoted(value)}.`);
    };
    const symbol = cell('symbol').toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9.\-^/]{0,11}$/.test(symbol)) bad('the symbol is not one', symbol);
    const firm = cell('firm');
    const analyst = cell('analyst');
    if (!firm || firm.length > 200) bad('the firm must be a name of 1 to 200 characters, not', firm);
    if (!analyst || analyst.length > 200) bad('the analyst must be a name of 1 to 200 characters, not', analyst);
    const rating =
      RATING_WORDS[cell('rating').toLowerCase().replace(/\s+/g, ' ')] ??
      bad('the rating is not one read', cell('rating'));
    const rawTarget = cell('target').replace(/^\$/, '');
    const target = rawTarget === '' ? null : Number(rawTarget);
    if (target !== null && !(Number.isFinite(target) && target > 0 && target <= 1_000_000))
      bad('the price target is not a price', cell('target'));
    const date = cell('date');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      bad('the date is not one (YYYY-MM-DD)', date);
    return { line, symbol, firm, analyst, rating, target, date };
  });
}

export async function importAnalystRatings(db: Db, file: string, dryRun: boolean): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport('analysts', dryRun);
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    throw new ImportError(`${file} does not exist.`);
  }
  if (size > MAX_BYTES)
    throw new ImportError(`${file} is ${Math.round(size / 1e6)} MB: more than an export of ratings.`);
  const rows = readRows(await fs.promises.readFile(file, 'utf8'), file);
  report.read = rows.length;
  await importTransaction(db, dryRun, async (tx) => {
    const listed = await tx
      .select({ id: companies.id, symbol: companies.symbol })
      .from(companies)
      .where(inArray(companies.symbol, [...new Set(rows.map((r) => r.symbol))]));
    const ids = new Map(listed.map((c) => [c.symbol, c.id]));
    // The ratings held of the file's companies, read once; a row of the file updates what an earlier row wrote.
    const keyOf = (symbol: string, firm: string, analyst: string) => `${symbol}\u0000${firm}\u0000${analyst}`;
    const held = new Map(
      (
        await tx
          .select()
          .from(analystRatings)
          .where(inArray(analystRatings.companySymbol, [...ids.keys()]))
      ).map((r) => [keyOf(r.companySymbol, r.firmName, r.analystName), r]),
    );
    const changed = new Set<number>();
    for (const row of rows) {
      const companyId = ids.get(row.symbol);
      if (companyId === undefined) {
        skip(report, 'symbols not in the universe', `line ${row.line}`);
        continue;
      }
      const key = keyOf(row.symbol, row.firm, row.analyst);
      const before = held.get(key);
      const values = {
        recommendation: row.rating,
        recommendationDate: row.date,
        priceTarget: row.target,
        source: 'import' as const,
        updatedAt: new Date(),
      };
      if (!before) {
        const [added] = await tx
          .insert(analystRatings)
          .values({ ...values, companySymbol: row.symbol, firmName: row.firm, analystName: row.analyst })
          .returning();
        held.set(key, added!);
        report.added++;
      } else if (before.recommendationDate > row.date) {
        skip(report, 'older than the rating held', `line ${row.line}`);
        continue;
      } else if (
        before.recommendation === row.rating &&
        before.recommendationDate === row.date &&
        before.priceTarget === row.target
      ) {
        report.unchanged++;
        continue;
      } else {
        const [updated] = await tx
          .update(analystRatings)
          .set({ ...values, version: before.version + 1 })
          .where(eq(analystRatings.id, before.id))
          .returning();
        held.set(key, updated!);
        report.updated++;
      }
      changed.add(companyId);
    }
    if (changed.size) {
      await refreshAnalystSummaries(tx);
      await recordChanges(tx, 'company', [...changed]);
    }
  });
  report.ms = performance.now() - started;
  return report;
}
