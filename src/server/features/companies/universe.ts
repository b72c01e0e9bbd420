/**
 * The companies of the market universe as its import writes them (imports/universe.ts): the columns
 * an export sets, added or updated by symbol, and the companies an export no longer lists made
 * inactive, their pages and history kept.
 */
import { inArray, sql } from 'drizzle-orm';
import { arrayColumn } from '../../platform/db/arrays.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { companies } from './tables.ts';

/** Every column an export sets, with its type in the database. */
export const UNIVERSE_COLUMNS = {
  symbol: 'text',
  name: 'text',
  sicCode: 'int2',
  sectorName: 'text',
  industry: 'text',
  market: 'text',
  country: 'text',
  ipoYear: 'int2',
  lastSale: 'float8',
  netChange: 'float8',
  changePercent: 'float8',
  preClose: 'float8',
  marketCap: 'float8',
  volume: 'int8',
  sharesOutstanding: 'int8',
  active: 'bool',
  dataSource: 'text',
  pricesAsOf: 'date',
} as const satisfies Partial<Record<keyof typeof companies.$inferSelect, string>>;

export type UniverseColumn = keyof typeof UNIVERSE_COLUMNS;

/** A company as an export gives it: the columns it sets. */
export type UniverseCompany = { [K in UniverseColumn]: (typeof companies.$inferSelect)[K] };

const COLUMNS = Object.keys(UNIVERSE_COLUMNS) as UniverseColumn[];

/** Adds or updates companies in one statement; answers their ids. */
export async function upsertUniverseCompanies(tx: Db, rows: readonly UniverseCompany[]): Promise<number[]> {
  const column = (key: UniverseColumn) => sql.identifier(companies[key].name);
  const updates = COLUMNS.filter((key) => key !== 'symbol').map((key) => sql`${column(key)} = excluded.${column(key)}`);
  const written = await tx.execute(sql`
    insert into ${companies} (${sql.join(COLUMNS.map(column), sql`, `)})
    select * from unnest(${sql.join(
      COLUMNS.map((key) => arrayColumn(rows, (row) => row[key], UNIVERSE_COLUMNS[key])),
      sql`, `,
    )})
    on conflict (symbol) do update set ${sql.join(updates, sql`, `)}
    returning id`);
  return rowsOf<{ id: number }>(written).map((row) => row.id);
}

/** Marks companies inactive (their pages and history stay), in one statement; answers their ids. */
export async function deactivateCompanies(tx: Db, symbols: string[]): Promise<number[]> {
  const gone = await tx
    .update(companies)
    .set({ active: false })
    .where(inArray(companies.symbol, symbols))
    .returning({ id: companies.id });
  return gone.map((g) => g.id);
}
