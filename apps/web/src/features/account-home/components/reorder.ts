// Drop rule of spec §4: on release the card goes to the slot whose centre is nearest, counted only
// when that distance is under half the card's width; otherwise it stays where it was.
import type { ClientRect, CollisionDetection, UniqueIdentifier } from '@dnd-kit/core';

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

/** The list with the item at `from` moved to `to` (a new array). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
