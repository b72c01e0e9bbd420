/**
 * Errors that become JSON `{ message }` answers with a status. Anything else
 * thrown in a handler is a bug: it is logged with its stack and the client
 * gets a plain 500 without details.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  /** Fields sent next to `message`, e.g. `success: false` on a refused login. */
  readonly extra: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
    this.extra = extra;
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Please try again later.') =>
  new ApiError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const unavailable = (message = 'Service unavailable') => new ApiError(503, message);
