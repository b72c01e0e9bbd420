/**
 * A provider's consensus of each company, kept one row a company (analyst_consensus): written when
 * the provider answers, removed when it covers the company no longer. Whether a row changed is
 * judged on the figures alone, so a run that finds nothing new changes no page.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { analystConsensus } from '../companies/index.ts';
import type { ProviderConsensus } from './provider.ts';

export type HeldConsensus = typeof analystConsensus.$inferSelect;

/** The figures a row holds, as compared between two runs. */
type Figures = Omit<HeldConsensus, 'companySymbol' | 'fetchedAt'>;

const figuresOf = (provider: string, c: ProviderConsensus): Figures => ({
  provider,
  period: c.period,
  strongBuy: c.strongBuy,
  buy: c.buy,
  hold: c.hold,
  sell: c.sell,
  strongSell: c.strongSell,
  targetMean: c.targets?.mean ?? null,
  targetMedian: c.targets?.median ?? null,
  targetHigh: c.targets?.high ?? null,
  targetLow: c.targets?.low ?? null,
  targetAnalysts: c.targets?.analysts ?? null,
  targetUpdatedOn: c.targets?.updatedOn ?? null,
});

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
] as const satisfies readonly (keyof Figures)[];

/** Every company's consensus held, by symbol (read once a run). */
export async function heldConsensus(db: Db): Promise<Map<string, HeldConsensus>> {
  return new Map((await db.select().from(analystConsensus)).map((row) => [row.companySymbol, row]));
}

/**
 * Stores what the provider answered of a company (null: it covers it not) against what was held.
 * Answers whether the company's consensus changed.
 */
export async function storeConsensus(
  db: Db,
  provider: string,
  symbol: string,
  consensus: ProviderConsensus | null,
  held: HeldConsensus | undefined,
): Promise<boolean> {
  if (!consensus) {
    if (!held) return false;
    await db.delete(analystConsensus).where(eq(analystConsensus.companySymbol, symbol));
    return true;
  }
  const figures = figuresOf(provider, consensus);
  const changed = !held || FIGURES.some((field) => held[field] !== figures[field]);
  const values = { ...figures, fetchedAt: new Date() };
  await db
    .insert(analystConsensus)
    .values({ companySymbol: symbol, ...values })
    .onConflictDoUpdate({ target: analystConsensus.companySymbol, set: values });
  return changed;
}
