// The published post lists of a memorial, cached under its content_version (migration 0006): the
// guest page's hottest read costs one indexed row lookup instead of a list query. A list read after
// the version is never older than it, so a stored entry is never stale for its version.
import type { Kysely } from 'kysely';
import type { Database, Memorial } from '../../db/schema';
import { listPosts, type ListedPost, type PostList } from './content.repository';

const MAX_ENTRIES = 2000;

interface Entry {
  version: number;
  posts: readonly ListedPost[];
}

const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

export async function cachedPostList(
  db: Kysely<Database>,
  memorial: Pick<Memorial, 'id' | 'contentVersion'>,
  list: Exclude<PostList, 'pending-guest'>,
): Promise<readonly ListedPost[]> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${memorial.id}:${list}`;
  const hit = cache.get(key);
  if (hit && hit.version === memorial.contentVersion) {
    // Refresh its place in the least-recently-used order.
    cache.delete(key);
    cache.set(key, hit);
    return hit.posts;
  }
  const posts = Object.freeze(await listPosts(db, memorial.id, list));
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { version: memorial.contentVersion, posts });
  return posts;
}
