/** Favorite companies of a user. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, favoriteCompanies } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

export async function favoriteSymbols(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ symbol: favoriteCompanies.symbol })
    .from(favoriteCompanies)
    .where(eq(favoriteCompanies.userId, userId));
  return new Set(rows.map((r) => r.symbol));
}

/** Flips a company in or out of the user's favorites; returns whether it is now a favorite. */
export async function toggleFavoriteCompany(db: Db, userId: number, rawSymbol: string): Promise<boolean> {
  const symbol = rawSymbol.trim().toUpperCase();
  const [company] = await db.select({ symbol: companies.symbol }).from(companies).where(eq(companies.symbol, symbol));
  if (!company) throw notFound(`Unknown symbol: ${symbol}`);
  const removed = await db
    .delete(favoriteCompanies)
    .where(and(eq(favoriteCompanies.userId, userId), eq(favoriteCompanies.symbol, symbol)))
    .returning();
  if (removed.length > 0) return false;
  await db.insert(favoriteCompanies).values({ userId, symbol }).onConflictDoNothing();
  return true;
}
