// Progressive hydration on Preact, as the guest bundle runs it: the deferred parts keep the server's
// markup untouched, are inert until their turn, then work; a visitor's tap releases them at once.
import { useState, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, deferHydration, hydrateInSteps, whenHydrated } from './deferred-hydration';

function Card({ n, onPick }: { n: number; onPick: (n: number) => void }) {
  const [turned, setTurned] = useState(false);
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          setTurned(true);
          onPick(n);
        }}
      >
        {turned ? `Volteada ${n}` : `Tarjeta ${n}`}
      </button>
    </li>
  );
}

function Page({ onPick }: { onPick: (n: number) => void }) {
  const [candles, setCandles] = useState(0);
  return (
    <main>
      <p>{`Velas: ${candles}`}</p>
      <button type="button" onClick={() => setCandles((count) => count + 1)}>
        Encender una vela
      </button>
      <ul>
        {Array.from({ length: 9 }, (_, n) => (
          <HydrateLater key={n} group={`cards-${Math.floor(n / 3)}`}>
            <Card n={n} onPick={onPick} />
          </HydrateLater>
        ))}
      </ul>
    </main>
  );
}

/** A list deferred as a whole, and its cards in groups of three inside it (as the guest page's lists). */
function NestedPage({ onPick }: { onPick: (n: number) => void }) {
  return (
    <main>
      <h1>Recuerdos</h1>
      <HydrateLater group="list">
        <ul>
          {Array.from({ length: 6 }, (_, n) => (
            <HydrateLater key={n} group={`cards-${Math.floor(n / 3)}`}>
              <Card n={n} onPick={onPick} />
            </HydrateLater>
          ))}
        </ul>
      </HydrateLater>
    </main>
  );
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const ticks = async (count: number) => {
  for (let i = 0; i < count; i++) await Promise.resolve();
};

/** The server's markup in #root, every node or text change recorded from then on. */
function serverPage(page: ReactElement): { root: HTMLElement; changes: () => MutationRecord[] } {
  document.body.innerHTML = `<div id="root">${renderToString(page)}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((list) => records.push(...list));
  observer.observe(root, { childList: true, characterData: true, subtree: true, attributes: true });
  return { root, changes: () => [...records, ...observer.takeRecords()] };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('HydrateLater', () => {
  it('hydrates the page first and the deferred cards one group per task, without touching the markup', async () => {
    const onPick = vi.fn();
    const { root, changes } = serverPage(<Page onPick={onPick} />);
    const before = root.innerHTML;

    deferHydration();
    hydrateRoot(root, <Page onPick={onPick} />);
    // The rest of the page works at once…
    button('Encender una vela').click();
    await ticks(5);
    expect(root.querySelector('p')?.textContent).toBe('Velas: 1');
    // …while the cards are the server's markup, not yet listening.
    button('Tarjeta 8').click();
    await ticks(5);
    expect(onPick).not.toHaveBeenCalled();
    expect(root.innerHTML).toBe(before.replace('Velas: 0', 'Velas: 1'));

    await hydrateInSteps();
    await whenHydrated();
    expect(changes().filter((record) => record.type !== 'characterData')).toEqual([]);
    button('Tarjeta 8').click();
    button('Tarjeta 0').click();
    await ticks(5);
    expect(onPick.mock.calls).toEqual([[8], [0]]);
    expect(button('Volteada 8')).toBeTruthy();
    expect(root.querySelectorAll('li')).toHaveLength(9);
  });

  // No timer has run when the visitor touches the page: the first group would wait for one. A
  // nested list's cards are released with their list.
  it.each([
    { what: 'every waiting group', View: Page, card: 8 },
    { what: 'a deferred list and the cards inside it', View: NestedPage, card: 4 },
  ])('releases $what at once when the visitor touches the page', async ({ View, card }) => {
    const onPick = vi.fn();
    const { root } = serverPage(<View onPick={onPick} />);
    deferHydration();
    hydrateRoot(root, <View onPick={onPick} />);
    const done = hydrateInSteps();
    button(`Tarjeta ${card}`).dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await ticks(10);
    button(`Tarjeta ${card}`).click();
    await ticks(5);
    expect(onPick).toHaveBeenCalledWith(card);
    await done;
  });

  it('hydrates a deferred list in a step of its own, then the cards it holds in steps of theirs', async () => {
    const onPick = vi.fn();
    const { root, changes } = serverPage(<NestedPage onPick={onPick} />);
    deferHydration();
    hydrateRoot(root, <NestedPage onPick={onPick} />);
    const done = hydrateInSteps();
    await nextTask();
    // The list's step: its cards met there wait for their own.
    button('Tarjeta 0').click();
    await ticks(5);
    expect(onPick).not.toHaveBeenCalled();
    await nextTask();
    // The first group of cards.
    button('Tarjeta 0').click();
    button('Tarjeta 3').click();
    await ticks(5);
    expect(onPick.mock.calls).toEqual([[0]]);
    await done;
    button('Tarjeta 5').click();
    await ticks(5);
    expect(onPick.mock.calls).toEqual([[0], [5]]);
    // Only the turned cards' text changed: no node added, removed or replaced.
    expect(changes().filter((record) => record.type !== 'characterData')).toEqual([]);
    expect(root.querySelectorAll('li')).toHaveLength(6);
  });

  it('renders its children at once outside a hydration (the SPA, later renders)', async () => {
    const onPick = vi.fn();
    document.body.innerHTML = '<div id="root"></div>';
    createRoot(document.getElementById('root') as HTMLElement).render(<Page onPick={onPick} />);
    await ticks(2);
    expect(document.querySelectorAll('li')).toHaveLength(9);
    button('Tarjeta 4').click();
    await ticks(5);
    expect(onPick).toHaveBeenCalledWith(4);
  });
});
