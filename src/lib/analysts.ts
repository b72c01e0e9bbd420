/**
 * The analyst summary of a company (counts, average target, target range,
 * upside) is derived from its individual ratings by this one rule, so the
 * report, the rankings table, the screener's columns and RedChat can never
 * state different figures for the same company.
 */

export type Recommendation = 'Buy' | 'Hold' | 'Sell';

export interface AnalystRatingFigures {
  recommendation: Recommendation;
  priceTarget: number | null;
}

export interface AnalystSummary {
  buyRatings: number;
  holdRatings: number;
  sellRatings: number;
  totalAnalysts: number;
  /** The mean of the ratings' targets, unrounded: formats round it once (null when none gives one). */
  priceTarget: number | null;
  highPriceTarget: number | null;
  lowPriceTarget: number | null;
  /** The average target against the last sale, in percent. */
  priceTargetUpside: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** How far the average target lies above (or below) the last sale, in percent. */
export function targetUpside(priceTarget: number | null, lastSale: number | null): number | null {
  if (priceTarget === null || lastSale === null || !(lastSale > 0)) return null;
  return round((priceTarget / lastSale - 1) * 100, 2);
}

export function summarizeAnalystRatings(
  ratings: readonly AnalystRatingFigures[],
  lastSale: number | null,
): AnalystSummary {
  const count = (recommendation: Recommendation) => ratings.filter((r) => r.recommendation === recommendation).length;
  // Summed in ascending order, so the mean is the same number whatever order the ratings come in.
  const targets = ratings
    .map((r) => r.priceTarget)
    .filter((p): p is number => p !== null && Number.isFinite(p))
    .sort((a, b) => a - b);
  const priceTarget = targets.length ? targets.reduce((s, p) => s + p, 0) / targets.length : null;
  return {
    buyRatings: count('Buy'),
    holdRatings: count('Hold'),
    sellRatings: count('Sell'),
    totalAnalysts: ratings.length,
    priceTarget,
    highPriceTarget: targets.at(-1) ?? null,
    lowPriceTarget: targets[0] ?? null,
    priceTargetUpside: targetUpside(priceTarget, lastSale),
  };
}
