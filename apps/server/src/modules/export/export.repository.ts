// Every SQL statement of the export: the memorial's published posts, in the order the family sees them.
import type { Kysely } from 'kysely';
import type { Database, PostRow } from '../../db/schema';

const EXPORTED_COLUMNS = ['reg', 'authorKind', 'authorName', 'text', 'mediaKey', 'mediaKind', 'place'] as const;
/** What the archive keeps of a post (never the guest's e-mail). */
export type ExportedPost = Pick<PostRow, (typeof EXPORTED_COLUMNS)[number]>;

/** Approved posts: the family's by place (as on the memorial), then the visitors' newest first. */
export async function publishedPosts(db: Kysely<Database>, memorialId: number): Promise<{ family: ExportedPost[]; visitors: ExportedPost[] }> {
  const base = db.selectFrom('posts').select(EXPORTED_COLUMNS).where('memorialId', '=', memorialId).where('state', '=', 'approved');
  const [family, visitors] = await Promise.all([
    base.where('authorKind', '=', 'owner').orderBy('place', 'desc').orderBy('reg', 'desc').execute(),
    base.where('authorKind', '=', 'guest').orderBy('reg', 'desc').execute(),
  ]);
  return { family, visitors };
}
