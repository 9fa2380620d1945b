// The family's cards, reorderable (spec §4, §9), with the drag-and-drop code loaded on reach (issue
// 27 §2): the server renders, and the page hydrates, this plain list; dnd-kit is fetched when the
// owner presses a card, focuses a move button or the browser is idle after a first gesture, and the
// sortable list (`sortable-posts.tsx`, the same markup) takes the plain one's place when the owner
// starts to reorder: a press held for the long press's 250 ms, or the keyboard on a move button.
// A tap (open a photo, delete) never swaps the list under the finger: it lands on the card it began
// on. What was under way when the code arrived (the press, the focus, a Space) is carried over.
import { useRef, useState, type KeyboardEvent, type MouseEvent, type TouchEvent } from 'react';
import type { Post } from '@recuerdos/shared/api-types';
import { LIMITS } from '@recuerdos/shared/limits';
import { postKey } from '../../../components/memorial/post-card';
import { lazyModule } from '../../../lib/lazy-tool';
import { cardIndex, emptyCarried, followPress, type Carried } from './carried-reach';
import { ReorderableCard } from './reorderable-card';
import type { SortablePosts as SortablePostsList } from './sortable-posts';

/** dnd-kit and the sortable list: prefetched when idle by the home, fetched on reach here. */
export const sortablePosts = lazyModule(() => import('./sortable-posts'));

const HANDLE = '.sortable-card__handle';

export interface ReorderablePostsProps {
  posts: readonly Post[];
  onReorder: (posts: Post[]) => void;
  onOpenMedia: (post: Post) => void;
  onRequestDelete: (post: Post) => void;
}

export function ReorderablePosts(props: ReorderablePostsProps) {
  const [Sortable, setSortable] = useState<typeof SortablePostsList | null>(null);
  // What the owner does while the code loads; read by the sortable list once it is mounted.
  const carried = useRef<Carried>(emptyCarried());
  const list = useRef<HTMLUListElement>(null);
  const swapping = useRef(false);

  if (Sortable) return <Sortable {...props} carried={carried} />;

  const swap = () => {
    if (swapping.current) return;
    swapping.current = true;
    sortablePosts.preload().then(
      (module) => {
        const focused = document.activeElement;
        carried.current.focus = focused?.matches(HANDLE) ? cardIndex(list.current, focused) : null;
        setSortable(() => module.SortablePosts);
      },
      () => {
        // Offline: the plain list stays; the next reach tries again.
        swapping.current = false;
      },
    );
  };

  const pressed = (event: MouseEvent<HTMLUListElement> | TouchEvent<HTMLUListElement>) => {
    const index = cardIndex(list.current, event.target);
    if (index === null) return;
    void sortablePosts.preload().catch(() => undefined);
    carried.current.press?.stop();
    const press = followPress(event.nativeEvent, index, () => undefined);
    carried.current.press = press;
    // Held past the long press: a drag begins, on the sortable list.
    if (press) window.setTimeout(() => press.held && swap(), LIMITS.dragDelayMs);
  };

  const focused = (event: React.FocusEvent<HTMLUListElement>) => {
    if (!(event.target instanceof Element) || !event.target.matches(HANDLE)) return;
    void sortablePosts.preload().catch(() => undefined);
    // A keyboard's focus (a press focuses the button too: it swaps only if held).
    if (!carried.current.press?.held) swap();
  };

  const keyed = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!(event.target instanceof Element) || !event.target.matches(HANDLE)) return;
    if (event.code !== 'Space' && event.code !== 'Enter') return;
    const index = cardIndex(list.current, event.target);
    if (index === null) return;
    event.preventDefault();
    carried.current.key = { index, code: event.code, key: event.key };
    swap();
  };

  return (
    <ul ref={list} className="post-list post-list--sortable" aria-label="Publicaciones de la familia" onMouseDown={pressed} onTouchStart={pressed} onFocus={focused} onKeyDown={keyed}>
      {props.posts.map((post, index) => (
        <ReorderableCard key={postKey(post)} post={post} index={index} count={props.posts.length} onOpenMedia={props.onOpenMedia} onRequestDelete={props.onRequestDelete} />
      ))}
    </ul>
  );
}
