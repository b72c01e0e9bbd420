/**
 * What the daily prices import (imports/prices.ts) writes of the companies: new and changed bars in
 * the price history, and each company's snapshot fields that come from its history.
 */
import { sql } from 'drizzle-orm';
import { arrayColumn } from '../../platform/db/arrays.ts';
import type { Db } from '../../platform/db/client.ts';
import { companies, dailyPrices } from './tables.ts';

/** A daily bar, as the price history keeps it. */
export type DailyBar = typeof dailyPrices.$inferSelect;

/** A company's snapshot fields computed again from its bars (oldest first), as stored. */
export interface PriceSnapshot {
  symbol: string;
  /** The bars are the newest prices on record: the last session replaces the company's. */
  newer: boolean;
  week52Low: number;
  week52High: number;
  volumeAvg: number;
  latestRsi: number | null;
  latestEma: number | null;
  latestSma: number | null;
  latestMacd: number | null;
  lastSale: number;
  preClose: number | null;
  netChange: number | null;
  changePercent: number | null;
  open: number;
  dayHigh: number;
  dayLow: number;
  volume: number;
  pricesAsOf: string;
}

/** Writes bars, new or changed, in one statement. */
export async function writeDailyBars(tx: Db, bars: readonly DailyBar[]): Promise<void> {
  if (!bars.length) return;
  await tx.execute(sql`
    insert into ${dailyPrices} (symbol, date, open, high, low, close, volume)
    select * from unnest(${arrayColumn(bars, (b) => b.symbol, 'text')}, ${arrayColumn(bars, (b) => b.date, 'date')},
      ${arrayColumn(bars, (b) => b.open, 'float8')}, ${arrayColumn(bars, (b) => b.high, 'float8')},
      ${arrayColumn(bars, (b) => b.low, 'float8')}, ${arrayColumn(bars, (b) => b.close, 'float8')},
      ${arrayColumn(bars, (b) => b.volume, 'int8')})
    on conflict (symbol, date) do update set open = excluded.open, high = excluded.high, low = excluded.low,
      close = excluded.close, volume = excluded.volume`);
}

/**
 * Writes companies' history-derived fields, and for those whose bars are the
 * newest prices on record, the last session's (the market cap moving with
 * the price, the data source becoming `source`), in one statement.
 */
export async function writePriceSnapshots(tx: Db, rows: readonly PriceSnapshot[], source: string): Promise<void> {
  const number = (pick: (r: PriceSnapshot) => number | null) => arrayColumn(rows, pick, 'float8');
  // Only the newer rows replace the last session; the others keep theirs.
  const session = (name: string) => sql.raw(`case when t.newer then t.${name} else c.${name} end`);
  await tx.execute(sql`
    update ${companies} as c set
      week52_low = t.week52_low, week52_high = t.week52_high, volume_avg = t.volume_avg,
      latest_rsi = t.latest_rsi, latest_ema = t.latest_ema, latest_sma = t.latest_sma, latest_macd = t.latest_macd,
      last_sale = ${session('last_sale')}, pre_close = ${session('pre_close')}, net_change = ${session('net_change')},
      change_pre = ${session('change_pre')}, open = ${session('open')}, day_high = ${session('day_high')},
      day_low = ${session('day_low')}, volume = ${session('volume')}, prices_as_of = ${session('prices_as_of')},
      data_source = case when t.newer then ${source} else c.data_source end,
      market_cap = case when t.newer and c.shares_outstanding > 0 then c.shares_outstanding * t.last_sale
        else c.market_cap end
    from unnest(
      ${arrayColumn(rows, (r) => r.symbol, 'text')}, ${arrayColumn(rows, (r) => r.newer, 'bool')},
      ${number((r) => r.week52Low)}, ${number((r) => r.week52High)}, ${arrayColumn(rows, (r) => r.volumeAvg, 'int8')},
      ${number((r) => r.latestRsi)}, ${number((r) => r.latestEma)}, ${number((r) => r.latestSma)},
      ${number((r) => r.latestMacd)}, ${number((r) => r.lastSale)}, ${number((r) => r.preClose)},
      ${number((r) => r.netChange)}, ${number((r) => r.changePercent)}, ${number((r) => r.open)},
      ${number((r) => r.dayHigh)}, ${number((r) => r.dayLow)}, ${arrayColumn(rows, (r) => r.volume, 'int8')},
      ${arrayColumn(rows, (r) => r.pricesAsOf, 'date')}
    ) as t(symbol, newer, week52_low, week52_high, volume_avg, latest_rsi, latest_ema, latest_sma, latest_macd,
      last_sale, pre_close, net_change, change_pre, open, day_high, day_low, volume, prices_as_of)
    where c.symbol = t.symbol`);
}
