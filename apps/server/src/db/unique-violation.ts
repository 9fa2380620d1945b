// Recognises a unique-constraint violation on either dialect, for the insert-and-retry loops that
// keep keys unique under concurrency (post `reg`, complaint numbers).
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  // PostgreSQL: unique_violation; better-sqlite3: SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY).
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
