// Drop rule of spec §4: on release the card goes to the slot whose centre is nearest, counted only
// when that distance is under half the card's width; otherwise it stays where it was.
import type { ClientRect, CollisionDetection, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';

export interface Point {
  x: number;
  y: number;
}

export function centerOf(rect: Pick<ClientRect, 'left' | 'top' | 'width' | 'height'>): Point {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** The nearest slot to `center`, or null when even the nearest is `maxDistance` or farther. */
export function nearestSlot<Id>(center: Point, slots: readonly { id: Id; center: Point }[], maxDistance: number): Id | null {
  let best: { id: Id; distance: number } | null = null;
  for (const slot of slots) {
    const distance = Math.hypot(slot.center.x - center.x, slot.center.y - center.y);
    if (!best || distance < best.distance) best = { id: slot.id, distance };
  }
  return best && best.distance < maxDistance ? best.id : null;
}

/** dnd-kit collision detection with the rule above (half of the dragged card's width). */
export const nearestWithinHalfCard: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers }) => {
  const slots: { id: UniqueIdentifier; center: Point }[] = [];
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (rect) slots.push({ id: container.id, center: centerOf(rect) });
  }
  const id = nearestSlot(centerOf(collisionRect), slots, collisionRect.width / 2);
  return id === null ? [] : [{ id }];
};

const PREVIOUS = ['ArrowUp', 'ArrowLeft'];
const NEXT = ['ArrowDown', 'ArrowRight'];

/** The id one step before (Up, Left) or after (Down, Right) `current` in `items`; null at either end. */
export function stepTarget(items: readonly UniqueIdentifier[], current: UniqueIdentifier, key: string): UniqueIdentifier | null {
  const index = items.indexOf(current);
  if (index < 0) return null;
  const next = PREVIOUS.includes(key) ? index - 1 : NEXT.includes(key) ? index + 1 : -1;
  return next >= 0 && next < items.length ? (items[next] ?? null) : null;
}

function sortableItems(data: unknown): UniqueIdentifier[] {
  const sortable = (data as { sortable?: { items?: unknown } } | undefined)?.sortable;
  return Array.isArray(sortable?.items) ? (sortable.items as UniqueIdentifier[]) : [];
}

/**
 * Keyboard moves for a list: every arrow moves the card one place (Up and Left earlier, Down and
 * Right later), centred on that slot, whatever the cards' sizes (a text card spans the row).
 */
export const listKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (!PREVIOUS.includes(event.code) && !NEXT.includes(event.code)) return undefined;
  event.preventDefault();
  const { active, over, collisionRect, droppableRects } = context;
  if (!active || !collisionRect) return undefined;
  const target = stepTarget(sortableItems(active.data.current), over?.id ?? active.id, event.code);
  const rect = target === null ? undefined : droppableRects.get(target);
  if (!rect) return undefined;
  const middle = centerOf(rect);
  return { x: middle.x - collisionRect.width / 2, y: middle.y - collisionRect.height / 2 };
};
