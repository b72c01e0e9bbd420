/**
 * A polite client of a public data source (SEC EDGAR, ClinicalTrials.gov, FINRA): the rules every
 * source publishes for automated clients, kept in one place.
 * - Requests start evenly spaced at `requestsPerSecond`, one caller after the other, however many
 *   ask at once: never a burst, so answers delayed on the way do not bunch up at the source.
 * - It asks for gzip, and asks again only when something changed where it can (ETag and
 *   Last-Modified given back as If-None-Match and If-Modified-Since: a 304 costs no body).
 * - A 429, 502, 503 or 504 is waited out as its Retry-After says (or backing off, 2 s doubling), a
 *   few times; a source that keeps refusing, or a refusal the source's own rule calls a throttle,
 *   stops the client for a while, and says so.
 * - A document larger than its cap, or an answer that stalls, is given up, never half-read.
 * Each source's client gives its name, its User-Agent and how it tells a missing document or a
 * throttle from other refusals; the errors are the source's own classes, so callers can tell them.
 */
/** The source cannot be reached or keeps refusing: a run stops here and goes on from here next time. */
export class SourceUnavailable extends Error {
  override readonly name: string = 'SourceUnavailable';
}

/** A document from a source (or a file of one) that cannot be read: refused whole, with what is wrong. */
export class SourceDocumentError extends Error {
  override readonly name: string = 'SourceDocumentError';
  /** The document: its key, address or file name. */
  readonly document: string;
  readonly problem: string;
  /** `message` lets a source's class escape the document's name for a terminal. */
  constructor(document: string, problem: string, message = `${document}: ${problem}`) {
    super(message);
    this.document = document;
    this.problem = problem;
  }
}

