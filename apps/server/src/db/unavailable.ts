/** Network failures on the way to PostgreSQL. */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/**
 * Whether `error` means the database cannot be used right now, rather than that a request is wrong:
 * PostgreSQL unreachable, shutting down or starting up (SQLSTATE classes 08 and 57P), a connection lost
 * mid-query, or SQLite locked by another process for longer than the lock timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return (
    unreachable.has(code) ||
    code.startsWith('08') ||
    code.startsWith('57P') ||
    code.startsWith('SQLITE_BUSY') ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(error.message)
  );
}
