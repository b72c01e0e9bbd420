import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMNS,
  IPO_PHONE_LEAD,
  MOVERS_PHONE_LEAD,
  SCREENER_COLUMNS,
  formatCell,
  gridColumns,
  heartColumnWidth,
  leadOnPhone,
  normaliseColumns,
} from '../../src/lib/screener-columns.ts';
import { SORT_FIELDS } from '../../src/lib/screener.ts';

describe('screener columns', () => {
  it('show symbol, name, market cap, last sale, change, IPO year and volume by default', () => {
    expect(DEFAULT_COLUMNS).toEqual(['symbol', 'name', 'market_cap', 'last_sale', 'change_pre', 'ipo_year', 'volume']);
  });

  it('offer every sortable row field in the column chooser', () => {
    const offered = new Set(SCREENER_COLUMNS.map((c) => c.field));
    for (const field of SORT_FIELDS) expect(offered, field).toContain(field);
  });

  it('always keep symbol and name, in the catalogue order, dropping unknown fields', () => {
    expect(normaliseColumns(['volume', 'hacked', 'last_sale'])).toEqual(['symbol', 'name', 'last_sale', 'volume']);
  });
});

describe('the grid on a phone', () => {
  /** A 360px phone less the page's side padding (16px each side) and the grid's borders. */
  const PHONE_GRID_WIDTH = 360 - 32 - 2;

  it('leads with symbol, price and change, then the other chosen columns in order', () => {
    expect(gridColumns(DEFAULT_COLUMNS, true).map((c) => c.column.field)).toEqual([
      'symbol',
      'last_sale',
      'change_pre',
      'name',
      'market_cap',
      'ipo_year',
      'volume',
    ]);
  });

  it('fits the heart, symbol, price and change in the first view', () => {
    const lead = gridColumns(DEFAULT_COLUMNS, true).slice(0, 3);
    const width = heartColumnWidth(true) + lead.reduce((sum, c) => sum + c.width, 0);
    expect(width).toBeLessThanOrEqual(PHONE_GRID_WIDTH);
  });

  it('leads with what was chosen of them when price or change is not', () => {
    expect(gridColumns(['symbol', 'name', 'change_pre', 'volume'], true).map((c) => c.column.field)).toEqual([
      'symbol',
      'change_pre',
      'name',
      'volume',
    ]);
  });

  it('keeps the chosen order and widths on wider screens', () => {
    const wide = gridColumns(DEFAULT_COLUMNS, false);
    expect(wide.map((c) => c.column.field)).toEqual([...DEFAULT_COLUMNS]);
    expect(wide.map((c) => c.width)).toEqual(wide.map((c) => c.column.width));
  });
});

describe('Top Leaders, Top Laggards and the IPO calendar on a phone', () => {
  /** A 360px phone less the page's side padding (16px each side) and the grid's borders. */
  const PHONE_GRID_WIDTH = 360 - 32 - 2;
  const MOVER_FIELDS = ['symbol', 'name', 'change_pre', 'last_sale', 'net_change', 'volume', 'market_cap'];
  const IPO_KEYS = ['company_name', 'symbol', 'exchange', 'sector', 'price_range', 'shares_offered', 'deal_size'];

  it('lead the movers with symbol, price and change, the name next, in room for double-digit moves', () => {
    const columns = gridColumns(MOVER_FIELDS, true, MOVERS_PHONE_LEAD);
    expect(columns.map((c) => c.column.field)).toEqual([
      'symbol',
      'last_sale',
      'change_pre',
      'name',
      'net_change',
      'volume',
      'market_cap',
    ]);
    expect(columns.slice(0, 3).reduce((sum, c) => sum + c.width, 0)).toBeLessThanOrEqual(PHONE_GRID_WIDTH);
    // "▲ +117.64%" at 14px (90px) with the dense grid's padding.
    expect(columns[2]!.width).toBeGreaterThanOrEqual(104);
  });

  it('lead the IPO calendar with the company, its price range and its date, then the rest in the server’s order', () => {
    const columns = leadOnPhone([...IPO_KEYS, 'expected_date'], (key) => key, IPO_PHONE_LEAD);
    expect(columns.map((c) => c.column)).toEqual([
      'company_name',
      'price_range',
      'expected_date',
      'symbol',
      'exchange',
      'sector',
      'shares_offered',
      'deal_size',
    ]);
    expect(columns.slice(0, 2).reduce((sum, c) => sum + c.width!, 0)).toBeLessThanOrEqual(PHONE_GRID_WIDTH);
    expect(columns.slice(3).every((c) => c.width === undefined)).toBe(true);
  });

  it('skip a lead column the grid does not have', () => {
    expect(
      leadOnPhone(IPO_KEYS, (key) => key, IPO_PHONE_LEAD)
        .map((c) => c.column)
        .slice(0, 4),
    ).toEqual(['company_name', 'price_range', 'symbol', 'exchange']);
  });
});

describe('cell formats', () => {
  it('show market cap in millions below $1,000M and in billions from there', () => {
    expect(formatCell('market-cap', 523_456_789)).toBe('$523.46M');
    expect(formatCell('market-cap', 1_234_560_000)).toBe('$1.23B');
  });

  it('show prices with two decimals and three below one cent', () => {
    expect(formatCell('price', 12.3)).toBe('12.30');
    expect(formatCell('price', 0.0042)).toBe('0.004');
  });

  it('show volumes and share counts whole, abbreviated with K, M, B and T from a thousand', () => {
    expect(formatCell('shares', 950)).toBe('950');
    expect(formatCell('shares', 12_500)).toBe('12.50K');
    expect(formatCell('shares', 3_400_000)).toBe('3.40M');
    expect(formatCell('shares', 2_000_000_000)).toBe('2.00B');
  });

  it('give volume, average volume, shares outstanding and float the share count format', () => {
    const formats = Object.fromEntries(SCREENER_COLUMNS.map((c) => [c.field, c.format]));
    expect([formats.volume, formats.volume_avg, formats.shares_outstanding, formats.float_shares]).toEqual([
      'shares',
      'shares',
      'shares',
      'shares',
    ]);
  });

  it('mark rises up and everything else down', () => {
    expect(formatCell('change', 2.5)).toBe('▲ +2.50%');
    expect(formatCell('change', -1.25)).toBe('▼ -1.25%');
    expect(formatCell('change', 0)).toBe('▼ 0.00%');
  });

  it('show insider ownership fractions as percentages and signs on growth', () => {
    expect(formatCell('fraction-percent', 0.0345)).toBe('3.45%');
    expect(formatCell('signed-percent', 12)).toBe('+12.00%');
    expect(formatCell('signed-price', -0.5)).toBe('-0.50');
  });

  it('show a dash for values the data does not have', () => {
    expect(formatCell('price', null)).toBe('—');
    expect(formatCell('shares', Number.NaN)).toBe('—');
    expect(formatCell('text', undefined)).toBe('—');
  });
});
