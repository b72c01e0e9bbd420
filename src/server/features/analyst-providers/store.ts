/**
 * A provider's consensus of each company as the companies feature keeps it, one row a company
 * (companies/analyst-consensus.ts): the provider's answer read into the figures a row holds.
 */
import type { Db } from '../../platform/db/client.ts';
import { storeAnalystConsensus, type ConsensusRowFigures, type HeldConsensus } from '../companies/index.ts';
import type { ProviderConsensus } from './provider.ts';

const figuresOf = (provider: string, c: ProviderConsensus): ConsensusRowFigures => ({
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
  return storeAnalystConsensus(db, symbol, consensus && figuresOf(provider, consensus), held);
}
