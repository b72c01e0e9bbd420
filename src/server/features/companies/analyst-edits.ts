/**
 * Analyst ratings as staff enter them (docs/product.md §9.8, §18.13): add, change and remove a rating
 * (firm, analyst, rating, price target, date), versioned and audited like every staff edit, the
 * company's pages rebuilt. After each edit the company's analyst figures are derived again from its
 * ratings by the one rule that derives them (research.ts), so the page, the screener and RedChat agree.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AnalystRatingEditRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { versionedEditor } from '../audit/index.ts';
import { companyIdOf, requireCompany } from './records.ts';
import { refreshAnalystSummaries } from './research.ts';
import { analystRatings } from './tables.ts';

export interface AnalystRatingInput {
  analyst_name: string;
  firm_name: string;
  recommendation: 'Buy' | 'Hold' | 'Sell';
  recommendation_date: string;
  price_target?: number | null;
}

type RatingRow = typeof analystRatings.$inferSelect & { companyId: number };

const toRecord = (r: typeof analystRatings.$inferSelect): AnalystRatingEditRecord => ({
  id: r.id,
  version: r.version,
  company_symbol: r.companySymbol,
  analyst_name: r.analystName,
  firm_name: r.firmName,
  recommendation: r.recommendation,
  recommendation_date: r.recommendationDate,
  price_target: r.priceTarget,
  source: r.source,
});

const columnsOf = (input: Partial<AnalystRatingInput>) => ({
  ...(input.analyst_name !== undefined && { analystName: input.analyst_name.trim() }),
  ...(input.firm_name !== undefined && { firmName: input.firm_name.trim() }),
  ...(input.recommendation !== undefined && { recommendation: input.recommendation }),
  ...(input.recommendation_date !== undefined && { recommendationDate: input.recommendation_date }),
  ...(input.price_target !== undefined && { priceTarget: input.price_target }),
  updatedAt: new Date(),
});

const editor = versionedEditor<typeof analystRatings, RatingRow>({
  table: analystRatings,
  key: analystRatings.id,
  kind: 'analyst-rating',
  what: 'analyst rating',
  content: 'company',
  facts: (tx, row) => companyIdOf(tx, row.companySymbol as string),
  entityId: (r) => r.companyId,
});

/** A company's ratings, newest first. */
export async function ratingsForEditor(db: Db, symbol: string): Promise<AnalystRatingEditRecord[]> {
  const company = await requireCompany(db, symbol);
  const rows = await db
    .select()
    .from(analystRatings)
    .where(eq(analystRatings.companySymbol, company.symbol))
    .orderBy(desc(analystRatings.recommendationDate), desc(analystRatings.id));
  return rows.map(toRecord);
}

export async function createAnalystRating(
  db: Db,
  actor: StaffActor,
  input: AnalystRatingInput & { company_symbol: string },
): Promise<AnalystRatingEditRecord> {
  const company = await requireCompany(db, input.company_symbol);
  // One current rating per analyst: every rating counts as an analyst in the company's figures.
  const [held] = await db
    .select({ id: analystRatings.id })
    .from(analystRatings)
    .where(
      and(
        eq(analystRatings.companySymbol, company.symbol),
        eq(analystRatings.firmName, input.firm_name.trim()),
        eq(analystRatings.analystName, input.analyst_name.trim()),
      ),
    );
  if (held)
    throw conflict(
      `${company.symbol} already has a rating by ${input.analyst_name.trim()} (${input.firm_name.trim()}): change that one instead.`,
    );
  const created = await editor.create(db, actor, async () => ({
    ...columnsOf(input),
    companySymbol: company.symbol,
    analystName: input.analyst_name.trim(),
    firmName: input.firm_name.trim(),
    recommendation: input.recommendation,
    recommendationDate: input.recommendation_date,
    source: 'staff' as const,
  }));
  await refreshAnalystSummaries(db);
  return toRecord(created);
}

export async function updateAnalystRating(
  db: Db,
  actor: StaffActor,
  id: number,
  input: Partial<AnalystRatingInput> & { version: number },
): Promise<AnalystRatingEditRecord> {
  const { version, ...fields } = input;
  const updated = await editor.update(db, actor, id, version, columnsOf(fields));
  await refreshAnalystSummaries(db);
  return toRecord(updated);
}

export async function deleteAnalystRating(db: Db, actor: StaffActor, id: number, version?: number): Promise<void> {
  await editor.remove(db, actor, id, version);
  await refreshAnalystSummaries(db);
}
