/**
 * The market snapshot of each company as the market-data job moves it (market/market-data.ts): a
 * provider's quotes applied to the day's fields, the day's fields cleared each morning, and the
 * finished session recorded as a daily bar.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { toNewYork } from '../../../lib/market-calendar.ts';
import { companies } from './tables.ts';

/** A provider's quote of a company: its price now and the shares traded so far today. */
export interface QuoteUpdate {
  symbol: string;
  price: number;
  volume: number;
}

/** Applies quotes (one page of them) to the companies' day fields in one statement. */
export async function writeQuotes(db: Db, quotes: readonly QuoteUpdate[], at: Date, provider: string): Promise<void> {
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
      quote_updated_at = ${at.toISOString()}::timestamptz,
      -- A real provider's quote replaces an import's prices (demo records stay demo).
      data_source = case when c.data_source = 'demo' then 'demo' else ${provider} end,
      prices_as_of = case when c.data_source = 'demo' then c.prices_as_of else ${toNewYork(at).date}::date end
    from (values ${values}) as q(symbol, price, volume)
    where c.symbol = q.symbol and c.pre_close > 0`);
}

/** Yesterday's last price becomes the previous close; the day's fields empty out. */
export async function resetQuoteDay(db: Db): Promise<void> {
  await db.execute(sql`
    update ${companies} set
      pre_close = coalesce(last_sale, pre_close),
      open = null, day_high = null, day_low = null, volume = null,
      net_change = null, change_pre = null, quote_updated_at = null`);
}

/** Records the finished session as a daily bar of each company that traded; answers how many bars. */
export async function recordSessionBars(db: Db, date: string): Promise<number> {
  const result = await db.execute(sql`
    insert into daily_prices (symbol, date, open, high, low, close, volume)
    select symbol, ${date}::date, open, day_high, day_low, last_sale, coalesce(volume, 0)
    from ${companies}
    where open is not null and last_sale is not null and day_high is not null and day_low is not null
    on conflict (symbol, date) do nothing
    returning symbol`);
  return rowsOf(result).length;
}
