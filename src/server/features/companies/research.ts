/** Research on a company beyond its filings: drug-trial milestones (bio phases) and analyst ratings. */
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { requireCompany } from './records.ts';
import { analystRatings, bioPhases } from './tables.ts';

/** Newest first, undated last. */
export const bioPhaseOrder = [sql`${bioPhases.date} desc nulls last`, asc(bioPhases.id)];

export const bioPhaseOut = (r: typeof bioPhases.$inferSelect) => ({
  id: r.id,
  company_symbol: r.companySymbol,
  stage: r.stage,
  drug_name: r.drugName,
  date: r.date,
  raw_text_link: r.rawTextLink,
});

export async function listBioPhases(db: Db, symbol: string) {
  const c = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(bioPhases)
    .where(eq(bioPhases.companySymbol, c.symbol))
    .orderBy(...bioPhaseOrder);
  return rows.map(bioPhaseOut);
}

export async function listAnalystRatings(db: Db, symbol: string, page: number, pageSize: number) {
  const c = await requireCompany(db, symbol);
  const where = eq(analystRatings.companySymbol, c.symbol);
  const rows = await db
    .select()
    .from(analystRatings)
    .where(where)
    .orderBy(desc(analystRatings.recommendationDate), asc(analystRatings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(analystRatings).where(where);
  return {
    data: rows.map((r) => ({
      companySymbol: r.companySymbol,
      analystName: r.analystName,
      firmName: r.firmName,
      recommendation: r.recommendation,
      recommendationDate: r.recommendationDate,
      priceTarget: r.priceTarget,
      analystRank: r.analystRank,
      successRate: r.successRate,
    })),
    total: Number(total?.n ?? 0),
  };
}
