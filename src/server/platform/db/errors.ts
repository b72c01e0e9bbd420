/**
 * What a database failure means for the request that met it. PostgreSQL and
 * the embedded database report the same SQLSTATE codes: a data exception
 * (class 22: a value the column cannot hold) is bad input that validation
 * let through; a statement cancelled by its timeout or a full server means
 * the database is busy; a lost or refused connection or a server shutting
 * down means it cannot be reached at all (and the site stops sending it work
 * until it answers again).
 */
export type DatabaseFailure = 'invalid-input' | 'busy' | 'unreachable';

const BUSY_CODES = new Set([
  '57014', // query_canceled (statement timeout)
  '53300', // too_many_connections
]);

const UNREACHABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The driver's code of an error, looking through the query errors the ORM wraps around it. */
function codeOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether a write failed because a unique index already holds the value (two writers at once). */
export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505';

export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  const code = codeOf(error);
  if (code === null) return null;
  if (code.startsWith('22')) return 'invalid-input';
  if (BUSY_CODES.has(code)) return 'busy';
  // Class 08: connection exceptions.
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return 'unreachable';
  return null;
}

/** The database could not be opened; the message names the setting and the cause, for one line at start. */
export class DatabaseOpenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseOpenError';
  }
}

/** Why PostgreSQL could not be reached, in words a person setting DATABASE_URL can act on. */
export function describePostgresFailure(error: unknown, url: { host: string; port: string; database: string }): string {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return `nothing answers at ${url.host}:${url.port || 5432} (is PostgreSQL running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host ${url.host} is not known`;
    case 'CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return `${url.host}:${url.port || 5432} did not answer in time`;
    case '3D000':
      return `the database "${url.database}" does not exist (create it with createdb ${url.database})`;
    case '28000':
    case '28P01':
      return `the server refused the user or password (${message})`;
    default:
      return message;
  }
}
