/**
 * The analyst summary of a company (counts, average target, target range,
 * upside) is derived by this one rule, so the report, the rankings table, the
 * screener's columns and RedChat can never state different figures for the
 * same company: from its individual ratings, or, for a company with none, from
 * a provider's consensus (a month's counts by kind and the targets' spread).
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

/** A month's recommendations of a company by kind, as a provider counts them. */
export interface RecommendationCounts {
  /** The month the counts are of (its first day, YYYY-MM-DD). */
  period: string;
  strongBuy: number;
  buy: number;
  hold: number;
  sell: number;
  strongSell: number;
}

/** A provider's consensus of a company as stored: a month's recommendations by kind, and the price targets' spread. */
export interface ConsensusFigures extends RecommendationCounts {
  provider: string;
  targetMean: number | null;
  targetHigh: number | null;
  targetLow: number | null;
}

/** The providers' names as readers see them, by the key stored with a consensus. */
const PROVIDER_NAMES: Record<string, string> = { finnhub: 'Finnhub' };

export const providerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;

/** A consensus read as the site's three kinds: a strong buy is a buy, a strong sell a sell. */
export function summarizeConsensus(consensus: ConsensusFigures, lastSale: number | null): AnalystSummary {
  const buyRatings = consensus.strongBuy + consensus.buy;
  const sellRatings = consensus.sell + consensus.strongSell;
  return {
    buyRatings,
    holdRatings: consensus.hold,
    sellRatings,
    totalAnalysts: buyRatings + consensus.hold + sellRatings,
    priceTarget: consensus.targetMean,
    highPriceTarget: consensus.targetHigh,
    lowPriceTarget: consensus.targetLow,
    priceTargetUpside: targetUpside(consensus.targetMean, lastSale),
  };
}

/**
 * A company's analyst summary: its own ratings always win; a provider's consensus stands in only
 * for a company no rating is held of.
 */
export function analystSummary(
  ratings: readonly AnalystRatingFigures[],
  consensus: ConsensusFigures | null,
  lastSale: number | null,
): AnalystSummary {
  return ratings.length === 0 && consensus
    ? summarizeConsensus(consensus, lastSale)
    : summarizeAnalystRatings(ratings, lastSale);
}

/** 'November 2021': the month a consensus is of. */
export const consensusMonth = (period: string): string =>
  new Date(`${period.slice(0, 7)}-01T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Where figures taken from a consensus come from, as the page, the report and RedChat say it. */
export function consensusSourceLine(
  consensus: Pick<ConsensusFigures, 'provider' | 'period'>,
  analysts: number,
): string {
  return `Consensus of ${analysts} analyst${analysts === 1 ? '' : 's'}, ${providerName(consensus.provider)}, ${consensusMonth(consensus.period)}.`;
}
