/**
 * The one client of EDGAR (docs/product.md §9.11), kept to the SEC's fair-access policy:
 * - it says who it is: every request carries the configured User-Agent (a company name and an
 *   email address), and there is no client without one;
 * - at most `requestsPerSecond` requests start in any second (the SEC allows 10): they start evenly
 *   spaced, however many callers ask at once;
 * - it asks for gzip, and asks again only when something changed where it can (ETag and
 *   Last-Modified given back as If-None-Match and If-Modified-Since: a 304 costs no body);
 * - a 429 or a 503 is waited out as its Retry-After says (or backing off, 2 s doubling), a few times;
 *   the SEC's "request rate threshold exceeded" page (a 403) stops the client for ten minutes, as
 *   the SEC asks, and says so;
 * - a document larger than its cap, or an answer that stalls, is given up, never half-read.
 * Where EDGAR lives is configuration (`wwwUrl`, `dataUrl`), EDGAR's own paths beneath it, so a
 * mirror or a test server can stand in.
 */
import { EdgarDocumentError } from './document-error.ts';

export type EdgarSite = 'www' | 'data';

export interface EdgarClientOptions {
  userAgent: string | null;
  requestsPerSecond: number;
  wwwUrl: string;
  dataUrl: string;
  /** The largest answer read, in bytes (default 20 MB). */
  maxBytes?: number;
  /** How long one request may take, its body included (default 60 s). */
  timeoutMs?: number;
  /** Tries of a request that meets a 429, a 503 or a broken connection (default 4). */
  tries?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface EdgarAnswer {
  /** 200 with a body, 304 when nothing changed since the validators given, 404 when EDGAR has no such document. */
  status: 200 | 304 | 404;
  body: Buffer | null;
  etag: string | null;
  lastModified: string | null;
  url: string;
}

export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

/** EDGAR cannot be reached or keeps refusing: the run stops here and goes on from here next time. */
export class EdgarUnavailable extends Error {
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
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 60_000;
const FIRST_BACKOFF_MS = 2000;
const MAX_WAIT_MS = 5 * 60 * 1000;

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** How long a Retry-After asks to wait: seconds, or an HTTP date; null when it says neither. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The SEC's page for a client that went over the rate, or one that did not say who it is. */
const THROTTLED_PAGE = /Request Rate Threshold Exceeded|Undeclared Automated Tool/i;

export interface EdgarClient {
  /** `maxBytes` overrides the client's cap for one document (a large manager's 13F runs to tens of MB). */
  get(
    site: EdgarSite,
    path: string,
    validators?: Validators,
    signal?: AbortSignal,
    options?: { maxBytes?: number },
  ): Promise<EdgarAnswer>;
  /** Requests started so far (a run reports them). */
  readonly requests: number;
}

export function createEdgarClient(options: EdgarClientOptions): EdgarClient {
  const userAgent = options.userAgent?.trim();
  if (!userAgent) throw new EdgarNotConfigured(NO_USER_AGENT);
  const rate = Math.min(10, Math.max(0.1, options.requestsPerSecond));
  const fetcher = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const defaultMaxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tries = options.tries ?? 4;
  const bases: Record<EdgarSite, string> = { www: options.wwwUrl, data: options.dataUrl };

  /**
   * Requests start evenly spaced, 1/rate seconds apart, one caller after the other: never a burst,
   * so even answers delayed on the way (a new connection's handshake) do not bunch up at EDGAR.
   */
  const spacingMs = 1000 / rate;
  let nextStart = 0;
  let turn: Promise<void> = Promise.resolve();
  let pausedUntil = 0;
  let requests = 0;

  async function slot(signal?: AbortSignal): Promise<void> {
    const mine = turn.then(async () => {
      const at = now();
      if (pausedUntil > at) throw new EdgarUnavailable(pausedMessage(pausedUntil - at));
      if (nextStart > at) await sleep(nextStart - at, signal);
      nextStart = Math.max(at, nextStart) + spacingMs;
    });
    turn = mine.catch(() => {});
    return mine;
  }

  const pausedMessage = (ms: number) =>
    `EDGAR asked this client to slow down (request rate threshold exceeded); it waits ${Math.ceil(ms / 60_000)} more minute(s) before asking again.`;

  async function once(url: string, validators: Validators, signal?: AbortSignal): Promise<Response> {
    await slot(signal);
    requests++;
    const headers: Record<string, string> = {
      'User-Agent': userAgent!,
      'Accept-Encoding': 'gzip, deflate',
    };
    if (validators.etag) headers['If-None-Match'] = validators.etag;
    if (validators.lastModified) headers['If-Modified-Since'] = validators.lastModified;
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetcher(url, {
      headers,
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  }

  async function bodyOf(response: Response, url: string, maxBytes: number): Promise<Buffer> {
    const declared = Number(response.headers.get('content-length') ?? 0);
    // A compressed answer declares its compressed length: only an uncompressed one is judged before reading.
    if (!response.headers.get('content-encoding') && declared > maxBytes) {
      await response.body?.cancel();
      throw new EdgarDocumentError(
        url,
        `is ${(declared / 1e6).toFixed(1)} MB, more than the ${maxBytes / 1e6} MB read.`,
      );
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new EdgarDocumentError(url, `is more than the ${maxBytes / 1e6} MB read.`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  return {
    get requests() {
      return requests;
    },
    async get(site, path, validators = {}, signal, limits = {}) {
      const maxBytes = limits.maxBytes ?? defaultMaxBytes;
      const url = `${bases[site]}${path.startsWith('/') ? path : `/${path}`}`;
      let lastProblem = '';
      for (let attempt = 1; attempt <= tries; attempt++) {
        let response: Response;
        try {
          response = await once(url, validators, signal);
        } catch (error) {
          if (error instanceof EdgarUnavailable || signal?.aborted) throw error;
          lastProblem = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : String(error);
          if (attempt < tries) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1), signal);
          continue;
        }
        const { status } = response;
        const meta = {
          etag: response.headers.get('etag'),
          lastModified: response.headers.get('last-modified'),
          url,
        };
        if (status === 304) {
          await response.body?.cancel();
          return { status: 304, body: null, ...meta };
        }
        if (status === 200) {
          try {
            return { status: 200, body: await bodyOf(response, url, maxBytes), ...meta };
          } catch (error) {
            if (error instanceof EdgarDocumentError || signal?.aborted) throw error;
            // The answer broke off or stalled while being read: asked again, it may come whole.
            lastProblem =
              error instanceof Error && error.name === 'TimeoutError' ? 'the answer stalled' : String(error);
            if (attempt < tries) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1), signal);
            continue;
          }
        }
        const text = status === 403 || status >= 500 || status === 429 ? await response.text().catch(() => '') : '';
        if (status === 404 || (status === 403 && /<Code>(AccessDenied|NoSuchKey)<\/Code>/.test(text))) {
          // EDGAR's storage answers a document it does not have with 404, or 403 AccessDenied.
          if (status === 404) await response.body?.cancel().catch(() => {});
          return { status: 404, body: null, ...meta };
        }
        if ((status === 403 && THROTTLED_PAGE.test(text)) || (status === 429 && attempt === tries)) {
          pausedUntil = now() + THROTTLE_PAUSE_MS;
          throw new EdgarUnavailable(pausedMessage(THROTTLE_PAUSE_MS));
        }
        if (status === 429 || status === 503 || status === 502 || status === 504) {
          lastProblem = `EDGAR answered ${status}`;
          if (attempt < tries) {
            const asked = retryAfterMs(response.headers.get('retry-after'), now());
            await sleep(Math.min(MAX_WAIT_MS, asked ?? FIRST_BACKOFF_MS * 2 ** (attempt - 1)), signal);
          }
          continue;
        }
        throw new EdgarUnavailable(`EDGAR answered ${status} to ${url}.`);
      }
      throw new EdgarUnavailable(`EDGAR could not be read at ${url} after ${tries} tries (${lastProblem}).`);
    },
  };
}
