/** The IPO calendar (the /stocks/IPO grid), newest expected date first. */
import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { ipos } from './tables.ts';

export async function listIpos(db: Db, page: number, pageSize: number) {
  const { rows, total } = await paged(
    db.select().from(ipos).orderBy(desc(ipos.expectedDate), ipos.companyName),
    rowCount(db).from(ipos),
    { page, pageSize },
  );
  const data = rows.map((r) => ({
    company_name: r.companyName,
    symbol: r.symbol,
    exchange: r.exchange,
    sector: r.sector,
    price_range: `$${r.priceLow.toFixed(2)} - $${r.priceHigh.toFixed(2)}`,
    shares_offered: r.sharesOffered,
    deal_size: Math.round(((r.priceLow + r.priceHigh) / 2) * r.sharesOffered),
    expected_date: r.expectedDate,
    status: r.status,
    lead_underwriter: r.leadUnderwriter,
  }));
  return { data, total };
}
