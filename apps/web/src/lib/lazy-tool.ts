// Tools a page does not need to paint (a dialog's form, its schema, the cropper) load when the owner
// reaches for them (issue 27 §2): fetched on pointer-down of what opens them, or when the browser is
// idle once the owner has started using the page, so a tap waits at most one round trip for its code.
import { lazy, useEffect, type ComponentType } from 'react';

export interface LazyTool<P> {
  Component: ComponentType<P>;
  /** Starts (once) the download of the tool's code. */
  preload: () => Promise<unknown>;
}

/** A module loaded once, at the first reach (a failed download is tried again at the next one). */
export function lazyModule<M>(load: () => Promise<M>): { preload: () => Promise<M> } {
  let loading: Promise<M> | null = null;
  const preload = () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
  return { preload };
}

export function lazyTool<P, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyTool<P> {
  const { preload } = lazyModule(load);
  return { preload, Component: lazy(async () => ({ default: pick(await preload()) })) };
}

/**
 * Fetches the tools once the owner has started using the page (a first pointer-down, key or scroll)
 * and the browser is then idle: the page load itself spends the slow connection and the CPU on what
 * shows (the photos), not on code nobody may use (issue 27 §2; measured in decision 028). What the
 * owner reaches for directly starts its own download on pointer-down or focus (`preload`).
 */
export function usePreloadWhenIdle(tools: readonly Pick<LazyTool<unknown>, 'preload'>[]): void {
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const start = () => {
      for (const tool of tools) void tool.preload().catch(() => undefined);
    };
    const whenIdle = () => {
      stopListening();
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(start, { timeout: 4000 });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const timer = window.setTimeout(start, 300);
        cancelIdle = () => window.clearTimeout(timer);
      }
    };
    const events = ['pointerdown', 'keydown', 'scroll'] as const;
    const stopListening = () => {
      for (const name of events) window.removeEventListener(name, whenIdle, true);
    };
    for (const name of events) window.addEventListener(name, whenIdle, { capture: true, passive: true });
    return () => {
      stopListening();
      cancelIdle?.();
    };
    // The tools are module constants: once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
