/**
 * The market feature's background work: one market-data job, its quotes
 * from the provider for the data in the database at each run: demo quotes
 * for the demo universe, a real provider's (when configured) once an import
 * replaced it, else none.
 */
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { MARKET_DATA_INTERVAL_MS, createMarketDataJob, type QuoteProvider } from './market-data.ts';

export interface MarketJobDeps {
  db: Db;
  logger: Logger;
  /** Quotes that move the demo universe. */
  demoQuotes: QuoteProvider;
  /** Quotes for imported data (none: prices stay as imported). */
  realQuotes: QuoteProvider | null;
  /** Whether the database holds the demo universe now. */
  holdsDemoData: () => Promise<boolean>;
  /** Told after quotes changed prices. */
  onChange: () => void;
}

export function jobs(deps: MarketJobDeps): JobDefinition[] {
  const { db, logger, onChange } = deps;
  const demo = createMarketDataJob({ db, provider: deps.demoQuotes, logger, onChange });
  const real = deps.realQuotes ? createMarketDataJob({ db, provider: deps.realQuotes, logger, onChange }) : null;
  return [
    {
      name: 'market-data',
      intervalMs: MARKET_DATA_INTERVAL_MS,
      leaderOnly: true,
      task: async () => {
        const job = (await deps.holdsDemoData()) ? demo : real;
        return job ? job.tick() : 'idle';
      },
    },
  ];
}
