// Progressive hydration for the guest page (issue 13, TBT; docs/decisions/021). Hydrating every card
// of a page of memories in one task kept a phone's main thread busy for 100–200 ms (4× slowed CPU)
// right after the first paint. Parts wrapped in <HydrateLater group="…"> keep the server's markup
// while the rest of the page hydrates: their Suspense boundary catches a child that suspends during
// that first hydration only, and Preact leaves the DOM as it is and resumes there later. Then one
// group hydrates per task; a tap, a key or a focus anywhere releases all that are left at once, so
// nothing the visitor reaches for stays inert. Outside a hydration (the server's render, the SPA's
// client-rendered route, every later render) the wrapper renders its children as they are.
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
  const gate = armed ? gateFor(name) : null;
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

/** Before hydrating: the HydrateLater parts met by this hydration wait for hydrateInSteps. */
export function deferHydration(): void {
  armed = true;
  gates.clear();
  queue = [];
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
