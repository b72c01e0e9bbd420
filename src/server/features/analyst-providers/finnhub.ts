/**
 * Finnhub as an analyst provider (https://finnhub.io/docs/api): a company's recommendation trends
 * (`GET {FINNHUB_URL}/stock/recommendation?symbol=…`, a list of months, each with the count of
 * strong buy, buy, hold, sell and strong sell recommendations) and its price-target consensus
 * (`GET …/stock/price-target?symbol=…`: mean, median, high and low target, the analysts they are of
 * and when they last changed). The answers are read as Finnhub documents them and as recorded
 * answers show them (tests/fixtures/finnhub); anything else is refused, naming the document.
 *
 * The key goes in the X-Finnhub-Token header, never in an address a log or a run's note could show.
 * Requests go through the platform's polite client at FINNHUB_REQUESTS_PER_MINUTE (a free key allows
 * 60 a minute, any plan 30 a second), waiting out 429s. The price targets are a premium endpoint: a
 * key without them is answered 403, and the counts are kept without targets (asked again a few hours
 * later, not at every company). A refused key (401) stops the run at once with Finnhub's words.
 */
import { createSourceClient, type SourceClient, type SourceClientOptions } from '../../platform/source-client.ts';
import {
  ProviderDocumentError,
  ProviderUnavailable,
  type AnalystProvider,
  type ProviderConsensus,
  type ProviderTargets,
} from './provider.ts';

export interface FinnhubOptions extends Pick<
  SourceClientOptions,
  'fetch' | 'now' | 'sleep' | 'tries' | 'timeoutMs' | 'throttlePauseMs'
> {
  url: string;
  apiKey: string;
  requestsPerMinute: number;
  userAgent: string;
}

/** Finnhub's own cap on any plan: 30 requests a second. */
const MAX_REQUESTS_PER_SECOND = 30;
/** After a 403 to the price targets, they are not asked again for this long. */
const TARGETS_REFUSED_MS = 6 * 60 * 60 * 1000;
/** The counts a month is stored with (smallint). */
const MAX_COUNT = 32_767;
const DAY = /^\d{4}-\d{2}-\d{2}/;

const COUNTS = ['strongBuy', 'buy', 'hold', 'sell', 'strongSell'] as const;

export type RecommendationMonth = Omit<ProviderConsensus, 'targets'>;

function parsed(text: string, document: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderDocumentError(document, 'is not JSON.');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The newest month of a recommendation-trends answer, or null when the list is empty (Finnhub's
 * answer for a symbol no analyst covers). Each month must give its first day and the five counts.
 */
export function readRecommendationTrends(text: string, document: string): RecommendationMonth | null {
  const answer = parsed(text, document);
  if (!Array.isArray(answer)) throw new ProviderDocumentError(document, 'is not a list of months.');
  let newest: RecommendationMonth | null = null;
  for (const [i, entry] of answer.entries()) {
    const where = `month ${i + 1}`;
    if (!isRecord(entry)) throw new ProviderDocumentError(document, `${where} is not an object.`);
    const period = entry.period;
    if (typeof period !== 'string' || !DAY.test(period) || Number.isNaN(Date.parse(period.slice(0, 10))))
      throw new ProviderDocumentError(document, `${where} has no period as a date (${JSON.stringify(period)}).`);
    const month: RecommendationMonth = {
      period: `${period.slice(0, 7)}-01`,
      strongBuy: 0,
      buy: 0,
      hold: 0,
      sell: 0,
      strongSell: 0,
    };
    for (const count of COUNTS) {
      const value = entry[count];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_COUNT)
        throw new ProviderDocumentError(
          document,
          `${where} (${month.period}) has no count of ${count} as a whole number (${JSON.stringify(value)}).`,
        );
      month[count] = value;
    }
    // Finnhub lists the newest month first; the newest is taken whatever the order.
    if (!newest || month.period > newest.period) newest = month;
  }
  return newest;
}

