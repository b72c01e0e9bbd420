/** Technical indicators over a series of closes, oldest first. */

export function sma(values: readonly number[], period: number): number | null {
  if (values.length < period || period <= 0) return null;
  let sum = 0;
  for (let i = values.length - period; i < values.length; i++) sum += values[i] as number;
  return sum / period;
}

/** Exponential moving average, seeded with the SMA of the first `period` values. */
export function emaSeries(values: readonly number[], period: number): number[] {
  if (values.length < period || period <= 0) return [];
  const k = 2 / (period + 1);
  let ema = 0;
  for (let i = 0; i < period; i++) ema += values[i] as number;
  ema /= period;
  const out = [ema];
  for (let i = period; i < values.length; i++) {
    ema = (values[i] as number) * k + ema * (1 - k);
    out.push(ema);
  }
  return out;
}

export function ema(values: readonly number[], period: number): number | null {
  const series = emaSeries(values, period);
  return series.length > 0 ? (series[series.length - 1] as number) : null;
}

/** Wilder's relative strength index, 0..100. */
export function rsi(values: readonly number[], period = 14): number | null {
  if (values.length <= period) return null;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const d = (values[i] as number) - (values[i - 1] as number);
    if (d >= 0) gain += d;
    else loss -= d;
  }
  gain /= period;
  loss /= period;
  for (let i = period + 1; i < values.length; i++) {
    const d = (values[i] as number) - (values[i - 1] as number);
    gain = (gain * (period - 1) + Math.max(d, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-d, 0)) / period;
  }
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

/** MACD line: EMA(12) − EMA(26). */
export function macd(values: readonly number[], fast = 12, slow = 26): number | null {
  const f = ema(values, fast);
  const s = ema(values, slow);
  return f === null || s === null ? null : f - s;
}
