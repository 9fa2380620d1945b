// PostgreSQL's advisory locks taken by the app, in one place so that no two modules share a key space.
// All are two-key (space, id) transaction locks, which never collide with one-key locks such as
// Kysely's migrator's. SQLite needs none: its transactions are serialised already.

/** The first key of each two-key advisory lock. */
export const ADVISORY_LOCK_SPACE = {
  /** Resumable uploads' creations that count one address's unfinished bytes (uploads.repository). */
  uploadAddress: 31_301,
  /** Resumable uploads' creations that count one memorial's unfinished bytes (uploads.repository). */
  uploadMemorial: 31_302,
  /** A visitor's post joining a memorial's waiting list within its cap (content.repository). */
  pendingPosts: 31_303,
} as const;
