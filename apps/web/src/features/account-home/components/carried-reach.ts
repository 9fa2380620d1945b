// What the owner did to the family's cards while the drag-and-drop code (dnd-kit) was still on its
// way (issue 27 §2): a long press under way, the focus on a card's move button, a Space or Enter on
// it. The plain list records it; the sortable list, once mounted in its place, carries it on, so the
// first drag is never lost and the swap of the two lists is invisible. Framework-free.
import { LIMITS } from '@recuerdos/shared/limits';

export interface Press {
  kind: 'mouse' | 'touch';
  /** The card pressed (its place in the list). */
  index: number;
  /** Where the press began: dnd-kit measures its tolerance and the card's move from there. */
  x: number;
  y: number;
  /** When it began (performance.now()). */
  at: number;
  /** Still down where it began: not lifted, not moved past the tolerance (then it was a scroll). */
  held: boolean;
  /** The element a touch began on: the browser keeps sending that finger's events to it, even once removed. */
  target: EventTarget | null;
  touchId: number;
  /** Stops following the press. */
  stop: () => void;
}

export interface Carried {
  press: Press | null;
  /** Space or Enter pressed on a card's move button before the code arrived. */
  key: { index: number; code: string; key: string } | null;
  /** The card whose move button had the focus when the code arrived. */
  focus: number | null;
}

export function emptyCarried(): Carried {
  return { press: null, key: null, focus: null };
}

/**
 * Follows a mouse or touch press that began on card `index` until it is lifted or moves past the
 * long press's tolerance; null for a press that cannot start a drag (another button, two fingers).
 */
export function followPress(event: MouseEvent | TouchEvent, index: number, onChange: (press: Press) => void): Press | null {
  const touch = 'touches' in event ? event.touches[0] : undefined;
  if ('touches' in event ? event.touches.length !== 1 || !touch : event.button !== 0) return null;
  const start = touch ?? (event as MouseEvent);
  const press: Press = {
    kind: touch ? 'touch' : 'mouse',
    index,
    x: start.clientX,
    y: start.clientY,
    at: performance.now(),
    held: true,
    target: event.target,
    touchId: touch?.identifier ?? 0,
    stop: () => undefined,
  };
  const end = () => {
    press.held = false;
    press.stop();
    onChange(press);
  };
  const move = (moved: MouseEvent | TouchEvent) => {
    const at = 'touches' in moved ? [...moved.touches].find((one) => one.identifier === press.touchId) : moved;
    if (at && Math.hypot(at.clientX - press.x, at.clientY - press.y) > LIMITS.dragTolerancePx) end();
  };
  // A touch's events go to the element it began on; a mouse's to whatever is under it.
  const on: EventTarget = touch && event.target ? event.target : window;
  const names = touch ? ['touchmove', 'touchend', 'touchcancel'] : ['mousemove', 'mouseup'];
  const listener = (next: Event) => {
    if (next.type === 'touchmove' || next.type === 'mousemove') move(next as MouseEvent | TouchEvent);
    else end();
  };
  for (const name of names) on.addEventListener(name, listener, { capture: true, passive: true });
  window.addEventListener('blur', end);
  press.stop = () => {
    for (const name of names) on.removeEventListener(name, listener, { capture: true });
    window.removeEventListener('blur', end);
  };
  return press;
}

/** The place of the card holding `element` in `list`, or null. */
export function cardIndex(list: HTMLElement | null, element: EventTarget | null): number | null {
  if (!list || !(element instanceof Element)) return null;
  const item = element.closest('li');
  if (!item || item.parentElement !== list) return null;
  return [...list.children].indexOf(item);
}
