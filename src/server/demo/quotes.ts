/** Quotes for the demo universe: prices that move during NYSE hours without any outside source. */
import { MARKET_OPEN_MINUTES, closeMinutes, toNewYork } from '../../lib/market-calendar.ts';
import type { QuoteProvider } from '../features/market/index.ts';
import { createRandom } from './random.ts';

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
