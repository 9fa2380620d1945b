// A list of post cards in the stored order (the account area may wrap cards in its own sortable list).
import type { Post } from '@recuerdos/shared/api-types';
import { HydrateLater, HydrateOnReach, reachAttributes } from '../../lib/deferred-hydration';
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
   * A server-rendered list (the guest page, a page of at most 12 cards): after the rest of the page
   * the list hydrates in a step of its own, named after it, and each card of the server's markup
   * only when the visitor reaches for it (lib/deferred-hydration; issue 27 §4).
   */
  hydrateInSteps?: string;
}

export function PostList({ posts, authorKind, onOpenMedia, onRequestDelete, onRequestReport, eagerCount = 0, emptyText, hydrateInSteps }: PostListProps) {
  if (posts.length === 0) return <p className="post-list__empty muted">{emptyText}</p>;
  const list = (
    <ul className="post-list">
      {posts.map((post, index) => {
        const card = <PostCard post={post} authorKind={authorKind} onOpenMedia={onOpenMedia} onRequestDelete={onRequestDelete} onRequestReport={onRequestReport} eager={index < eagerCount} />;
        const reach = hydrateInSteps ? `${hydrateInSteps}:${postKey(post)}` : null;
        return (
          <li key={postKey(post)} className={postCardKind(post) === 'text' ? 'post-list__text' : undefined} {...(reach ? reachAttributes(reach) : {})}>
            {/* One boundary per card (one element: Preact resumes it in place), hydrated when reached. */}
            {reach ? <HydrateOnReach name={reach}>{card}</HydrateOnReach> : card}
          </li>
        );
      })}
    </ul>
  );
  // The list itself in a step of its own (one Suspense throw for the list, not one per card, in the
  // first hydration); its cards when the visitor reaches for them.
  return hydrateInSteps ? <HydrateLater group={`${hydrateInSteps}-list`}>{list}</HydrateLater> : list;
}
