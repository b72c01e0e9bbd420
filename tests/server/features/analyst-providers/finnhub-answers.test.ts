/**
 * Finnhub's answers as the analyst provider reads them, on recorded answers (tests/fixtures/finnhub):
 * the newest month of a company's recommendation trends with its five counts, no month for a symbol
 * Finnhub does not cover, the price-target consensus with its day and analysts; an answer that is not
 * what Finnhub documents is refused with the document's name and what is wrong.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  readPriceTarget,
  readRecommendationTrends,
} from '../../../../src/server/features/analyst-providers/finnhub.ts';
import { ProviderDocumentError } from '../../../../src/server/features/analyst-providers/index.ts';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../../fixtures/finnhub/${name}`, import.meta.url), 'utf8');
const DOC = 'Finnhub recommendation trends of TSLA';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof ProviderDocumentError) return error.message;
    throw error;
  }
  throw new Error('the answer was read');
};

describe('Finnhub’s recommendation trends', () => {
  it('give the newest month of a recorded answer with its five counts', () => {
    expect(readRecommendationTrends(fixture('recommendation-TSLA-2021-11-16.json'), DOC)).toEqual({
      period: '2021-11-01',
      strongBuy: 13,
      buy: 10,
      hold: 13,
      sell: 6,
      strongSell: 4,
    });
  });

  it('take the newest month whatever order the months come in', () => {
    const months = JSON.parse(fixture('recommendation-TSLA-2021-11-16.json')) as unknown[];
    const read = readRecommendationTrends(JSON.stringify(months.reverse()), DOC);
    expect(read?.period).toBe('2021-11-01');
    expect(read?.strongBuy).toBe(13);
  });

  it('give no month for a symbol Finnhub does not cover (its recorded empty list)', () => {
    expect(readRecommendationTrends(fixture('recommendation-INVALID_TICKER-2021-11-16.json'), DOC)).toBeNull();
  });

  it('are refused, naming the document, when they are not a list of months with whole counts', () => {
    expect(refusal(() => readRecommendationTrends('<html>Bad gateway</html>', DOC))).toBe(`${DOC}: is not JSON.`);
    expect(refusal(() => readRecommendationTrends(fixture('invalid-api-key-2023-02-03.json'), DOC))).toBe(
      `${DOC}: is not a list of months.`,
    );
    const month = { buy: 10, hold: 13, period: '2021-11-01', sell: 6, strongBuy: 13, strongSell: 4, symbol: 'TSLA' };
    expect(refusal(() => readRecommendationTrends(JSON.stringify([{ ...month, strongSell: 1.5 }]), DOC))).toBe(
      `${DOC}: month 1 (2021-11-01) has no count of strongSell as a whole number (1.5).`,
    );
    const { hold: _hold, ...withoutHold } = month;
    expect(refusal(() => readRecommendationTrends(JSON.stringify([month, withoutHold]), DOC))).toBe(
      `${DOC}: month 2 (2021-11-01) has no count of hold as a whole number (undefined).`,
    );
    expect(refusal(() => readRecommendationTrends(JSON.stringify([{ ...month, period: 'last month' }]), DOC))).toBe(
      `${DOC}: month 1 has no period as a date ("last month").`,
    );
  });
});

describe('Finnhub’s price-target consensus', () => {
  const PT = 'Finnhub price target of NFLX';

  it('gives the documented answer’s mean, median, high and low, its analysts and the day it changed', () => {
    expect(readPriceTarget(fixture('price-target-NFLX-documented.json'), PT)).toEqual({
      mean: 364.37,
      median: 359.04,
      high: 462,
      low: 217.15,
      analysts: 39,
      updatedOn: '2023-04-06',
    });
  });

  it('gives no targets when the answer has no mean target', () => {
    expect(
      readPriceTarget(
        '{"lastUpdated":"","symbol":"","targetHigh":0,"targetLow":0,"targetMean":0,"targetMedian":0}',
        PT,
      ),
    ).toBeNull();
    expect(readPriceTarget('{}', PT)).toBeNull();
  });

  it('is refused, naming the document, when a target is not a number', () => {
    const documented = JSON.parse(fixture('price-target-NFLX-documented.json')) as Record<string, unknown>;
    expect(refusal(() => readPriceTarget(JSON.stringify({ ...documented, targetHigh: '462' }), PT))).toBe(
      `${PT}: targetHigh is not a number ("462").`,
    );
    expect(refusal(() => readPriceTarget(JSON.stringify({ ...documented, numberAnalysts: -1 }), PT))).toBe(
      `${PT}: numberAnalysts is not a whole number (-1).`,
    );
    expect(refusal(() => readPriceTarget('[]', PT))).toBe(`${PT}: is not an object.`);
  });
});
