/**
 * A keyed provider of analysts' figures (docs/product.md §9.8): for a company, the month's count of
 * recommendations by kind and, where the account's plan gives them, the spread of the analysts' price
 * targets. What a provider answers is an aggregate: it is kept as the company's consensus and never
 * turned into ratings of named analysts. Each provider paces its own requests within what its plan
 * allows, so a sync only asks, company after company.
 */
import type { RecommendationCounts } from '../../../lib/analysts.ts';
import { SourceDocumentError, SourceUnavailable } from '../../platform/source-client.ts';

export interface ProviderTargets {
  mean: number;
  median: number | null;
  high: number | null;
  low: number | null;
  /** How many analysts' targets the figures are of, where the provider says. */
  analysts: number | null;
  /** The day the provider last changed them, where it says. */
  updatedOn: string | null;
}

export interface ProviderConsensus extends RecommendationCounts {
  /** Null when the provider gives none for the company, or the account's plan does not include them. */
  targets: ProviderTargets | null;
}

export interface AnalystProvider {
  /** The key stored with a consensus ('finnhub'). */
  readonly id: string;
  /** As messages and the console say it ('Finnhub'). */
  readonly name: string;
  /** The requests a minute it keeps to. */
  readonly requestsPerMinute: number;
  /** A company's consensus by the site's symbol, or null when the provider covers it not. */
  consensusOf(symbol: string, signal?: AbortSignal): Promise<ProviderConsensus | null>;
  /** Requests started so far (a run reports them). */
  readonly requests: number;
}

/** The provider cannot be reached, refuses the key or keeps refusing: a run stops here. */
export class ProviderUnavailable extends SourceUnavailable {
  override readonly name = 'ProviderUnavailable';
}

/** An answer of the provider that cannot be read: that company is left as it was, and reported. */
export class ProviderDocumentError extends SourceDocumentError {
  override readonly name = 'ProviderDocumentError';
}
