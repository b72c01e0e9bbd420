/** A company's insider transactions, every row of every Form 4 and 5 kept, newest first, a page at a time. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { insiderOrder, insiderOut, requireCompany } from './records.ts';
import { insiderTransactions } from './tables.ts';

export async function listInsiders(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const where = eq(insiderTransactions.companySymbol, c.symbol);
  const { rows, total } = await paged(
    db
      .select()
      .from(insiderTransactions)
      .where(where)
      .orderBy(...insiderOrder),
    rowCount(db).from(insiderTransactions).where(where),
    { page, pageSize },
  );
  return { data: rows.map(insiderOut), totalItems: total };
}
