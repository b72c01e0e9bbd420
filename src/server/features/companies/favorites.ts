/** Companies a user follows: the screener's heart, the company header's heart and the favorites page. */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { FavoriteKind } from '../favorites/index.ts';
import { normalizeSymbol, unknownCompany } from './records.ts';
import { companies, favoriteCompanies } from './tables.ts';

export const FAVORITE_COMPANIES: FavoriteKind<string> = {
  table: favoriteCompanies,
  user: favoriteCompanies.userId,
  item: favoriteCompanies.symbol,
  key: companies.symbol,
  normalize: normalizeSymbol,
  missing: unknownCompany,
};

/** Every symbol the user follows. */
export async function favoriteSymbols(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ symbol: favoriteCompanies.symbol })
    .from(favoriteCompanies)
    .where(eq(favoriteCompanies.userId, userId));
  return new Set(rows.map((r) => r.symbol));
}

/** Follows a company (an alert rule of its own follows it); following it again changes nothing. */
export async function followCompany(db: Db, userId: number, symbol: string): Promise<void> {
  await db.insert(favoriteCompanies).values({ userId, symbol }).onConflictDoNothing();
}

/** The followed companies with their latest price, by symbol. */
export async function favoriteCompanyList(db: Db, userId: number) {
  const symbols = [...(await favoriteSymbols(db, userId))];
  const rows = symbols.length
    ? await db.select().from(companies).where(inArray(companies.symbol, symbols)).orderBy(companies.symbol)
    : [];
  return rows.map((r) => ({
    symbol: r.symbol,
    name: r.name,
    logo: r.logo,
    last_sale: r.lastSale,
    change_pre: r.changePercent,
    volume: r.volume,
    isFavorite: true as const,
    sector_name: r.sectorName,
    is_client: r.isClient,
    company_name: r.name,
    market: r.market,
  }));
}
