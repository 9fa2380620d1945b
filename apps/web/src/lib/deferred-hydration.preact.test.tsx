// Progressive hydration on Preact, as the guest bundle runs it: the deferred parts keep the server's
// markup untouched, are inert until their turn, then work; a visitor's tap releases them at once.
import { useState, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, HydrateOnReach, deferHydration, hydrateInSteps, reachAttributes, whenHydrated } from './deferred-hydration';

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

/** Called by each render of a card. */
const cardRendered = vi.fn();

/** A card as the guest page's (its own state), counting its renders. */
function CountedCard({ n, onPick }: { n: number; onPick: (n: number) => void }) {
  cardRendered();
  const [turned, setTurned] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        setTurned(true);
        onPick(n);
      }}
    >
      {turned ? `Volteada ${n}` : `Tarjeta ${n}`}
    </button>
  );
}

/**
 * The guest page's shape since issue 27 §4: the frame (a candle, a pager) hydrates at once, the
 * list in a step, each card of the server's markup only when the visitor reaches for it.
 */
function ReachPage({ onPick }: { onPick: (n: number) => void }) {
  const [candles, setCandles] = useState(0);
  const [count, setCount] = useState(4);
  return (
    <main>
      <p>{`Velas: ${candles}`}</p>
      <button type="button" onClick={() => setCandles((value) => value + 1)}>
        Encender una vela
      </button>
      <HydrateLater group="list">
        <ol>
          {Array.from({ length: count }, (_, n) => (
            <li key={n} {...reachAttributes(`card-${n}`)}>
              <HydrateOnReach name={`card-${n}`}>
                <CountedCard n={n} onPick={onPick} />
              </HydrateOnReach>
            </li>
          ))}
        </ol>
      </HydrateLater>
      <button type="button" onClick={() => setCount((value) => value + 2)}>
        Ver más
      </button>
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

afterEach(async () => {
  // An empty page's hydration: nothing left waiting for the next test's server render.
  document.body.innerHTML = '';
  deferHydration();
  await hydrateInSteps();
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

  describe('HydrateOnReach', () => {
    async function hydratedReachPage(onPick: (n: number) => void) {
      const page = serverPage(<ReachPage onPick={onPick} />);
      deferHydration();
      hydrateRoot(page.root, <ReachPage onPick={onPick} />);
      cardRendered.mockClear();
      await hydrateInSteps();
      await whenHydrated();
      return page;
    }

    it("leaves every card the server's markup once the page has hydrated, and hydrates only the one a visitor taps", async () => {
      const onPick = vi.fn();
      const { root, changes } = await hydratedReachPage(onPick);
      // The page's frame works; no card has been rendered (no hydration cost at load).
      button('Encender una vela').click();
      await ticks(5);
      expect(root.querySelector('p')?.textContent).toBe('Velas: 1');
      expect(cardRendered).not.toHaveBeenCalled();
      // A tap: pointerdown hydrates that card before its click.
      button('Tarjeta 2').dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await ticks(10);
      expect(cardRendered).toHaveBeenCalledTimes(1);
      button('Tarjeta 2').click();
      await ticks(5);
      expect(onPick.mock.calls).toEqual([[2]]);
      expect(button('Volteada 2')).toBeTruthy();
      // Nothing replaced: only the turned card's text changed.
      expect(changes().filter((record) => record.type !== 'characterData')).toEqual([]);
      expect(root.querySelectorAll('li')).toHaveLength(4);
    });

    it('hydrates a card on a click that came with no tap or focus (a screen reader), and gives it the click', async () => {
      const onPick = vi.fn();
      await hydratedReachPage(onPick);
      button('Tarjeta 3').click();
      await nextTask();
      await ticks(5);
      expect(onPick.mock.calls).toEqual([[3]]);
      expect(button('Volteada 3')).toBeTruthy();
      // Focus (the keyboard's Tab) hydrates a card too.
      button('Tarjeta 1').focus();
      await ticks(10);
      button('Tarjeta 1').click();
      await ticks(5);
      expect(onPick.mock.calls).toEqual([[3], [1]]);
    });

    it("keeps the waiting cards through the page's later renders, and renders cards added in the browser at once", async () => {
      const onPick = vi.fn();
      const { root } = await hydratedReachPage(onPick);
      button('Ver más').click();
      await ticks(10);
      expect([...root.querySelectorAll('li button')].map((b) => b.textContent)).toEqual(['Tarjeta 0', 'Tarjeta 1', 'Tarjeta 2', 'Tarjeta 3', 'Tarjeta 4', 'Tarjeta 5']);
      // The new ones listen at once; the server's still wait, and work when reached.
      button('Tarjeta 5').dispatchEvent(new Event('pointerdown', { bubbles: true }));
      button('Tarjeta 5').click();
      await ticks(5);
      expect(onPick.mock.calls).toEqual([[5]]);
      button('Tarjeta 0').dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await ticks(10);
      button('Tarjeta 0').click();
      await ticks(5);
      expect(onPick.mock.calls).toEqual([[5], [0]]);
      expect(root.querySelectorAll('li')).toHaveLength(6);
    });
  });
});
