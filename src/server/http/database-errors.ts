/** Errors that mean "the database is not reachable right now", answered 503 rather than 500. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  '53300', // too_many_connections
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_TIMEOUT',
]);

const unavailableMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /database is locked/i,
  /not queryable/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return unavailableMessages.some((pattern) => pattern.test(error.message));
}

/**
 * The disk under the database is full (SQLite's SQLITE_FULL, PostgreSQL's 53100 disk_full): nothing was written
 * (the transaction rolled back), and the same request succeeds once space is freed, so 503, not 500
 * (DESIGN.md, "Faults survived"). A disk I/O error is not here: that one may be a failing disk.
 */
export function isStorageFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_FULL' || code === '53100';
}

/** A unique index refused the row (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
