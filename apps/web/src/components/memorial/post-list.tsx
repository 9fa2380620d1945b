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
   * A server-rendered list (the guest page, a page of at most 12 cards): after the rest of the page
   * the list hydrates in a step of its own, then its cards a few per step, the steps named after it
   * (lib/deferred-hydration).
   */
  hydrateInSteps?: string;
}

/** Cards hydrated per task: each step stays short on a phone's slow CPU (TBT). */
const CARDS_PER_STEP = 4;

export function PostList({ posts, authorKind, onOpenMedia, onRequestDelete, onRequestReport, eagerCount = 0, emptyText, hydrateInSteps }: PostListProps) {
  if (posts.length === 0) return <p className="post-list__empty muted">{emptyText}</p>;
  const list = (
    <ul className="post-list">
      {posts.map((post, index) => {
        const card = <PostCard post={post} authorKind={authorKind} onOpenMedia={onOpenMedia} onRequestDelete={onRequestDelete} onRequestReport={onRequestReport} eager={index < eagerCount} />;
        return (
          <li key={postKey(post)} className={postCardKind(post) === 'text' ? 'post-list__text' : undefined}>
            {/* One boundary per card (one element: Preact resumes it in place), shared gates. */}
            {hydrateInSteps ? <HydrateLater group={`${hydrateInSteps}-${Math.floor(index / CARDS_PER_STEP)}`}>{card}</HydrateLater> : card}
          </li>
        );
      })}
    </ul>
  );
  // The list itself in a step of its own (one Suspense throw for the list, not one per card, in the
  // first hydration), then its cards a few per step.
  return hydrateInSteps ? <HydrateLater group={`${hydrateInSteps}-list`}>{list}</HydrateLater> : list;
}
