// One family card of the reorderable list, as plain markup (issue 27 §2): the list is painted and
// hydrated with it before the drag-and-drop code (dnd-kit) has loaded, and the sortable list renders
// the very same markup with dnd-kit's bindings, so swapping one for the other changes nothing on
// screen.
import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import type { Post } from '@recuerdos/shared/api-types';
import { DragHandleIcon } from '../../../components/account-icons';
import { PostCard, postCardKind } from '../../../components/memorial/post-card';

/** How the list names a card to a screen reader ('el mensaje «…»', 'la foto'). */
export function describePost(post: Post | undefined): string {
  if (!post) return 'la publicación';
  const kind = postCardKind(post);
  const what = kind === 'video' ? 'el video' : kind === 'picture' ? 'la foto' : 'el mensaje';
  const text = post.text.trim();
  return text ? `${what} «${text.slice(0, 40)}»` : what;
}

export interface ReorderableCardProps {
  post: Post;
  index: number;
  count: number;
  onOpenMedia: (post: Post) => void;
  onRequestDelete: (post: Post) => void;
  /** dnd-kit's bindings once it has loaded; nothing before. */
  itemRef?: Ref<HTMLLIElement>;
  itemProps?: HTMLAttributes<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
  handleRef?: Ref<HTMLButtonElement>;
  handleProps?: HTMLAttributes<HTMLButtonElement>;
}

export function ReorderableCard({ post, index, count, onOpenMedia, onRequestDelete, itemRef, itemProps, style, dragging = false, handleRef, handleProps }: ReorderableCardProps) {
  return (
    <li
      ref={itemRef}
      style={style}
      className={['sortable-card', postCardKind(post) === 'text' ? 'post-list__text' : '', dragging ? 'is-dragging' : ''].filter(Boolean).join(' ')}
      data-testid="owner-post"
      {...itemProps}
    >
      <PostCard post={post} authorKind="owner" onOpenMedia={onOpenMedia} onRequestDelete={onRequestDelete} eager={index < 4} />
      <button
        ref={handleRef}
        type="button"
        className="card-corner-button sortable-card__handle"
        {...handleProps}
        aria-roledescription="publicación reordenable"
        aria-label={`Mover ${describePost(post)} (posición ${index + 1} de ${count})`}
      >
        <DragHandleIcon />
      </button>
    </li>
  );
}
