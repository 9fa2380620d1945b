// The family's cards load their drag-and-drop code on reach (issue 27 §2): the plain list the page
// hydrates is the sortable list's very markup, a press is followed until it is lifted or moved past
// the long press's tolerance, and a Space pressed on a move button before the code arrived starts the
// keyboard move once it has, on the same button.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@recuerdos/shared/api-types';
import { followPress } from './components/carried-reach';
import { ReorderablePosts } from './components/reorderable-posts';
import { SortablePosts } from './components/sortable-posts';

const POSTS: Post[] = ['Primero', 'Segundo', 'Tercero'].map((text, index) => ({
  identifier: 'mem-1',
  reg: `r-${index}`,
  date: `2026-11-2${index} 10:00:00`,
  fullname: 'Familia',
  text,
  path: '',
  place: 3 - index,
}));
const noop = () => undefined;

afterEach(cleanup);

/** Each card's markup, dnd-kit's own attributes (ids of its hidden texts, tab order) aside. */
function cardsMarkup(container: HTMLElement): string[] {
  return [...container.querySelectorAll('li')].map((item) => {
    const copy = item.cloneNode(true) as HTMLElement;
    for (const element of [copy, ...copy.querySelectorAll('*')]) {
      for (const name of ['aria-describedby', 'aria-disabled', 'role', 'tabindex', 'style']) element.removeAttribute(name);
    }
    return copy.outerHTML;
  });
}

describe('the plain list and the sortable list', () => {
  it('render the same cards, so the swap changes nothing on screen', () => {
    const plain = render(<ReorderablePosts posts={POSTS} onReorder={noop} onOpenMedia={noop} onRequestDelete={noop} />);
    const before = cardsMarkup(plain.container);
    expect(plain.container.querySelector('ul')?.className).toBe('post-list post-list--sortable');
    plain.unmount();
    const sortable = render(<SortablePosts posts={POSTS} onReorder={noop} onOpenMedia={noop} onRequestDelete={noop} />);
    expect(before).toHaveLength(3);
    expect(cardsMarkup(sortable.container)).toEqual(before);
    expect(sortable.container.querySelector('ul')?.className).toBe('post-list post-list--sortable');
    expect(screen.getByRole('button', { name: 'Mover el mensaje «Segundo» (posición 2 de 3)' })).toBeTruthy();
  });
});

describe('a press on the plain list', () => {
  const press = (init: MouseEventInit) => new MouseEvent('mousedown', { bubbles: true, clientX: 100, clientY: 100, ...init });

  it('stays held while the pointer stays within 5 px, and ends when it moves farther or is lifted', () => {
    const changed = vi.fn();
    const held = followPress(press({ button: 0 }), 1, changed);
    expect(held).toMatchObject({ kind: 'mouse', index: 1, x: 100, y: 100, held: true });
    window.dispatchEvent(new MouseEvent('mousemove', { clientX: 103, clientY: 104 }));
    expect(held?.held).toBe(true);
    window.dispatchEvent(new MouseEvent('mousemove', { clientX: 104, clientY: 104 }));
    expect(held?.held).toBe(false);
    expect(changed).toHaveBeenCalledTimes(1);

    const lifted = followPress(press({ button: 0 }), 0, noop);
    window.dispatchEvent(new MouseEvent('mouseup', {}));
    expect(lifted?.held).toBe(false);
  });

  it('is not followed for a button other than the main one', () => {
    expect(followPress(press({ button: 2 }), 0, noop)).toBeNull();
  });
});

describe('the keyboard before the code has arrived', () => {
  it('a Space on a move button starts the move once the sortable list is there, on the same button', async () => {
    const { container } = render(<ReorderablePosts posts={POSTS} onReorder={noop} onOpenMedia={noop} onRequestDelete={noop} />);
    const handle = screen.getByRole('button', { name: /^Mover el mensaje «Tercero»/ });
    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await waitFor(() => expect(container.querySelector('ul[data-sortable]')).not.toBeNull());
    // The focus is on the new list's button of the same card, and dnd-kit announces the move.
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Mover el mensaje «Tercero»/);
    expect(container.querySelector('ul[data-sortable]')?.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(within(document.body).getByText(/^Moviendo el mensaje «Tercero», posición 3 de 3\./)).toBeTruthy());
  });
});
