// Recognises a unique-constraint violation on either dialect: a race lost to another writer, for the
// insert-and-retry loops that keep keys unique under concurrency (complaint numbers, seed). A post's
// reg uses ON CONFLICT DO NOTHING instead: its insert may run inside a transaction.
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY; pg: SQLSTATE 23505.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
