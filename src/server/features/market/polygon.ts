/**
 * Quotes from Polygon.io's snapshot API (GET /v2/snapshot/locale/us/markets/
 * stocks/tickers?tickers=A,B,C), the real provider of the market-data job.
 * Each run asks for as many batches of symbols as the plan's calls per
 * minute allow (the job runs once a minute), going on from where the last
 * run stopped, so the whole universe is refreshed in turn. A slow or failing
 * call is retried with backoff; a batch that still fails is left for its next
 * turn; a rate-limit answer pauses the provider for as long as it asks; a
 * refused key stops the run. The job runs beside the server's requests, never
 * in their way: every call has a time limit.
 */
import type { DataSource } from '../../../lib/data-sources.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Quote, QuoteProvider } from './market-data.ts';

export interface PolygonOptions {
  baseUrl: string;
  apiKey: string;
  /** The plan's limit (5 on the free plan). */
  callsPerMinute: number;
  /** Symbols per call. */
  batchSize: number;
  /** Per call, before it counts as failed. */
  timeoutMs?: number;
  /** Tries after the first, for a failed or slow call. */
  retries?: number;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Waits between tries (tests pass a quick one). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** How Polygon writes a symbol: class shares with a dot (BRK.B), preferred series with a small p (ABRpA). */
export const polygonTicker = (symbol: string): string => symbol.replace(/-P([A-Z]*)$/, 'p$1');

interface SnapshotTicker {
  ticker?: unknown;
  lastTrade?: { p?: unknown };
  day?: { c?: unknown; v?: unknown };
  min?: { c?: unknown; av?: unknown };
}

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

class RateLimited extends Error {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super('rate limited');
    this.retryAfterMs = retryAfterMs;
  }
}
class Refused extends Error {}

export function createPolygonQuoteProvider(options: PolygonOptions): QuoteProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  let cursor = 0;
  let pausedUntil = 0;

  /** One call for a batch, tried again after a failure or a time-out. */
  async function fetchBatch(symbols: string[]): Promise<Quote[]> {
    const bySymbol = new Map(symbols.map((s) => [polygonTicker(s), s]));
    const url = new URL('/v2/snapshot/locale/us/markets/stocks/tickers', options.baseUrl);
    url.searchParams.set('tickers', [...bySymbol.keys()].join(','));
    url.searchParams.set('apiKey', options.apiKey);
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (response.status === 429) {
          const seconds = Number(response.headers.get('retry-after'));
          throw new RateLimited(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000);
        }
        if (response.status === 401 || response.status === 403) throw new Refused(`key refused (${response.status})`);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { tickers?: unknown };
        const tickers = Array.isArray(body.tickers) ? (body.tickers as SnapshotTicker[]) : [];
        const quotes: Quote[] = [];
        for (const t of tickers) {
          const symbol = typeof t.ticker === 'string' ? bySymbol.get(t.ticker) : undefined;
          // The last trade, or the day's (or minute's) close when the plan has no trades.
          const price = positive(t.lastTrade?.p) ?? positive(t.day?.c) ?? positive(t.min?.c);
          if (!symbol || price === null) continue;
          const volume = positive(t.day?.v) ?? positive(t.min?.av) ?? 0;
          quotes.push({ symbol, price, volume: Math.round(volume) });
        }
        return quotes;
      } catch (error) {
        if (error instanceof RateLimited || error instanceof Refused) throw error;
        if (attempt >= retries) throw error;
        await sleep(500 * 2 ** attempt);
      }
    }
  }

  return {
    name: 'polygon' satisfies DataSource,
    async quotes(list) {
      if (now() < pausedUntil || list.length === 0) return [];
      const symbols = list.map((c) => c.symbol).sort();
      const batches = Math.min(options.callsPerMinute, Math.ceil(symbols.length / options.batchSize));
      const quotes: Quote[] = [];
      for (let b = 0; b < batches; b++) {
        if (cursor >= symbols.length) cursor = 0;
        const batch = symbols.slice(cursor, cursor + options.batchSize);
        try {
          quotes.push(...(await fetchBatch(batch)));
          cursor += batch.length;
        } catch (error) {
          if (error instanceof RateLimited) {
            pausedUntil = now() + error.retryAfterMs;
            options.logger.warn({ pauseMs: error.retryAfterMs }, 'quote provider rate limit reached; pausing');
            break;
          }
          if (error instanceof Refused) {
            options.logger.error({ err: error.message }, 'quote provider refused the API key');
            break;
          }
          // Left for its next turn: the others go on.
          options.logger.warn({ err: (error as Error).message, from: batch[0] }, 'quote batch failed after retries');
          cursor += batch.length;
        }
      }
      return quotes;
    },
  };
}
