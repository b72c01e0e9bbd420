/**
 * A provider's consensus of each company, kept one row a company (analyst_consensus): written when
 * the provider answers, removed when it covers the company no longer (analyst-providers/sync.ts).
 * Whether a row changed is judged on the figures alone, so a run that finds nothing new changes no
 * page. The companies' analyst figures are derived from it by refreshAnalystSummaries (research.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { analystConsensus } from './tables.ts';

export type HeldConsensus = typeof analystConsensus.$inferSelect;

/** The figures a row holds, as compared between two runs. */
export type ConsensusRowFigures = Omit<HeldConsensus, 'companySymbol' | 'fetchedAt'>;

const FIGURES = [
  'provider',
  'period',
  'strongBuy',
  'buy',
  'hold',
  'sell',
  'strongSell',
  'targetMean',
  'targetMedian',
  'targetHigh',
  'targetLow',
  'targetAnalysts',
  'targetUpdatedOn',
] as const satisfies readonly (keyof ConsensusRowFigures)[];

/** Every company's consensus held, by symbol (read once a run). */
export async function heldAnalystConsensus(db: Db): Promise<Map<string, HeldConsensus>> {
  return new Map((await db.select().from(analystConsensus)).map((row) => [row.companySymbol, row]));
}

/**
 * Stores a provider's consensus figures of a company (null: it covers it not) against what was held.
 * Answers whether the company's consensus changed.
 */
export async function storeAnalystConsensus(
  db: Db,
  symbol: string,
  figures: ConsensusRowFigures | null,
  held: HeldConsensus | undefined,
): Promise<boolean> {
  if (!figures) {
    if (!held) return false;
    await db.delete(analystConsensus).where(eq(analystConsensus.companySymbol, symbol));
    return true;
  }
  const changed = !held || FIGURES.some((field) => held[field] !== figures[field]);
  const values = { ...figures, fetchedAt: new Date() };
  await db
    .insert(analystConsensus)
    .values({ companySymbol: symbol, ...values })
    .onConflictDoUpdate({ target: analystConsensus.companySymbol, set: values });
  return changed;
}