const target = (answer: Record<string, unknown>, field: string, document: string): number | null => {
  const value = answer[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new ProviderDocumentError(document, `${field} is not a number (${JSON.stringify(value)}).`);
  // A target of 0 is no target: nothing the consensus could be of.
  return value > 0 ? value : null;
};

/**
 * The price-target consensus of an answer, or null when it gives no mean target (a symbol without
 * targets). `lastUpdated` is read for its day ("2023-04-06 00:00:00"), `numberAnalysts` where given.
 */
export function readPriceTarget(text: string, document: string): ProviderTargets | null {
  const answer = parsed(text, document);
  if (!isRecord(answer)) throw new ProviderDocumentError(document, 'is not an object.');
  const mean = target(answer, 'targetMean', document);
  const median = target(answer, 'targetMedian', document);
  const high = target(answer, 'targetHigh', document);
  const low = target(answer, 'targetLow', document);
  const analysts = answer.numberAnalysts;
  if (
    analysts !== undefined &&
    analysts !== null &&
    (typeof analysts !== 'number' || !Number.isInteger(analysts) || analysts < 0)
  )
    throw new ProviderDocumentError(document, `numberAnalysts is not a whole number (${JSON.stringify(analysts)}).`);
  const updated = answer.lastUpdated;
  if (updated !== undefined && updated !== null && typeof updated !== 'string')
    throw new ProviderDocumentError(document, `lastUpdated is not text (${JSON.stringify(updated)}).`);
  if (mean === null) return null;
  return {
    mean,
    median,
    high,
    low,
    analysts: typeof analysts === 'number' && analysts > 0 ? Math.min(analysts, MAX_COUNT) : null,
    updatedOn: updated && DAY.test(updated) ? updated.slice(0, 10) : null,
  };
}

/** Finnhub's symbol for the site's: US class shares are written with a dot (BRK.B) there as here. */
export const finnhubSymbolOf = (symbol: string): string => symbol.trim().toUpperCase();

/** Finnhub's reason in an error answer (`{"error": "Invalid API key"}`), or the text itself. */
function reasonOf(body: string): string {
  try {
    const answer = JSON.parse(body) as unknown;
    if (isRecord(answer) && typeof answer.error === 'string') return answer.error;
  } catch {
    // Not JSON: the text says it.
  }
  return body.trim().slice(0, 200);
}

export function createFinnhubProvider(options: FinnhubOptions): AnalystProvider {
  const { url, apiKey, requestsPerMinute, userAgent, fetch: given, ...limits } = options;
  const base = given ?? fetch;
  const now = options.now ?? Date.now;
  // The key rides in a header; a refused key stops the run at once, in Finnhub's words (the
  // polite client would only say the status).
  const keyed: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('X-Finnhub-Token', apiKey);
    const response = await base(input, { ...init, headers });
    if (response.status === 401) {
      const reason = reasonOf(await response.text().catch(() => ''));
      throw new ProviderUnavailable(
        `Finnhub refused the API key${reason ? ` ("${reason}")` : ''}: check FINNHUB_API_KEY.`,
      );
    }
    return response;
  };
  const client: SourceClient = createSourceClient({
    ...limits,
    name: 'Finnhub',
    userAgent,
    requestsPerSecond: requestsPerMinute / 60,
    maxRequestsPerSecond: MAX_REQUESTS_PER_SECOND,
    accept: 'application/json',
    maxBytes: 1024 * 1024,
    fetch: keyed,
    // 403: the account's plan does not include this endpoint.
    refusal: (status) => (status === 403 ? 'missing' : null),
    errors: { unavailable: ProviderUnavailable, document: ProviderDocumentError },
  });
  let targetsRefusedUntil = 0;

  return {
    id: 'finnhub',
    name: 'Finnhub',
    requestsPerMinute,
    get requests() {
      return client.requests;
    },
    async consensusOf(symbol, signal) {
      const theirs = finnhubSymbolOf(symbol);
      const query = `symbol=${encodeURIComponent(theirs)}`;
      const trends = await client.get(`${url}/stock/recommendation?${query}`, {}, signal);
      if (trends.status !== 200 || !trends.body)
        throw new ProviderUnavailable(
          'Finnhub does not give this key the recommendation trends (/stock/recommendation answered 403 or 404).',
        );
      const month = readRecommendationTrends(
        trends.body.toString('utf8'),
        `Finnhub recommendation trends of ${theirs}`,
      );
      if (!month || COUNTS.every((count) => month[count] === 0)) return null;
      // The targets are only asked of a company analysts cover, and not while the plan refuses them.
      if (now() < targetsRefusedUntil) return { ...month, targets: null };
      const targets = await client.get(`${url}/stock/price-target?${query}`, {}, signal);
      if (targets.status !== 200 || !targets.body) {
        targetsRefusedUntil = now() + TARGETS_REFUSED_MS;
        return { ...month, targets: null };
      }
      return { ...month, targets: readPriceTarget(targets.body.toString('utf8'), `Finnhub price target of ${theirs}`) };
    },
  };
}
