import { describe, expect, it } from 'vitest';
import {
  describeChange,
  formatCompact,
  formatDollars,
  formatMarketCapMillions,
  formatPrice,
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

  it('keep three decimals below one cent', () => {
    expect(formatCompact(0.0042)).toBe('0.004');
    expect(formatPrice(0.0042)).toBe('0.004');
    expect(formatPrice(0.5)).toBe('0.50');
  });

  it('show prices with two decimals and market cap in millions', () => {
    expect(formatPrice(12.3456)).toBe('12.35');
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatMarketCapMillions(523_456_789)).toBe('523.46M');
    expect(formatMarketCapMillions(null)).toBe('—');
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
