/**
 * The one client of EDGAR (docs/product.md §9.11), kept to the SEC's fair-access policy through the
 * platform's polite client (platform/source-client.ts: evenly spaced requests, gzip, conditional
 * requests, Retry-After, size caps). What is EDGAR's own:
 * - it says who it is: every request carries the configured User-Agent (a company name and an
 *   email address), and there is no client without one;
 * - at most `requestsPerSecond` requests start in any second, and never more than the SEC's 10;
 * - EDGAR's storage answers a document it does not have with 403 AccessDenied as well as 404; the
 *   SEC's "request rate threshold exceeded" page (a 403) stops the client for ten minutes, as the
 *   SEC asks, and says so.
 * Where EDGAR lives is configuration (`wwwUrl`, `dataUrl`), EDGAR's own paths beneath it, so a
 * mirror or a test server can stand in.
 */
import {
  SourceUnavailable,
  createSourceClient,
  type ReadLimits,
  type SourceAnswer,
  type SourceClientOptions,
  type Validators,
} from '../../platform/source-client.ts';
import { EdgarDocumentError } from './document-error.ts';

export { retryAfterMs, type Validators } from '../../platform/source-client.ts';

export type EdgarSite = 'www' | 'data';

export interface EdgarClientOptions extends Pick<
  SourceClientOptions,
  'maxBytes' | 'timeoutMs' | 'tries' | 'fetch' | 'now' | 'sleep'
> {
  userAgent: string | null;
  requestsPerSecond: number;
  wwwUrl: string;
  dataUrl: string;
}

export type EdgarAnswer = SourceAnswer;

/** EDGAR cannot be reached or keeps refusing: the run stops here and goes on from here next time. */
export class EdgarUnavailable extends SourceUnavailable {
  override readonly name = 'EdgarUnavailable';
}

/** The configuration lacks what the SEC asks of an automated client. */
export class EdgarNotConfigured extends Error {
  override readonly name = 'EdgarNotConfigured';
}

/** The message the sync refuses with when no User-Agent is set. */
export const NO_USER_AGENT =
  'The EDGAR sync needs SEC_USER_AGENT: a company name and an email address the SEC can reach, e.g. SEC_USER_AGENT="RedCap Research admin@redcap.example".';

/** The SEC blocks an address that went over its rate for ten minutes, longer if it keeps going. */
export const THROTTLE_PAUSE_MS = 10 * 60 * 1000;

/** The SEC's page for a client that went over the rate, or one that did not say who it is. */
const THROTTLED_PAGE = /Request Rate Threshold Exceeded|Undeclared Automated Tool/i;

export interface EdgarClient {
  /**
   * `maxBytes` overrides the client's cap for one document (a large manager's 13F runs to tens of MB);
   * `opening` reads only its first `maxBytes` (a registration statement's cover).
   */
  get(
    site: EdgarSite,
    path: string,
    validators?: Validators,
    signal?: AbortSignal,
    options?: ReadLimits,
  ): Promise<EdgarAnswer>;
  /** Requests started so far (a run reports them). */
  readonly requests: number;
}

export function createEdgarClient(options: EdgarClientOptions): EdgarClient {
  const userAgent = options.userAgent?.trim();
  if (!userAgent) throw new EdgarNotConfigured(NO_USER_AGENT);
  const { wwwUrl, dataUrl, requestsPerSecond, ...limits } = options;
  const client = createSourceClient({
    ...limits,
    name: 'EDGAR',
    userAgent,
    requestsPerSecond,
    maxRequestsPerSecond: 10,
    throttlePauseMs: THROTTLE_PAUSE_MS,
    refusal: (status, body) => {
      if (status !== 403) return null;
      if (/<Code>(AccessDenied|NoSuchKey)<\/Code>/.test(body)) return 'missing';
      return THROTTLED_PAGE.test(body) ? 'throttled' : null;
    },
    errors: { unavailable: EdgarUnavailable, document: EdgarDocumentError },
  });
  const bases: Record<EdgarSite, string> = { www: wwwUrl, data: dataUrl };
  return {
    get requests() {
      return client.requests;
    },
    get: (site, path, validators, signal, limits) =>
      client.get(`${bases[site]}${path.startsWith('/') ? path : `/${path}`}`, validators, signal, limits),
  };
}
