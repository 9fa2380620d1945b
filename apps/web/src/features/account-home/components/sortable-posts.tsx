// The family's cards, reorderable (spec §4, §9): a long press of 250 ms starts a drag (moving more
// than 5 px before that cancels it, so the page still scrolls), the card follows the pointer scaled
// up, and on release it goes to the nearest slot within half a card's width, else stays. A touch
// drag gives up after 15 s. By keyboard: the handle, Space or Enter, the arrows, Space or Enter
// again (Escape cancels). Every reorder is saved.
// A lazy chunk (dnd-kit is most of it, issue 27 §2): `reorderable-posts.tsx` renders the same cards
// until the owner starts to reorder, then mounts this list in its place, which carries on what was
// under way (`carried-reach.ts`): the focus, a Space, a press still held.
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
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
import { postKey } from '../../../components/memorial/post-card';
import type { Carried, Press } from './carried-reach';
import { ReorderableCard, describePost as describe } from './reorderable-card';
import { listKeyboardCoordinates, nearestWithinHalfCard } from './reorder';

/** What is left of a carried press's long press when it is replayed here (read as the sensor starts). */
let carriedDelay: number | null = null;
const ACTIVATION = {
  get delay() {
    return carriedDelay ?? LIMITS.dragDelayMs;
  },
  tolerance: LIMITS.dragTolerancePx,
};

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
    <ReorderableCard
      post={post}
      index={index}
      count={count}
      onOpenMedia={onOpenMedia}
      onRequestDelete={onRequestDelete}
      itemRef={setNodeRef}
      itemProps={listeners}
      style={style}
      dragging={isDragging}
      handleRef={setActivatorNodeRef}
      handleProps={attributes}
    />
  );
}

/** A copy of a touch, aimed at `target` (the sortable card that now listens for that finger). */
function touchAt(touch: { identifier: number; clientX: number; clientY: number }, target: EventTarget): Touch {
  return new Touch({ identifier: touch.identifier, target, clientX: touch.clientX, clientY: touch.clientY });
}

/**
 * Replays a press that began on the plain list and is still held, on `item` (its card here): the
 * long press goes on where it began, with what is left of its 250 ms. A touch's later events keep
 * going to the element it began on (now out of the page), so they are copied onto `item`, where
 * dnd-kit's touch sensor listens; its preventDefault (no scrolling while dragging) is passed back.
 */
function replayPress(press: Press, item: HTMLElement): void {
  carriedDelay = Math.max(0, LIMITS.dragDelayMs - (performance.now() - press.at));
  try {
    if (press.kind === 'mouse') {
      item.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, clientX: press.x, clientY: press.y, button: 0, buttons: 1, view: window }));
      return;
    }
    if (typeof Touch !== 'function' || !press.target) return;
    const first = touchAt({ identifier: press.touchId, clientX: press.x, clientY: press.y }, item);
    item.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, cancelable: true, touches: [first], targetTouches: [first], changedTouches: [first] }));
  } finally {
    carriedDelay = null;
  }
  const source = press.target;
  const names = ['touchmove', 'touchend', 'touchcancel'];
  const forward = (event: Event) => {
    const real = event as TouchEvent;
    const touches = [...real.touches].map((touch) => touchAt(touch, item));
    const copy = new TouchEvent(real.type, { bubbles: true, cancelable: real.cancelable, touches, targetTouches: touches, changedTouches: [...real.changedTouches].map((touch) => touchAt(touch, item)) });
    if (!item.dispatchEvent(copy)) real.preventDefault();
    if (real.type !== 'touchmove') for (const name of names) source.removeEventListener(name, forward);
  };
  for (const name of names) source.addEventListener(name, forward, { passive: false });
}

const cardAt = (list: HTMLUListElement, index: number) => list.children.item(index) as HTMLElement | null;
const handleAt = (list: HTMLUListElement, index: number) => cardAt(list, index)?.querySelector<HTMLButtonElement>('.sortable-card__handle') ?? null;

/**
 * Carries on, on the freshly mounted list, what the owner did while its code loaded (the focus was
 * given back as the list mounted): a Space or Enter on the focused move button, a press still held.
 */
function carryOn(list: HTMLUListElement, carried: Carried): void {
  const { press, key, focus } = carried;
  carried.press = null;
  carried.key = null;
  carried.focus = null;
  if (key && key.index === focus) {
    handleAt(list, key.index)?.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, code: key.code, key: key.key }));
  }
  if (press) {
    press.stop();
    const item = cardAt(list, press.index);
    if (press.held && item) replayPress(press, item);
  }
}

interface SortablePostsProps {
  posts: readonly Post[];
  onReorder: (posts: Post[]) => void;
  onOpenMedia: (post: Post) => void;
  onRequestDelete: (post: Post) => void;
  /** What the owner did to the plain list while this code loaded. */
  carried?: RefObject<Carried>;
}

export function SortablePosts({ posts, onReorder, onOpenMedia, onRequestDelete, carried }: SortablePostsProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: ACTIVATION }),
    useSensor(TouchSensor, { activationConstraint: ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: listKeyboardCoordinates }),
  );
  const [dragging, setDragging] = useState(false);
  const touchTimer = useRef<number | undefined>(undefined);
  const list = useRef<HTMLUListElement>(null);

  useLayoutEffect(() => {
    // The focus back on the same move button in the same commit that replaced the plain list: a key
    // pressed right after goes to it.
    const focus = carried?.current.focus;
    if (list.current && focus !== null && focus !== undefined) handleAt(list.current, focus)?.focus({ preventScroll: true });
  }, [carried]);

  useEffect(() => {
    // After dnd-kit has registered the cards (its layout effects) and measured them.
    const timer = window.setTimeout(() => {
      if (list.current && carried) carryOn(list.current, carried.current);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [carried]);

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
        <ul ref={list} className={dragging ? 'post-list post-list--sortable is-sorting' : 'post-list post-list--sortable'} aria-label="Publicaciones de la familia" data-sortable="">
          {posts.map((post, index) => (
            <SortableCard key={postKey(post)} post={post} index={index} count={posts.length} onOpenMedia={onOpenMedia} onRequestDelete={onRequestDelete} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
