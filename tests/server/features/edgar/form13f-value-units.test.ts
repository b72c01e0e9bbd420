/**
 * What a 13F value is worth in dollars: thousands for reports filed before 2023-01-03, dollars
 * since (the SEC's data set readme), and a report whose holdings are worth a thousandfold off
 * their shares' prices read in the other unit, on real filings of both kinds
 * (tests/fixtures/edgar/13f).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readForm13fSubmission } from '../../../../src/server/features/edgar/form13f/documents.ts';
import {
  VALUE_IN_DOLLARS_FROM,
  checkPrice,
  correction,
  emptyPriceCheck,
  valueMultiplier,
} from '../../../../src/server/features/edgar/form13f/value-units.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/13f');
const filing = (name: string) => readForm13fSubmission(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), name);

/** Each line's implied price checked against the prices its shares really had. */
function checked(name: string, prices: Record<string, number>) {
  const { filing: f, rows } = filing(name);
  const rule = valueMultiplier(f.filedOn);
  const check = emptyPriceCheck();
  for (const row of rows) checkPrice(check, row.value * rule, row.amount, prices[row.cusip]);
  return { rule, check, factor: correction(check) };
}

describe('a 13F value', () => {
  it('is in thousands when filed before January 3, 2023, and in dollars from that day, whatever its quarter', () => {
    expect(VALUE_IN_DOLLARS_FROM).toBe('2023-01-03');
    expect(valueMultiplier('2023-01-02')).toBe(1000);
    expect(valueMultiplier('2023-01-03')).toBe(1);
    // MetLife's 2021 report was filed in March 2023: its values are dollars (SPY 9,866 shares, $4,245,201).
    const metlife = filing('0001140361-23-013281.txt');
    expect(metlife.filing.period < '2022-01-01' && valueMultiplier(metlife.filing.filedOn)).toBe(1);
  });

  it('of a report filed in 2021 in thousands fits its shares’ prices once multiplied (Apple at about $132.69)', () => {
    const { rule, check, factor } = checked('0001619124-21-000002.txt', { '037833100': 132.69 });
    expect(rule).toBe(1000);
    expect(check).toEqual({ near: 1, thousandsLow: 0, thousandsHigh: 0 });
    expect(factor).toBe(1);
  });

  it('of a report filed in 2023 still in thousands is corrected: its holdings came out 1,000 times too low', () => {
    // Bull Street Advisors' report of 2023-02-28: Johnson & Johnson 48,027 shares at $8,484, AFLAC 8,065 at $580.
    const { rule, check, factor } = checked('0001790837-23-000002.txt', { '478160104': 176.65, '001055102': 71.94 });
    expect(rule).toBe(1);
    expect(check.thousandsLow).toBe(2);
    expect(factor).toBe(1000);
  });

  it('stands by the rule when the report has no priced holding, or its holdings fit their prices', () => {
    expect(checked('0001894188-23-000007.txt', {}).factor).toBe(1);
    // LTS One Management's Amazon: 137,500 shares worth $17,479,000 at about $127.12.
    expect(checked('0001894188-23-000007.txt', { '023135106': 127.12 })).toMatchObject({
      factor: 1,
      check: { near: 1 },
    });
  });

  it('read in dollars though filed before 2023 is corrected the other way', () => {
    const check = emptyPriceCheck();
    // 1,000 shares at $20 filed as $20,000 (dollars) but read as thousands: $20,000,000.
    checkPrice(check, 20_000 * 1000, 1000, 20);
    expect(correction(check)).toBe(0.001);
  });
});
