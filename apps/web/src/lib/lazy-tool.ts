// Tools a page does not need to paint (a dialog's form, its schema, the cropper) load when the owner
// reaches for them (issue 27 §2): fetched on pointer-down of what opens them or when the browser is
// idle after the page is live, so a tap waits at most one round trip for its code.
import { lazy, useEffect, type ComponentType } from 'react';

export interface LazyTool<P> {
  Component: ComponentType<P>;
  /** Starts (once) the download of the tool's code. */
  preload: () => Promise<unknown>;
}

export function lazyTool<P, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyTool<P> {
  let loading: Promise<M> | null = null;
  const preload = () => {
    loading ??= load().catch((err: unknown) => {
      // A failed download is tried again at the next reach.
      loading = null;
      throw err;
    });
    return loading;
  };
  return { preload, Component: lazy(async () => ({ default: pick(await preload()) })) };
}

/** Fetches the tools once the browser is idle after the page is live. */
export function usePreloadWhenIdle(tools: readonly Pick<LazyTool<unknown>, 'preload'>[]): void {
  useEffect(() => {
    const start = () => {
      for (const tool of tools) void tool.preload().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(start, 1500);
    return () => window.clearTimeout(timer);
    // The tools are module constants: once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
