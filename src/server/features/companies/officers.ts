/**
 * The officers and directors named in companies' SEC ownership filings, as the Leadership tab and
 * RedChat show them where staff have written no team (docs/product.md §9.5): those whose latest
 * filing is recent enough (src/lib/company-officers.ts), officers before directors, then in the
 * order they were first named. The sync and the imports keep the table through noteFiledOfficers, as
 * edgar/company-officers.ts reads the filings.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { officersShownSince } from '../../../lib/company-officers.ts';
import { toNewYork } from '../../../lib/market-calendar.ts';
import type { OfficerRecord } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { companyOfficers } from './tables.ts';

/** Today in New York, YYYY-MM-DD: a filing's day is EDGAR's, which is New York's. */

export async function officersOf(db: Db, symbols: string[], now = new Date()): Promise<Map<string, OfficerRecord[]>> {
  const bySymbol = new Map<string, OfficerRecord[]>();
  if (!symbols.length) return bySymbol;
  const rows = await db
    .select()
    .from(companyOfficers)
    .where(
      and(
        inArray(companyOfficers.companySymbol, symbols),
        gte(companyOfficers.lastFiled, officersShownSince(toNewYork(now).date)),
      ),
    )
    .orderBy(desc(companyOfficers.isOfficer), asc(companyOfficers.firstFiled), asc(companyOfficers.name));
  for (const r of rows) {
    const list = bySymbol.get(r.companySymbol) ?? [];
    list.push({
      owner_cik: r.ownerCik,
      name: r.name,
      title: r.title,
      first_filed: r.firstFiled,
      last_filed: r.lastFiled,
    });
    bySymbol.set(r.companySymbol, list);
  }
  return bySymbol;
}

export const officersOfCompany = async (db: Db, symbol: string, now = new Date()) =>
  (await officersOf(db, [symbol], now)).get(symbol) ?? [];

/** An officer or director as an ownership filing names them. */
export type FiledOfficer = typeof companyOfficers.$inferInsert;

/** An owner whose latest filing, of `filedOn`, names them neither director nor officer. */
export interface FormerOfficer {
  symbol: string;
  cik: number;
  /** YYYY-MM-DD */
  filedOn: string;
}

/** Rows written per statement. */
const BATCH = 500;

/**
 * Notes what filings say of their owners: an owner no longer in a role is removed (unless a later
 * filing of theirs is held), then each officer or director is added, or their title and latest filing
 * moved on (their first filing moved back, for a filing older than those held). The companies whose
 * list changed, by symbol.
 */
export async function noteFiledOfficers(
  tx: Db,
  officers: readonly FiledOfficer[],
  former: readonly FormerOfficer[],
): Promise<Set<string>> {
  const changed = new Set<string>();
  for (const owner of former) {
    const gone = await tx
      .delete(companyOfficers)
      .where(
        and(
          eq(companyOfficers.companySymbol, owner.symbol),
          eq(companyOfficers.ownerCik, owner.cik),
          lte(companyOfficers.lastFiled, owner.filedOn),
        ),
      )
      .returning({ symbol: companyOfficers.companySymbol });
    for (const { symbol } of gone) changed.add(symbol);
  }
  const later = sql`excluded.last_filed >= ${companyOfficers.lastFiled}`;
  const newer = <T>(column: T, value: string) => sql`case when ${later} then ${sql.raw(value)} else ${column} end`;
  for (let i = 0; i < officers.length; i += BATCH) {
    const written = await tx
      .insert(companyOfficers)
      .values(officers.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [companyOfficers.companySymbol, companyOfficers.ownerCik],
        set: {
          name: newer(companyOfficers.name, 'excluded.name'),
          title: newer(companyOfficers.title, 'excluded.title'),
          isDirector: newer(companyOfficers.isDirector, 'excluded.is_director'),
          isOfficer: newer(companyOfficers.isOfficer, 'excluded.is_officer'),
          lastAccession: newer(companyOfficers.lastAccession, 'excluded.last_accession'),
          firstFiled: sql`least(${companyOfficers.firstFiled}, excluded.first_filed)`,
          lastFiled: sql`greatest(${companyOfficers.lastFiled}, excluded.last_filed)`,
        },
        // Only what changes is written (and told): a filing read again, or an older one, changes nothing.
        setWhere: sql`excluded.first_filed < ${companyOfficers.firstFiled}
          or (${later} and (${companyOfficers.name}, ${companyOfficers.title}, ${companyOfficers.isDirector},
                            ${companyOfficers.isOfficer}, ${companyOfficers.lastFiled}, ${companyOfficers.lastAccession})
              is distinct from (excluded.name, excluded.title, excluded.is_director, excluded.is_officer,
                                excluded.last_filed, excluded.last_accession))`,
      })
      .returning({ symbol: companyOfficers.companySymbol });
    for (const { symbol } of written) changed.add(symbol);
  }
  return changed;
}
