import { describe, expect, it } from 'vitest';
import {
  describeChange,
  formatCompact,
  formatCount,
  formatDollars,
  formatMoney,
  formatPrice,
  formatShares,
} from '../../src/lib/format.ts';

describe('number formats', () => {
  it('abbreviate thousands, millions, billions and trillions with two decimals', () => {
    expect(formatCompact(999)).toBe('999.00');
    expect(formatCompact(1000)).toBe('1.00K');
    expect(formatCompact(1_234_567)).toBe('1.23M');
    expect(formatCompact(2_500_000_000)).toBe('2.50B');
    expect(formatCompact(1.5e12)).toBe('1.50T');
    expect(formatCompact(-45_000)).toBe('-45.00K');
  });

  it('move up a unit when rounding reaches a thousand of the smaller one', () => {
    expect(formatCompact(999_999)).toBe('1.00M');
    expect(formatCompact(999_995_000)).toBe('1.00B');
    expect(formatCompact(999_994)).toBe('999.99K');
  });

  it('write counts with a comma between thousands, as the US locale does', () => {
    for (const value of [0, 7, 999, 1000, 4200, 12_345, 999_999, 1_000_000, 1_234_567_890, -1234, 1234.6]) {
      expect(formatCount(value), String(value)).toBe(Math.round(value).toLocaleString('en-US'));
    }
  });

  it('keep three decimals below one cent', () => {
    expect(formatCompact(0.0042)).toBe('0.004');
    expect(formatPrice(0.0042)).toBe('0.004');
    expect(formatPrice(0.5)).toBe('0.50');
  });

  it('show prices with two decimals and thousands separators', () => {
    expect(formatPrice(12.3456)).toBe('12.35');
    expect(formatPrice(1234.5)).toBe('1,234.50');
  });

  it('show sums of money in millions below $1,000M and in billions from there', () => {
    expect(formatMoney(523_456_789)).toBe('$523.46M');
    expect(formatMoney(1_202_290_000)).toBe('$1.20B');
    expect(formatMoney(2_000_000_000)).toBe('$2.00B');
    expect(formatMoney(999_999_999)).toBe('$1.00B');
    expect(formatMoney(850_000)).toBe('$850.00K');
    expect(formatMoney(-3_500_000)).toBe('-$3.50M');
    expect(formatMoney(null)).toBe('—');
  });

  it('show shares whole below a thousand and scaled from there', () => {
    expect(formatShares(800)).toBe('800');
    expect(formatShares(0)).toBe('0');
    expect(formatShares(12_500)).toBe('12.50K');
    expect(formatShares(3_400_000)).toBe('3.40M');
    expect(formatShares(undefined)).toBe('—');
  });

  it('show dollar amounts with the sign, and a dash with no sign when there is no figure', () => {
    expect(formatDollars(4.25)).toBe('$4.25');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0.0042)).toBe('$0.004');
    expect(formatDollars(null)).toBe('—');
    expect(formatDollars(Number.NaN)).toBe('—');
  });

  it('mark positive change as up and everything else as down', () => {
    expect(describeChange(2.345)).toEqual({ text: '▲ +2.35%', direction: 'up' });
    expect(describeChange(0)).toEqual({ text: '▼ 0.00%', direction: 'down' });
    expect(describeChange(-1.2)).toEqual({ text: '▼ -1.20%', direction: 'down' });
  });
});
