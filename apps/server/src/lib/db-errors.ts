/** PostgreSQL's unique_violation, as both drivers report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let current: unknown = err; current && typeof current === 'object'; ) {
    const {
      code,
      constraint: name,
      cause,
    } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && (constraint === undefined || name === constraint)) return true;
    current = cause;
  }
  return false;
}

/** Socket errors of a database that cannot be reached (refused, reset, unreachable, unknown host). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres and PGlite say when they could not ask: the pool found no connection in time, a
 * connection was cut, the driver stopped waiting for an answer, PGlite was closed.
 */
const DRIVER_MESSAGES = [
  /^timeout exceeded when trying to connect/,
  /^Connection terminated/,
  /^Query read timeout/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

/**
 * SQLSTATEs of a database that did not answer in time or cannot serve now: query_canceled (the
 * statement_timeout), idle_in_transaction_session_timeout, the class 08 connection exceptions, 53300
 * too_many_connections, 57P01..57P03 (shut down, crashed, starting).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || ['57014', '25P03', '53300', '57P01', '57P02', '57P03'].includes(code);
}

/** The database could not answer (down, stalled, overloaded): a 503 to retry, not a fault of the request. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE.has(code) || isUnavailableState(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // several addresses tried (localhost's ::1 and 127.0.0.1): node answers an AggregateError of each
    const { errors } = current as { errors?: unknown };
    if (Array.isArray(errors) && errors.some((one) => isDatabaseUnavailable(one))) return true;
    current = cause;
  }
  return false;
}
