/** The IPO calendar (the /stocks/IPO grid), newest expected date first. */
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ipos } from './tables.ts';

export async function listIpos(db: Db, page: number, pageSize: number) {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ipos)
      .orderBy(desc(ipos.expectedDate), ipos.companyName)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(ipos),
  ]);
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
  return { data, total: Number(counted?.n ?? 0) };
}
