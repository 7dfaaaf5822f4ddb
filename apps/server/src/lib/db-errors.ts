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
