/** Institutional ownership (13F holdings) of a company, largest holder first. */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { requireCompany } from './records.ts';
import { institutionalHoldings } from './tables.ts';

export async function listHoldings(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const where = eq(institutionalHoldings.companySymbol, c.symbol);
  const { rows, total } = await paged(
    db
      .select()
      .from(institutionalHoldings)
      .where(where)
      .orderBy(desc(institutionalHoldings.sharesHeld), asc(institutionalHoldings.id)),
    rowCount(db).from(institutionalHoldings).where(where),
    { page, pageSize },
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      institutionName: r.institutionName,
      sharesHeldPercentage: r.sharesHeldPercentage,
      sharesHeld: r.sharesHeld,
      marketValue: r.marketValue,
      filingDate: r.filingDate,
    })),
    totalItems: total,
  };
}
