// The family's cards, reorderable (spec §4, §9): a long press of 250 ms starts a drag (moving more
// than 5 px before that cancels it, so the page still scrolls), the card follows the pointer scaled
// up, and on release it goes to the nearest slot within half a card's width, else stays. A touch
// drag gives up after 15 s. By keyboard: the handle, Space or Enter, the arrows, Space or Enter
// again (Escape cancels). Every reorder is saved.
import { useRef, useState, type CSSProperties } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Post } from '@recuerdos/shared/api-types';
import { LIMITS } from '@recuerdos/shared/limits';
import { DragHandleIcon } from '../../../components/account-icons';
import { PostCard, postCardKind, postKey } from '../../../components/memorial/post-card';
import { listKeyboardCoordinates, nearestWithinHalfCard } from './reorder';

const ACTIVATION = { delay: LIMITS.dragDelayMs, tolerance: LIMITS.dragTolerancePx };

function describe(post: Post | undefined): string {
  if (!post) return 'la publicación';
  const kind = postCardKind(post);
  const what = kind === 'video' ? 'el video' : kind === 'picture' ? 'la foto' : 'el mensaje';
  const text = post.text.trim();
  return text ? `${what} «${text.slice(0, 40)}»` : what;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'Para cambiar el orden, pulsa Espacio o Enter; cada flecha la mueve un lugar (arriba o izquierda, antes; abajo o derecha, después). Pulsa Espacio o Enter para dejarla en su nuevo lugar, o Escape para cancelar.',
};

function announcements(posts: readonly Post[]): Announcements {
  const find = (id: string | number) => posts.findIndex((post) => postKey(post) === id);
  const position = (id: string | number) => `posición ${find(id) + 1} de ${posts.length}`;
  return {
    onDragStart: ({ active }) => `Moviendo ${describe(posts[find(active.id)])}, ${position(active.id)}.`,
    onDragOver: ({ over }) => (over ? `Sobre la ${position(over.id)}.` : 'Fuera de la lista: volverá a su lugar.'),
    onDragEnd: ({ active, over }) => (over ? `Publicación dejada en la ${position(over.id)}.` : `Publicación de vuelta en la ${position(active.id)}.`),
    onDragCancel: ({ active }) => `Movimiento cancelado. La publicación sigue en la ${position(active.id)}.`,
  };
}

interface SortableCardProps {
  post: Post;
  index: number;
  count: number;
  onOpenMedia: (post: Post) => void;
  onRequestDelete: (post: Post) => void;
}

function SortableCard({ post, index, count, onOpenMedia, onRequestDelete }: SortableCardProps) {
  const id = postKey(post);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const moving = transform ? CSS.Translate.toString(transform) : '';
  const style: CSSProperties = {
    transform: [moving, isDragging ? 'scale(1.06)' : ''].filter(Boolean).join(' ') || undefined,
    transition,
    zIndex: isDragging ? 10 : undefined,
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={['sortable-card', postCardKind(post) === 'text' ? 'post-list__text' : '', isDragging ? 'is-dragging' : ''].filter(Boolean).join(' ')}
      data-testid="owner-post"
      {...listeners}
    >
      <PostCard post={post} authorKind="owner" onOpenMedia={onOpenMedia} onRequestDelete={onRequestDelete} eager={index < 4} />
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="card-corner-button sortable-card__handle"
        {...attributes}
        aria-roledescription="publicación reordenable"
        aria-label={`Mover ${describe(post)} (posición ${index + 1} de ${count})`}
      >
        <DragHandleIcon />
      </button>
    </li>
  );
}

interface SortablePostsProps {
  posts: readonly Post[];
  onReorder: (posts: Post[]) => void;
  onOpenMedia: (post: Post) => void;
  onRequestDelete: (post: Post) => void;
}

export function SortablePosts({ posts, onReorder, onOpenMedia, onRequestDelete }: SortablePostsProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: ACTIVATION }),
    useSensor(TouchSensor, { activationConstraint: ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: listKeyboardCoordinates }),
  );
  const [dragging, setDragging] = useState(false);
  const touchTimer = useRef<number | undefined>(undefined);

  const stopTimer = () => {
    window.clearTimeout(touchTimer.current);
    setDragging(false);
  };

  const onDragStart = ({ activatorEvent }: DragStartEvent) => {
    setDragging(true);
    if (typeof TouchEvent !== 'undefined' && activatorEvent instanceof TouchEvent) {
      // Spec §9: a touch drag has a 15 s safety timeout (the sensors cancel on Escape).
      touchTimer.current = window.setTimeout(() => {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
      }, LIMITS.touchDragTimeoutMs);
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    stopTimer();
    if (!over || over.id === active.id) return;
    const from = posts.findIndex((post) => postKey(post) === active.id);
    const to = posts.findIndex((post) => postKey(post) === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...posts], from, to));
  };

  const ids = posts.map(postKey);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={nearestWithinHalfCard}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={stopTimer}
      accessibility={{ announcements: announcements(posts), screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className={dragging ? 'post-list post-list--sortable is-sorting' : 'post-list post-list--sortable'} aria-label="Publicaciones de la familia">
          {posts.map((post, index) => (
            <SortableCard key={postKey(post)} post={post} index={index} count={posts.length} onOpenMedia={onOpenMedia} onRequestDelete={onRequestDelete} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
