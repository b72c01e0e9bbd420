/**
 * The figures of a company's market record that come from its daily bars:
 * the 52-week range over the last year of sessions, the average volume over
 * the last three months, and the technical indicators the screener filters
 * on (RSI 14, EMA 20, SMA 50, MACD 12/26). The demo generator and the price
 * import both take them from here; each rounds them as it stores them.
 */
import { ema, macd, rsi, sma } from './indicators.ts';

/** Sessions in a year, and in the three months the average volume covers. */
const YEAR_SESSIONS = 252;
const AVERAGE_VOLUME_SESSIONS = 63;

export interface HistoryFigures {
  week52Low: number;
  week52High: number;
  volumeAvg: number;
  /** Null when the history is too short for the indicator. */
  rsi: number | null;
  ema20: number | null;
  sma50: number | null;
  macd: number | null;
}

/** From bars oldest first (at least one). */
export function historyFigures(
  bars: readonly { high: number; low: number; close: number; volume: number }[],
): HistoryFigures {
  const closes = bars.map((b) => b.close);
  const year = bars.slice(-YEAR_SESSIONS);
  const recent = bars.slice(-AVERAGE_VOLUME_SESSIONS);
  return {
    week52Low: Math.min(...year.map((b) => b.low)),
    week52High: Math.max(...year.map((b) => b.high)),
    volumeAvg: Math.round(recent.reduce((sum, b) => sum + b.volume, 0) / recent.length),
    rsi: rsi(closes),
    ema20: ema(closes, 20),
    sma50: sma(closes, 50),
    macd: macd(closes),
  };
}
