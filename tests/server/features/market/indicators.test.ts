import { describe, expect, it } from 'vitest';
import { ema, macd, rsi, sma } from '../../../../src/server/features/market/indicators.ts';

describe('technical indicators', () => {
  const rising = Array.from({ length: 60 }, (_, i) => 10 + i);

  it('average the last values', () => {
    expect(sma([1, 2, 3, 4, 5], 5)).toBe(3);
    expect(sma([1, 2, 3, 4, 5], 2)).toBe(4.5);
    expect(sma([1, 2], 5)).toBeNull();
  });

  it('make an EMA of a constant series equal to the constant', () => {
    expect(ema(Array(30).fill(7), 10)).toBeCloseTo(7, 10);
  });

  it('give an RSI of 100 for a series that only rises and 0 for one that only falls', () => {
    expect(rsi(rising)).toBe(100);
    expect(rsi([...rising].reverse())).toBe(0);
  });

  it('make MACD positive in an uptrend', () => {
    expect(macd(rising)).toBeGreaterThan(0);
  });
});
