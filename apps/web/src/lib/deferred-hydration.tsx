// Progressive hydration for the guest page (issue 13, TBT; docs/decisions/021). Hydrating every card
// of a page of memories in one task kept a phone's main thread busy for 100–200 ms (4× slowed CPU)
// right after the first paint. Parts wrapped in <HydrateLater group="…"> keep the server's markup
// while the rest of the page hydrates: their Suspense boundary catches a child that suspends during
// that first hydration only, and Preact leaves the DOM as it is and resumes there later. Then one
// group hydrates per task; a tap, a key or a focus anywhere releases all that are left at once, so
// nothing the visitor reaches for stays inert. Outside a hydration (the server's render, the SPA's
// client-rendered route, every later render) the wrapper renders its children as they are.
//
// Parts wrapped in <HydrateOnReach> (the memories' cards, issue 27 §4) are not stepped at all: they
// stay the server's markup until the visitor reaches for one (a tap, a focus, a click), and then
// only that one hydrates, in the microtask after the pointerdown or focus, before its click. A
// page of memories costs the phone no hydration at load; the parts a visitor touches at once (the
// gifts, the form bar, the pager, the lists that append the next page) are the page's own.
import { Suspense, type ReactNode } from 'react';

interface Gate {
  opened: boolean;
  promise: Promise<void>;
  open: () => void;
}

let armed = false;
const gates = new Map<string, Gate>();
/** The groups in the order they were met: the first hydration's, then those met as each hydrates. */
let queue: Gate[] = [];
let whenDone: Promise<void> = Promise.resolve();

function gateFor(name: string): Gate {
  let gate = gates.get(name);
  if (!gate) {
    let open = () => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    gate = { opened: false, promise, open: () => ((gate as Gate).opened = true, open()) };
    gates.set(name, gate);
    queue.push(gate);
  }
  return gate;
}

function Gated({ name, children }: { name: string; children: ReactNode }) {
  // A part of the server's markup that waits for a reach never waits for a step.
  const reach = reachGates.get(name);
  const gate = reach ?? (armed ? gateFor(name) : null);
  // Suspense's protocol: a render that must wait throws the promise it waits for.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (gate && !gate.opened) throw gate.promise;
  return <>{children}</>;
}

/**
 * Children hydrated in a later task, with the other parts of the same `group`. Parts may nest (a
 * list, its cards): the inner ones met when the outer one hydrates wait for steps of their own.
 */
export function HydrateLater({ group, children }: { group: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gated name={group}>{children}</Gated>
    </Suspense>
  );
}

/** The attribute on the element around a HydrateOnReach part (outside it: hydrated with its parent). */
export const REACH_ATTRIBUTE = 'data-hydrate-on-reach';

/** The server's parts that wait for a reach, by name (opened ones stay, open). */
const reachGates = new Map<string, Gate>();

/**
 * Children left as the server's markup until the visitor reaches for them. `name` is unique in the
 * page and is also given, as `reachAttributes(name)`, to the element just around this part: a tap,
 * focus or click inside that element hydrates it. Anything rendered in the browser (a card of the
 * next page, the SPA's route) renders at once.
 */
export function HydrateOnReach({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gated name={name}>{children}</Gated>
    </Suspense>
  );
}

/** The props of the element around a HydrateOnReach part of the same name. */
export function reachAttributes(name: string): Record<typeof REACH_ATTRIBUTE, string> {
  return { [REACH_ATTRIBUTE]: name };
}

/** The part still waiting around an event's target, if any. */
function waitingGateOf(target: EventTarget | null): Gate | undefined {
  const holder = target instanceof Element ? target.closest(`[${REACH_ATTRIBUTE}]`) : null;
  const name = holder?.getAttribute(REACH_ATTRIBUTE);
  const gate = name ? reachGates.get(name) : undefined;
  return gate && !gate.opened ? gate : undefined;
}

/** A tap or focus inside a waiting part: it hydrates in the next microtasks, before the click. */
function onReach(event: Event): void {
  waitingGateOf(event.target)?.open();
}

/**
 * A click with no tap or focus before it (a screen reader's activation, a script's click()): the
 * part hydrates, then the click is given again to the same element, now listening.
 */
function onReachClick(event: MouseEvent): void {
  const gate = waitingGateOf(event.target);
  const target = event.target;
  if (!gate || !(target instanceof Element)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  gate.open();
  // The part's render runs in microtasks after its gate opens; the next task finds it hydrated.
  setTimeout(() => {
    if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: event.detail }));
  });
}

let reachListening = false;

/**
 * Before hydrating: the HydrateLater parts met by this hydration wait for hydrateInSteps, and the
 * HydrateOnReach parts of the server's markup for the visitor.
 */
export function deferHydration(): void {
  armed = true;
  gates.clear();
  queue = [];
  reachGates.clear();
  for (const holder of document.querySelectorAll(`[${REACH_ATTRIBUTE}]`)) {
    const name = holder.getAttribute(REACH_ATTRIBUTE);
    if (!name || reachGates.has(name)) continue;
    let open = () => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    const gate: Gate = { opened: false, promise, open: () => ((gate.opened = true), open()) };
    reachGates.set(name, gate);
  }
  if (!reachListening && reachGates.size > 0) {
    reachListening = true;
    for (const type of ['pointerdown', 'focusin'] as const) document.addEventListener(type, onReach, { capture: true, passive: true });
    document.addEventListener('click', onReachClick, { capture: true });
  }
}

/**
 * After hydrating the rest: the waiting groups, in the page's order, one per task (or all at once
 * when the visitor acts). A group's render runs in a microtask after its gate opens, so the parts it
 * meets have joined the queue before the next step. Until the last step (a few tasks) a part
 * rendered anew, not hydrated, waits for its turn too: it shows a step later. A visitor's tap or key
 * releases everything at once. Resolves once every one has hydrated.
 */
export function hydrateInSteps(): Promise<void> {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  whenDone = new Promise<void>((resolve) => {
    let next = 0;
    let stepping = true;
    const finish = () => {
      stepping = false;
      armed = false;
      gates.clear();
      queue = [];
      events.forEach((type) => document.removeEventListener(type, openAll, true));
      // The last group's render runs in a microtask after its gate opens.
      void Promise.resolve().then(() => resolve());
    };
    function openAll() {
      // Parts met from now on (a list's cards) hydrate with their list.
      armed = false;
      queue.forEach((gate) => gate.opened || gate.open());
      finish();
    }
    events.forEach((type) => document.addEventListener(type, openAll, { capture: true, passive: true }));
    const step = () => {
      if (!stepping) return;
      const gate = queue[next++];
      if (!gate) return finish();
      if (gate.opened) return step();
      gate.open();
      setTimeout(step);
    };
    setTimeout(step);
  });
  return whenDone;
}

/** Resolves when the page's last deferred part has hydrated (at once where nothing was deferred). */
export function whenHydrated(): Promise<void> {
  return whenDone;
}
