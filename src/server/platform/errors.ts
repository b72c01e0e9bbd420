/**
 * What a service says when it refuses: a kind of failure and a sentence for
 * the person who asked. Services throw these and know nothing of HTTP; the
 * HTTP layer maps each kind to one status (platform/http/errors.ts). Anything
 * else thrown is a bug.
 */
export type DomainErrorKind =
  'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'rate-limited' | 'unavailable';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Facts sent next to the message, e.g. `success: false` on a refused login. */
  readonly details: Readonly<Record<string, unknown>>;
  /** For 'rate-limited': when trying again makes sense. */
  readonly retryAfterSeconds: number | null;

  constructor(
    kind: DomainErrorKind,
    message: string,
    options: { details?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

/** The input breaks a rule; the message says which. */
export const invalid = (message: string) => new DomainError('invalid', message);
/** Nobody is signed in, or the credentials do not hold. */
export const unauthorized = (message = 'Authentication required', details?: Record<string, unknown>) =>
  new DomainError('unauthorized', message, { details });
/** Signed in, but not allowed to do this. */
export const forbidden = (message = 'Forbidden') => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
/** The request clashes with what is stored (a taken email). */
export const conflict = (message: string) => new DomainError('conflict', message);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests. Please try again later.') =>
  new DomainError('rate-limited', message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
export const unavailable = (message = 'Service unavailable') => new DomainError('unavailable', message);

/** Whether an error is a refusal of this kind (for callers that treat one kind as an answer). */
export const isDomainError = (error: unknown, kind?: DomainErrorKind): error is DomainError =>
  error instanceof DomainError && (kind === undefined || error.kind === kind);