export interface SourceAnswer {
  /** 200 with a body, 304 when nothing changed since the validators given, 404 when the source has no such document. */
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

/** What a source's refusal means beyond its status: a document it does not have, or "too fast". */
export type RefusalRule = (status: number, body: string) => 'missing' | 'throttled' | null;

export interface SourceClientOptions {
  /** The source's name as messages say it ("EDGAR", "ClinicalTrials.gov"). */
  name: string;
  userAgent: string;
  requestsPerSecond: number;
  /** The most a source allows; `requestsPerSecond` is held below it. */
  maxRequestsPerSecond: number;
  /** The largest answer read, in bytes (default 20 MB). */
  maxBytes?: number;
  /** How long one request may take, its body included (default 60 s). */
  timeoutMs?: number;
  /** Tries of a request that meets a 429, a 503 or a broken connection (default 4). */
  tries?: number;
  /** How long the client stops after a throttle (default ten minutes). */
  throttlePauseMs?: number;
  refusal?: RefusalRule;
  /** The source's own error classes (subclasses of the two above). */
  errors?: {
    unavailable?: new (message: string) => SourceUnavailable;
    document?: new (document: string, problem: string) => SourceDocumentError;
  };
  accept?: string;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ReadLimits {
  maxBytes?: number;
  opening?: boolean;
}

export interface SourceClient {
  /**
   * `maxBytes` overrides the client's cap for one document; with `opening`, only the document's
   * first `maxBytes` are read (a prospectus's cover is at its start), and a longer one is no error.
   */
  get(url: string, validators?: Validators, signal?: AbortSignal, options?: ReadLimits): Promise<SourceAnswer>;
  /** Requests started so far (a run reports them). */
  readonly requests: number;
}

const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_THROTTLE_PAUSE_MS = 10 * 60 * 1000;
const FIRST_BACKOFF_MS = 2000;
const MAX_WAIT_MS = 5 * 60 * 1000;

export const sleepFor = (ms: number, signal?: AbortSignal) =>
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

/**
 * An answer's body read whole, or null when it runs past `maxBytes` (the rest is not read); with
 * `opening`, its first `maxBytes` whatever its length (the rest is not read either).
 */
export async function readBodyWithin(response: Response, maxBytes: number, opening = false): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      await reader.cancel();
      if (!opening) return null;
      chunks.push(value.subarray(0, maxBytes - size));
      break;
    }
    size += value.byteLength;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function createSourceClient(options: SourceClientOptions): SourceClient {
  const { name, userAgent } = options;
  const rate = Math.min(options.maxRequestsPerSecond, Math.max(0.01, options.requestsPerSecond));
  const fetcher = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? sleepFor;
  const defaultMaxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tries = options.tries ?? 4;
  const throttlePauseMs = options.throttlePauseMs ?? DEFAULT_THROTTLE_PAUSE_MS;
  const refusal = options.refusal ?? (() => null);
  const Unavailable = options.errors?.unavailable ?? SourceUnavailable;
  const DocumentError = options.errors?.document ?? SourceDocumentError;

  const spacingMs = 1000 / rate;
  let nextStart = 0;
  let turn: Promise<void> = Promise.resolve();
  let pausedUntil = 0;
  let requests = 0;

  const pausedMessage = (ms: number) =>
    `${name} asked this client to slow down (request rate threshold exceeded); it waits ${Math.ceil(ms / 60_000)} more minute(s) before asking again.`;

  async function slot(signal?: AbortSignal): Promise<void> {
    const mine = turn.then(async () => {
      const at = now();
      if (pausedUntil > at) throw new Unavailable(pausedMessage(pausedUntil - at));
      if (nextStart > at) await sleep(nextStart - at, signal);
      nextStart = Math.max(at, nextStart) + spacingMs;
    });
    turn = mine.catch(() => {});
    return mine;
  }

  async function once(url: string, validators: Validators, signal?: AbortSignal): Promise<Response> {
    await slot(signal);
    requests++;
    const headers: Record<string, string> = { 'User-Agent': userAgent, 'Accept-Encoding': 'gzip, deflate' };
    if (options.accept) headers.Accept = options.accept;
    if (validators.etag) headers['If-None-Match'] = validators.etag;
    if (validators.lastModified) headers['If-Modified-Since'] = validators.lastModified;
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetcher(url, {
      headers,
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  }

  async function bodyOf(response: Response, url: string, maxBytes: number, opening: boolean): Promise<Buffer> {
    if (opening) return (await readBodyWithin(response, maxBytes, true))!;
    const declared = Number(response.headers.get('content-length') ?? 0);
    // A compressed answer declares its compressed length: only an uncompressed one is judged before reading.
    if (!response.headers.get('content-encoding') && declared > maxBytes) {
      await response.body?.cancel();
      throw new DocumentError(url, `is ${(declared / 1e6).toFixed(1)} MB, more than the ${maxBytes / 1e6} MB read.`);
    }
    const body = await readBodyWithin(response, maxBytes);
    if (!body) throw new DocumentError(url, `is more than the ${maxBytes / 1e6} MB read.`);
    return body;
  }

  const backoff = (attempt: number) => FIRST_BACKOFF_MS * 2 ** (attempt - 1);

  return {
    get requests() {
      return requests;
    },
    async get(url, validators = {}, signal, limits = {}) {
      const maxBytes = limits.maxBytes ?? defaultMaxBytes;
      let lastProblem = '';
      for (let attempt = 1; attempt <= tries; attempt++) {
        let response: Response;
        try {
          response = await once(url, validators, signal);
        } catch (error) {
          if (error instanceof SourceUnavailable || signal?.aborted) throw error;
          lastProblem = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : String(error);
          if (attempt < tries) await sleep(backoff(attempt), signal);
          continue;
        }
        const { status } = response;
        const meta = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified'), url };
        if (status === 304) {
          await response.body?.cancel();
          return { status: 304, body: null, ...meta };
        }
        if (status === 200) {
          try {
            return { status: 200, body: await bodyOf(response, url, maxBytes, limits.opening ?? false), ...meta };
          } catch (error) {
            if (error instanceof SourceDocumentError || signal?.aborted) throw error;
            // The answer broke off or stalled while being read: asked again, it may come whole.
            lastProblem =
              error instanceof Error && error.name === 'TimeoutError' ? 'the answer stalled' : String(error);
            if (attempt < tries) await sleep(backoff(attempt), signal);
            continue;
          }
        }
        if (status === 404) {
          await response.body?.cancel().catch(() => {});
          return { status: 404, body: null, ...meta };
        }
        const text = status === 403 || status >= 500 || status === 429 ? await response.text().catch(() => '') : '';
        const meaning = refusal(status, text);
        if (meaning === 'missing') return { status: 404, body: null, ...meta };
        if (meaning === 'throttled' || (status === 429 && attempt === tries)) {
          pausedUntil = now() + throttlePauseMs;
          throw new Unavailable(pausedMessage(throttlePauseMs));
        }
        if (status === 429 || status === 503 || status === 502 || status === 504) {
          lastProblem = `${name} answered ${status}`;
          if (attempt < tries) {
            const asked = retryAfterMs(response.headers.get('retry-after'), now());
            await sleep(Math.min(MAX_WAIT_MS, asked ?? backoff(attempt)), signal);
          }
          continue;
        }
        throw new Unavailable(`${name} answered ${status} to ${url}.`);
      }
      throw new Unavailable(`${name} could not be read at ${url} after ${tries} tries (${lastProblem}).`);
    },
  };
}
