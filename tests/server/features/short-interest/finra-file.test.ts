/**
 * FINRA's short-interest file (real lines of its files): pipe-delimited, no quoting (an issue name may
 * open a quote it never closes, or hold a tab), one settlement date a file; a line that is not
 * FINRA's refuses the file with its line number. The settlement dates and publication days follow
 * FINRA's calendar, and the figures the site states come from one rule.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  publicationDay,
  readFinraFile,
  settlementDates,
} from '../../../../src/server/features/short-interest/index.ts';
import { finraSymbolOf, shortInterestFigures } from '../../../../src/lib/short-interest.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`../../../fixtures/finra/${name}`, import.meta.url), 'utf8');

describe('FINRA’s short-interest file', () => {
  it('reads every row with its positions, volume, days to cover and flags', async () => {
    const file = await readFinraFile(fixture('shrt20210715-first-rows.csv'), 'shrt20210715.csv');
    expect(file.settlementDate).toBe('2021-07-15');
    expect(file.rows).toHaveLength(293);
    expect(file.rows.find((r) => r.symbol === 'ABEO')).toEqual({
      symbol: 'ABEO',
      settlementDate: '2021-07-15',
      shortPosition: 4772840,
      previousPosition: 4078324,
      averageDailyVolume: 839079,
      daysToCover: 5.69,
      split: false,
      revised: false,
    });
  });

  it('takes quotes and tabs in issue names as they are', async () => {
    const quoted = await readFinraFile(fixture('shrt20180329-lines.csv'), 'shrt20180329.csv');
    expect(quoted.rows.map((r) => r.symbol)).toEqual(['DOCOF', 'DOD', 'DOG']);
    const tabbed = await readFinraFile(fixture('shrt20200115-lines.csv'), 'shrt20200115.csv');
    expect(tabbed.rows.map((r) => r.symbol)).toContain('AMBEF');
  });

  it('refuses a file that is not FINRA’s, naming the line', async () => {
    const text = fixture('shrt20250715-first-rows.csv');
    await expect(readFinraFile('symbol,name\nA,Agilent\n', 'screener.csv')).rejects.toThrow(
      'screener.csv: line 1 has no column settlementDate, symbolCode',
    );
    const lines = text.split('\n');
    lines[5] = lines[5]!.replace(/\|(\d+)\|(\d+)\|\|/, '|12x|$2||');
    await expect(readFinraFile(lines.join('\n'), 'bad.csv')).rejects.toThrow(
      'bad.csv: line 6: currentShortPositionQuantity "12x" is not a whole number of shares.',
    );
    const mixed = [...text.split('\n').slice(0, 3), fixture('shrt20210715-first-rows.csv').split('\n')[1]!].join('\n');
    await expect(readFinraFile(mixed, 'mixed.csv')).rejects.toThrow(
      'mixed.csv: line 4 is of 2021-07-15, the file of 2025-07-15: one settlement date a file.',
    );
    const cut = text.split('\n').slice(0, 4);
    cut[3] = cut[3]!.split('|').slice(0, 9).join('|');
    await expect(readFinraFile(cut.join('\n'), 'cut.csv')).rejects.toThrow(
      'cut.csv: line 4 has 9 fields where the header has 14.',
    );
    await expect(readFinraFile('', 'empty.csv')).rejects.toThrow('empty.csv is empty');
  });
});

describe('the short-interest calendar', () => {
  it('settles on the 15th and the month’s last business day, each moved back to a business day', () => {
    expect(settlementDates('2022-04-01', '2022-05-31')).toEqual([
      '2022-04-14',
      '2022-04-29',
      '2022-05-13',
      '2022-05-31',
    ]);
    expect(settlementDates('2021-02-01', '2021-02-28')).toEqual(['2021-02-12', '2021-02-26']);
  });

  it('is published on the seventh business day after the settlement date', () => {
    expect(publicationDay('2025-07-15')).toBe('2025-07-24');
    expect(publicationDay('2026-11-30')).toBe('2026-12-09');
  });
});

describe('short-interest figures', () => {
  it('give the share of the shares outstanding, and the change since the report before', () => {
    const figures = shortInterestFigures(
      {
        settlementDate: '2021-07-15',
        shortPosition: 4772840,
        previousPosition: 4078324,
        averageDailyVolume: 839079,
        daysToCover: 5.69,
      },
      100_000_000,
    );
    expect(figures).toEqual({
      settlementDate: '2021-07-15',
      shortPosition: 4772840,
      percentOfShares: 4.77,
      daysToCover: 5.69,
      change: 694516,
      changePercent: 17.03,
    });
    expect(shortInterestFigures({ ...figures, previousPosition: 0, averageDailyVolume: 0 }, null)).toMatchObject({
      percentOfShares: null,
      changePercent: null,
    });
    expect(finraSymbolOf('BRK.B')).toBe('BRKB');
  });
});
