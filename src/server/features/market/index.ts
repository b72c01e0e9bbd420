/**
 * Market data: what other parts may use. The market-data job that moves the
 * snapshot with a quote provider, the provider interface, the technical
 * indicators the snapshot derives, the job's facts in the database, and the
 * small-cap indices recomputed from imported prices.
 */
export {
  MARKET_DATA_INTERVAL_MS,
  META_CLOSE,
  META_RESET,
  createMarketDataJob,
  type MarketDataJob,
  type Quote,
  type QuoteProvider,
} from './market-data.ts';
export { ema, macd, rsi, sma } from './indicators.ts';
export { historyFigures } from './history-figures.ts';
export { createPolygonQuoteProvider } from './polygon.ts';
export { indexCloseAsOf, listIndices } from './indices.ts';
export { jobs } from './jobs.ts';
export { recomputeIndices } from './index-levels.ts';
export { removeDemoIndexHistory } from './demo-retirement.ts';
