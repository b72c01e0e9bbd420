import { describe, expect, it } from 'vitest';
import {
  analystSummary,
  consensusSourceLine,
  summarizeAnalystRatings,
  targetUpside,
  type ConsensusFigures,
} from '../../src/lib/analysts.ts';

describe('analyst summary', () => {
  it('counts the ratings by kind and takes the mean, lowest and highest of their targets', () => {
    const summary = summarizeAnalystRatings(
      [
        { recommendation: 'Buy', priceTarget: 12 },
        { recommendation: 'Hold', priceTarget: 9 },
        { recommendation: 'Buy', priceTarget: null },
        { recommendation: 'Sell', priceTarget: 6 },
      ],
      8,
    );
    expect(summary).toEqual({
      buyRatings: 2,
      holdRatings: 1,
      sellRatings: 1,
      totalAnalysts: 4,
      priceTarget: 9,
      highPriceTarget: 12,
      lowPriceTarget: 6,
      priceTargetUpside: 12.5,
    });
  });

  it('gives one analyst’s target as the average and both ends of the range', () => {
    const summary = summarizeAnalystRatings([{ recommendation: 'Sell', priceTarget: 75.41 }], 80);
    expect([summary.totalAnalysts, summary.priceTarget, summary.lowPriceTarget, summary.highPriceTarget]).toEqual([
      1, 75.41, 75.41, 75.41,
    ]);
  });

  it('has no targets and no upside without ratings, or without a price', () => {
    expect(summarizeAnalystRatings([], 5)).toMatchObject({
      totalAnalysts: 0,
      priceTarget: null,
      priceTargetUpside: null,
    });
    expect(targetUpside(10, null)).toBeNull();
    expect(targetUpside(10, 0)).toBeNull();
  });

  it('gives the same mean whatever order the ratings come in', () => {
    const targets = [0.1, 0.2, 0.3, 10.07, 3.33, 7.01];
    const ratings = targets.map((priceTarget) => ({ recommendation: 'Hold' as const, priceTarget }));
    const forward = summarizeAnalystRatings(ratings, 1).priceTarget;
    expect(summarizeAnalystRatings([...ratings].reverse(), 1).priceTarget).toBe(forward);
  });
});

describe('a provider’s consensus', () => {
  const consensus: ConsensusFigures = {
    provider: 'finnhub',
    period: '2021-11-01',
    strongBuy: 13,
    buy: 10,
    hold: 13,
    sell: 6,
    strongSell: 4,
    targetMean: 364.37,
    targetHigh: 462,
    targetLow: 217.15,
  };

  it('gives the figures of a company without ratings: strong buys as buys, strong sells as sells, its targets', () => {
    expect(analystSummary([], consensus, 300)).toEqual({
      buyRatings: 23,
      holdRatings: 13,
      sellRatings: 10,
      totalAnalysts: 46,
      priceTarget: 364.37,
      highPriceTarget: 462,
      lowPriceTarget: 217.15,
      priceTargetUpside: 21.46,
    });
  });

  it('gives way to a single rating of the company’s own', () => {
    const own = [{ recommendation: 'Hold' as const, priceTarget: 10 }];
    expect(analystSummary(own, consensus, 8)).toEqual(summarizeAnalystRatings(own, 8));
  });

  it('is named with its analysts, its provider and its month', () => {
    expect(consensusSourceLine(consensus, 46)).toBe('Consensus of 46 analysts, Finnhub, November 2021.');
    expect(consensusSourceLine({ provider: 'finnhub', period: '2026-01-01' }, 1)).toBe(
      'Consensus of 1 analyst, Finnhub, January 2026.',
    );
  });
});
