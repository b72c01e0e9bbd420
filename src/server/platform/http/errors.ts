/**
 * The one place where failures become HTTP answers: JSON `{ message }` with a
 * status. A domain error maps by its kind; Hono's own errors (body too large,
 * wrong content type) and malformed JSON keep their meaning; the database's
 * own refusals answer 400 (a value it cannot hold) or 503 (busy or not
 * reachable; a lost connection also stops work going to it until it is back);
 * anything else is a bug: it is logged with its stack and the client gets a
 * plain 500.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Availability } from '../db/availability.ts';
import { classifyDatabaseError } from '../db/errors.ts';
import { DomainError, type DomainErrorKind } from '../errors.ts';
import type { Logger } from '../logger.ts';

const STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
};

/** A JSON error answer: the message, with any extra fields next to it. */
export function errorBody(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
  extra: Readonly<Record<string, unknown>> = {},
): Response {
  return c.json({ ...extra, message }, status, headers);
}

/** The answer while the database is busy or away: nothing was done, try again shortly. */
export const databaseAwayAnswer = (c: Context): Response =>
  errorBody(c, 503, 'The service is busy or restarting. Please try again shortly.', { 'Retry-After': '2' });

function domainErrorResponse(c: Context, error: DomainError): Response {
  const headers: Record<string, string> =
    error.retryAfterSeconds === null ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return errorBody(c, STATUS[error.kind], error.message, headers, error.details);
}

export function createErrorHandler(logger: Logger, availability: Availability): ErrorHandler {
  return (err, c) => {
    if (err instanceof DomainError) return domainErrorResponse(c, err);
    if (err instanceof HTTPException) {
      const message =
        err.status === 413
          ? 'Request body is too large'
          : err.status === 415
            ? 'Content-Type must be application/json'
            : err.message || 'Bad request';
      return errorBody(c, err.status as ContentfulStatusCode, message);
    }
    if (err instanceof SyntaxError) return errorBody(c, 400, 'Malformed JSON body');
    const database = classifyDatabaseError(err);
    if (database === 'invalid-input') {
      // Validation should have refused it first: logged, so the field's rule gets fixed.
      logger.warn({ reqId: c.get('requestId'), err }, 'database refused a value');
      return errorBody(c, 400, 'A value in the request cannot be stored');
    }
    if (database === 'busy' || database === 'unreachable') {
      logger.warn({ reqId: c.get('requestId'), err }, `database ${database}`);
      if (database === 'unreachable') availability.reportUnreachable();
      return databaseAwayAnswer(c);
    }
    logger.error({ reqId: c.get('requestId'), err }, 'unhandled error');
    return errorBody(c, 500, 'Internal server error');
  };
}
