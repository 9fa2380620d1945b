// A list of post cards in the stored order (the account area may wrap cards in its own sortable list).
import type { Post } from '@recuerdos/shared/api-types';
import { HydrateLater } from '../../lib/deferred-hydration';
import { PostCard, postCardKind, postKey, type PostAuthorKind } from './post-card';

export interface PostListProps {
  posts: readonly Post[];
  authorKind: PostAuthorKind;
  onOpenMedia?: (post: Post) => void;
  onRequestDelete?: (post: Post) => void;
  onRequestReport?: (post: Post) => void;
  /** How many cards from the top load their pictures at once (the rest lazily). */
  eagerCount?: number;
  /** Shown instead of the list when there are no posts. */
  emptyText: string;
  /**
   * A server-rendered list (the guest page, a page of at most 12 cards): it hydrates in a task of
   * its own after the rest of the page, as the step of this name (lib/deferred-hydration).
   */
  hydrateInSteps?: string;
}

export function PostList({ posts, authorKind, onOpenMedia, onRequestDelete, onRequestReport, eagerCount = 0, emptyText, hydrateInSteps }: PostListProps) {
  if (posts.length === 0) return <p className="post-list__empty muted">{emptyText}</p>;
  const list = (
    <ul className="post-list">
      {posts.map((post, index) => (
        <li key={postKey(post)} className={postCardKind(post) === 'text' ? 'post-list__text' : undefined}>
          <PostCard post={post} authorKind={authorKind} onOpenMedia={onOpenMedia} onRequestDelete={onRequestDelete} onRequestReport={onRequestReport} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
  return hydrateInSteps ? <HydrateLater group={hydrateInSteps}>{list}</HydrateLater> : list;
}
