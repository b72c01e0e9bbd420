/**
 * Keeps the market snapshot moving. During NYSE hours (New York time, the
 * computed holiday calendar) it applies quotes from a provider to every
 * company; at 3:30am ET it clears the day's snapshot fields so they refill as
 * quotes arrive; after the close it records the day's bar in the price
 * history. Each step is idempotent: a restart repeats nothing.
 */
import { eq } from 'drizzle-orm';
import { isTradingDay, marketSession, toNewYork } from '../../../lib/market-calendar.ts';
import type { Db } from '../../platform/db/client.ts';
import { paceAfter } from '../../platform/db/pace.ts';
import type { Logger } from '../../platform/logger.ts';
import { readMeta, writeMeta } from '../../platform/meta.ts';
import { companiesView, recordSessionBars, resetQuoteDay, writeQuotes } from '../companies/index.ts';

export interface Quote {
  symbol: string;
  price: number;
  /** Shares traded so far today. */
  volume: number;
}

export interface QuoteProvider {
  readonly name: string;
  quotes(companies: { symbol: string; preClose: number; volumeAvg: number }[], at: Date): Promise<Quote[]>;
}

/** 3:30am New York time: the day's snapshot fields are cleared. */
export const RESET_MINUTES = 3 * 60 + 30;

export const META_RESET = 'market_reset_date';
export const META_CLOSE = 'market_close_date';

export interface MarketDataJobOptions {
  db: Db;
  provider: QuoteProvider;
  logger: Logger;
  /** Called after the snapshot changed (the screener reloads it). */
  onChange: () => void;
}

/**
 * Quotes written per statement: on the embedded database a statement runs on
 * the server's thread, so requests go between two pages (see paceAfter)
 * instead of waiting for the whole universe's update.
 */
export const QUOTES_PAGE_ROWS = 250;

/** How often the market-data job runs (each run does what is due at that minute). */
export const MARKET_DATA_INTERVAL_MS = 60_000;

export interface MarketDataJob {
  /** Does whatever is due at this instant; resolves with what it did. */
  tick(at?: Date): Promise<'quotes' | 'reset' | 'close' | 'idle'>;
}

export function createMarketDataJob(options: MarketDataJobOptions): MarketDataJob {
  const { db, provider, logger } = options;

  async function applyQuotes(at: Date): Promise<void> {
    const list = await db
      .select({ symbol: companiesView.symbol, preClose: companiesView.preClose, volumeAvg: companiesView.volumeAvg })
      .from(companiesView)
      .where(eq(companiesView.active, true));
    const quotes = await provider.quotes(
      list
        .filter((c) => c.preClose !== null)
        .map((c) => ({ symbol: c.symbol, preClose: c.preClose!, volumeAvg: c.volumeAvg ?? 0 })),
      at,
    );
    for (let i = 0; i < quotes.length; i += QUOTES_PAGE_ROWS) {
      const started = performance.now();
      await writeQuotes(db, quotes.slice(i, i + QUOTES_PAGE_ROWS), at, provider.name);
      if (i + QUOTES_PAGE_ROWS < quotes.length) await paceAfter(started);
    }
  }

  async function tick(at = new Date()): Promise<'quotes' | 'reset' | 'close' | 'idle'> {
    const ny = toNewYork(at);
    if (!isTradingDay(ny.date) || ny.minutes < RESET_MINUTES) return 'idle';
    // The reset comes first on every trading day, even when the server was down at 3:30am.
    let did: 'quotes' | 'reset' | 'close' | 'idle' = 'idle';
    if ((await readMeta<string>(db, META_RESET)) !== ny.date) {
      await resetQuoteDay(db);
      await writeMeta(db, META_RESET, ny.date);
      logger.info({ date: ny.date }, 'daily snapshot fields cleared');
      did = 'reset';
    }
    const session = marketSession(at);
    if (session === 'open') {
      await applyQuotes(at);
      did = 'quotes';
    } else if (session === 'after-hours' && (await readMeta<string>(db, META_CLOSE)) !== ny.date) {
      await applyQuotes(at); // the closing price
      const bars = await recordSessionBars(db, ny.date);
      await writeMeta(db, META_CLOSE, ny.date);
      logger.info({ date: ny.date, bars }, 'market close recorded');
      did = 'close';
    }
    if (did !== 'idle') options.onChange();
    return did;
  }

  return { tick };
}
