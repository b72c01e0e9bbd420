/**
 * Keeps the market snapshot moving. During NYSE hours (New York time, the
 * computed holiday calendar) it applies quotes from a provider to every
 * company; at 3:30am ET it clears the day's snapshot fields so they refill as
 * quotes arrive; after the close it records the day's bar in the price
 * history. Each step is idempotent: a restart repeats nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { appMeta, companies } from '../../schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { createRandom } from '../../demo/random.ts';
import {
  MARKET_OPEN_MINUTES,
  closeMinutes,
  isTradingDay,
  marketSession,
  toNewYork,
} from '../../../lib/market-calendar.ts';

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

/**
 * Demo quotes: a deterministic intraday path per symbol and day, so every
 * instance and every restart sees the same prices for the same minute.
 */
export function createDemoQuoteProvider(seed: string): QuoteProvider {
  return {
    name: 'demo',
    async quotes(list, at) {
      const ny = toNewYork(at);
      const open = MARKET_OPEN_MINUTES;
      const length = closeMinutes(ny.date) - open;
      const minute = Math.max(0, Math.min(length, ny.minutes - open));
      const progress = minute / length;
      return list.map(({ symbol, preClose, volumeAvg }) => {
        const day = createRandom(`${seed}:${symbol}:${ny.date}`);
        const dailyVol = day.between(0.01, 0.06);
        const endMove = day.normal() * dailyVol;
        // A bridge from the previous close to the day's end move, with a wiggle that dies out at both ends.
        const wiggle = createRandom(`${seed}:${symbol}:${ny.date}:${minute}`).normal() * dailyVol * 0.25;
        const logMove = endMove * progress + wiggle * Math.sqrt(progress * (1 - progress));
        const price = Math.max(0.0001, preClose * Math.exp(logMove));
        const volume = Math.round(volumeAvg * day.between(0.4, 1.8) * progress);
        return { symbol, price: price < 1 ? Math.round(price * 1e4) / 1e4 : Math.round(price * 100) / 100, volume };
      });
    },
  };
}

export const META_RESET = 'market_reset_date';
export const META_CLOSE = 'market_close_date';

async function metaDate(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row ? (row.value as string) : null;
}

async function setMetaDate(db: Db, key: string, date: string): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value: date })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: date, updatedAt: new Date() } });
}

export interface MarketDataJobOptions {
  db: Db;
  provider: QuoteProvider;
  logger: Logger;
  /** Called after the snapshot changed (the screener reloads it). */
  onChange: () => void;
  intervalMs?: number;
}

export interface MarketDataJob {
  /** Does whatever is due at this instant; resolves with what it did. */
  tick(at?: Date): Promise<'quotes' | 'reset' | 'close' | 'idle'>;
  start(): void;
  stop(): Promise<void>;
}

export function createMarketDataJob(options: MarketDataJobOptions): MarketDataJob {
  const { db, provider, logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  async function applyQuotes(at: Date): Promise<void> {
    const list = await db
      .select({ symbol: companies.symbol, preClose: companies.preClose, volumeAvg: companies.volumeAvg })
      .from(companies);
    const quotes = await provider.quotes(
      list
        .filter((c) => c.preClose !== null)
        .map((c) => ({ symbol: c.symbol, preClose: c.preClose!, volumeAvg: c.volumeAvg ?? 0 })),
      at,
    );
    if (quotes.length === 0) return;
    const values = sql.join(
      quotes.map((q) => sql`(${q.symbol}, ${q.price}::float8, ${q.volume}::bigint)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${companies} c set
        last_sale = q.price,
        open = coalesce(c.open, q.price),
        day_high = greatest(coalesce(c.day_high, q.price), q.price),
        day_low = least(coalesce(c.day_low, q.price), q.price),
        net_change = round((q.price - c.pre_close)::numeric, 4)::float8,
        change_pre = round(((q.price - c.pre_close) / c.pre_close * 100)::numeric, 4)::float8,
        volume = greatest(coalesce(c.volume, 0), q.volume),
        market_cap = round(q.price * c.shares_outstanding),
        week52_low = least(c.week52_low, q.price),
        week52_high = greatest(c.week52_high, q.price),
        quote_updated_at = ${at.toISOString()}::timestamptz
      from (values ${values}) as q(symbol, price, volume)
      where c.symbol = q.symbol and c.pre_close > 0`);
  }

  /** Yesterday's last price becomes the previous close; the day's fields empty out. */
  async function resetDay(): Promise<void> {
    await db.execute(sql`
      update ${companies} set
        pre_close = coalesce(last_sale, pre_close),
        open = null, day_high = null, day_low = null, volume = null,
        net_change = null, change_pre = null, quote_updated_at = null`);
  }

  /** Records the finished session as a daily bar. */
  async function closeDay(date: string): Promise<number> {
    const result = await db.execute(sql`
      insert into daily_prices (symbol, date, open, high, low, close, volume)
      select symbol, ${date}::date, open, day_high, day_low, last_sale, coalesce(volume, 0)
      from ${companies}
      where open is not null and last_sale is not null and day_high is not null and day_low is not null
      on conflict (symbol, date) do nothing
      returning symbol`);
    return rowsOf(result).length;
  }

  async function tick(at = new Date()): Promise<'quotes' | 'reset' | 'close' | 'idle'> {
    const ny = toNewYork(at);
    if (!isTradingDay(ny.date) || ny.minutes < RESET_MINUTES) return 'idle';
    // The reset comes first on every trading day, even when the server was down at 3:30am.
    let did: 'quotes' | 'reset' | 'close' | 'idle' = 'idle';
    if ((await metaDate(db, META_RESET)) !== ny.date) {
      await resetDay();
      await setMetaDate(db, META_RESET, ny.date);
      logger.info({ date: ny.date }, 'daily snapshot fields cleared');
      did = 'reset';
    }
    const session = marketSession(at);
    if (session === 'open') {
      await applyQuotes(at);
      did = 'quotes';
    } else if (session === 'after-hours' && (await metaDate(db, META_CLOSE)) !== ny.date) {
      await applyQuotes(at); // the closing price
      const bars = await closeDay(ny.date);
      await setMetaDate(db, META_CLOSE, ny.date);
      logger.info({ date: ny.date, bars }, 'market close recorded');
      did = 'close';
    }
    if (did !== 'idle') options.onChange();
    return did;
  }

  return {
    tick,
    start() {
      const run = () => {
        running = tick()
          .catch((err: unknown) => logger.error({ err }, 'market data update failed'))
          .finally(() => {
            running = null;
          });
      };
      run();
      timer = setInterval(run, options.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
