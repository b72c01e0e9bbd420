/** The company pages of the build feed: the companies feature's records with their financials, a client's with its webinars. */
import type { CompanyPageData } from '../../../lib/content-records.ts';
import type { Db } from '../../platform/db/client.ts';
import { companyPageRecords } from '../companies/index.ts';
import { webinarsForBuild } from '../events/index.ts';
import { financialsBySymbol } from '../financials/index.ts';

export async function companiesForBuild(
  db: Db,
  page: { ids: number[] } | { after: number; limit: number } | { clients: true },
): Promise<CompanyPageData[]> {
  const records = await companyPageRecords(db, page);
  const financials = await financialsBySymbol(
    db,
    records.map((r) => r.symbol),
  );
  const out: CompanyPageData[] = [];
  for (const record of records) {
    const client = record.client && { ...record.client, webinars: await webinarsForBuild(db, record.symbol) };
    out.push({ ...record, financials: financials.get(record.symbol) ?? null, client });
  }
  return out;
}
