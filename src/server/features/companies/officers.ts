/**
 * The officers and directors named in companies' SEC ownership filings, as the Leadership tab and
 * RedChat show them where staff have written no team (docs/product.md §9.5): those whose latest
 * filing is recent enough (src/lib/company-officers.ts), officers before directors, then in the
 * order they were first named. The sync and the imports keep the table (edgar/company-officers.ts).
 */
import { and, asc, desc, gte, inArray } from 'drizzle-orm';
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
