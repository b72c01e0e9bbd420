/**
 * The three small-cap indices as RedCap computes them from the imported
 * daily prices: cap-weighted levels over their members' closes, written as
 * each index's daily history. The prices import calls this after it writes
 * new bars.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { companiesView, dailyPricesView } from '../companies/index.ts';
import { indexPrices, marketIndices } from './tables.ts';

/** Rows written (and symbols read) per statement. */
const BATCH = 1000;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The three small-cap indices (their symbols, names and base levels), computed over the imported universe. */
const INDICES = [
  { symbol: 'RUT', name: 'Russell 2000', base: 2050, sortOrder: 1, members: 'all' },
  { symbol: 'NQUSS', name: 'Nasdaq US Small Cap', base: 1180, sortOrder: 2, members: 'nasdaq' },
  { symbol: 'SML', name: 'S&P SmallCap 600', base: 1320, sortOrder: 3, members: 'largest600' },
] as const;
const INDEX_NOTE = 'computed by RedCap from the imported daily prices, weighted by market cap';

/**
 * Cap-weighted levels over the members' closes: each member weighs its
 * market cap on the first day, and moves with its close (its last close
 * carried over a day it did not trade).
 */
function indexLevels(
  days: string[],
  members: { shares: number; closes: ReadonlyMap<string, number> }[],
  base: number,
): { date: string; close: number }[] {
  const firsts = members.map((m) => days.map((d) => m.closes.get(d)).find((c) => c !== undefined) ?? 0);
  const caps = members.map((m, i) => firsts[i]! * m.shares);
  const total = caps.reduce((a, b) => a + b, 0);
  if (!total) return [];
  const last = [...firsts];
  return days.map((date) => {
    let level = 0;
    members.forEach((m, i) => {
      const close = m.closes.get(date);
      if (close !== undefined) last[i] = close;
      if (firsts[i]) level += (caps[i]! / total) * (last[i]! / firsts[i]!);
    });
    return { date, close: round(base * level, 2) };
  });
}

/**
 * Computes the three indices again from the past year of daily closes and
 * replaces their history; gives a note per index recomputed. `known`: the
 * closes of the symbols just imported, whole (the others' are read from the
 * database). Runs inside the import's transaction, so `db` is that
 * transaction.
 */
export async function recomputeIndices(
  db: Db,
  known: ReadonlyMap<string, ReadonlyMap<string, number>>,
): Promise<string[]> {
  const notes: string[] = [];
  const listed = await db
    .select({
      symbol: companiesView.symbol,
      market: companiesView.market,
      shares: companiesView.sharesOutstanding,
      cap: companiesView.marketCap,
    })
    .from(companiesView)
    .where(and(eq(companiesView.active, true), sql`${companiesView.sharesOutstanding} > 0`));
  if (!listed.length) return notes;
  const [{ newest } = { newest: null }] = await db
    .select({ newest: sql<string | null>`max(${dailyPricesView.date})::text` })
    .from(dailyPricesView);
  if (!newest) return notes;
  const from = new Date(`${newest}T00:00:00Z`);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  const since = from.toISOString().slice(0, 10);
  const others = listed.filter((c) => !known.has(c.symbol)).map((c) => c.symbol);
  const rows = [];
  for (let i = 0; i < others.length; i += BATCH) {
    rows.push(
      ...(await db
        .select({ symbol: dailyPricesView.symbol, date: dailyPricesView.date, close: dailyPricesView.close })
        .from(dailyPricesView)
        .where(and(gte(dailyPricesView.date, since), inArray(dailyPricesView.symbol, others.slice(i, i + BATCH))))),
    );
  }
  const closes = new Map<string, ReadonlyMap<string, number>>();
  const dates = new Set<string>();
  for (const [symbol, series] of known) {
    const recent = new Map([...series].filter(([date]) => date >= since));
    closes.set(symbol, recent);
    for (const date of recent.keys()) dates.add(date);
  }
  for (const r of rows) {
    let series = closes.get(r.symbol) as Map<string, number> | undefined;
    if (!series) closes.set(r.symbol, (series = new Map()));
    series.set(r.date, r.close);
    dates.add(r.date);
  }
  const days = [...dates].sort();
  const largest = new Set(
    [...listed]
      .sort((a, b) => (b.cap ?? 0) - (a.cap ?? 0))
      .slice(0, 600)
      .map((c) => c.symbol),
  );
  for (const index of INDICES) {
    const members = listed
      .filter((c) =>
        index.members === 'all' ? true : index.members === 'nasdaq' ? c.market === 'NASDAQ' : largest.has(c.symbol),
      )
      .filter((c) => closes.has(c.symbol))
      .map((c) => ({ shares: c.shares!, closes: closes.get(c.symbol)! }));
    const levels = indexLevels(days, members, index.base);
    if (!levels.length) continue;
    await db
      .insert(marketIndices)
      .values({ symbol: index.symbol, name: index.name, description: INDEX_NOTE, sortOrder: index.sortOrder })
      .onConflictDoUpdate({ target: marketIndices.symbol, set: { description: INDEX_NOTE } });
    await db.delete(indexPrices).where(eq(indexPrices.indexSymbol, index.symbol));
    for (let i = 0; i < levels.length; i += BATCH) {
      await db
        .insert(indexPrices)
        .values(levels.slice(i, i + BATCH).map((l) => ({ indexSymbol: index.symbol, date: l.date, close: l.close })));
    }
    notes.push(`${index.name} recomputed over ${members.length.toLocaleString('en-US')} companies`);
  }
  return notes;
}
