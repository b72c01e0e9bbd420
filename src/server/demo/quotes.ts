/** Quotes for the demo universe: prices that move during NYSE hours without any outside source. */
import { MARKET_OPEN_MINUTES, closeMinutes, toNewYork } from '../../lib/market-calendar.ts';
import type { QuoteProvider } from '../features/market/index.ts';
import { createRandom } from './random.ts';

/** About one company in this many gaps at the open on a given session day, as small caps do on news. */
export const DEMO_GAP_ODDS = 80;

/**
 * A session day's gap at the open for a symbol: none most days, else a move
 * of 10–35% either way (its own random stream, so the rest of the day's
 * path is the same with or without it).
 */
export function demoGap(seed: string, symbol: string, date: string): number {
  const gap = createRandom(`${seed}:${symbol}:${date}:gap`);
  if (!gap.chance(1 / DEMO_GAP_ODDS)) return 0;
  const size = gap.between(0.1, 0.35);
  return gap.chance(0.5) ? size : -size;
}

/**
 * Demo quotes: a deterministic intraday path per symbol and day, so every
 * instance and every restart sees the same prices for the same minute. Now
 * and then a company gaps at the open (demoGap), so daily moves and new
 * 52-week highs and lows happen in the demo too.
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
        const gap = demoGap(seed, symbol, ny.date);
        const price = Math.max(0.0001, preClose * (1 + gap) * Math.exp(logMove));
        const volume = Math.round(volumeAvg * day.between(0.4, 1.8) * progress);
        return { symbol, price: price < 1 ? Math.round(price * 1e4) / 1e4 : Math.round(price * 100) / 100, volume };
      });
    },
  };
}
