// The after-paint starter's code (http/html.ts) run against a stand-in page: which task adds each
// preload link and imports each script. A task is what the browser runs between two of the
// starter's timers; the page's clock moves 1 ms per link added, as on a phone.
import { describe, expect, it } from 'vitest';
import { afterPaintStarter } from './html';

interface Step {
  task: number;
  what: string;
}

async function runStarter(importCount: number, msPerLink: number, stylesheets: string[] = []): Promise<Step[]> {
  const imports = Array.from({ length: importCount }, (_, index) => `/assets/chunk-${index}.js`);
  const { code } = afterPaintStarter('/assets/entry.js', imports, stylesheets);
  const steps: Step[] = [];
  const timers: (() => void)[] = [];
  let task = 0;
  let clock = 0;
  const page = {
    document: {
      head: {
        append(link: { rel: string; href: string }) {
          clock += msPerLink;
          steps.push({ task, what: `${link.rel} ${link.href}` });
        },
      },
      createElement: () => ({}),
      documentElement: { setAttribute: (name: string) => steps.push({ task, what: name }) },
    },
    performance: { now: () => clock },
    setTimeout: (callback: () => void) => timers.push(callback),
    requestAnimationFrame: (callback: () => void) => timers.push(callback),
    PerformanceObserver: { supportedEntryTypes: [] },
    importModule: (href: string) => {
      steps.push({ task, what: `import ${href}` });
      return Promise.resolve({});
    },
  };
  // The inline module's text, its dynamic imports routed to the stand-in.
  const body = `return (async () => {${code.replace(/\bimport\(/g, 'importModule(')}})();`;
  const names = Object.keys(page);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  await (new Function(...names, body) as (...args: unknown[]) => Promise<void>)(...Object.values(page));
  // The event loop: each timer is a task; the microtasks it leaves run before the next one.
  while (timers.length > 0) {
    task += 1;
    timers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return steps;
}

describe('the after-paint starter', () => {
  it('adds an account page’s ~37 preload links in slices of a few milliseconds, each slice a task of its own', async () => {
    const steps = await runStarter(37, 1);
    const links = steps.filter((step) => step.what.startsWith('modulepreload'));
    expect(links.map((step) => step.what)).toEqual(Array.from({ length: 37 }, (_, index) => `modulepreload /assets/chunk-${index}.js`));
    const perTask = new Map<number, number>();
    for (const link of links) perTask.set(link.task, (perTask.get(link.task) ?? 0) + 1);
    // 1 ms per link, a slice ends once it has taken more than 4 ms.
    expect(Math.max(...perTask.values())).toBe(5);
    expect(perTask.size).toBe(8);
  });

  it('then imports each script in a task of its own, the entry last, and only once', async () => {
    const steps = await runStarter(6, 1);
    const imports = steps.filter((step) => step.what.startsWith('import'));
    expect(imports.map((step) => step.what)).toEqual([...Array.from({ length: 6 }, (_, index) => `import /assets/chunk-${index}.js`), 'import /assets/entry.js']);
    expect(new Set(imports.map((step) => step.task)).size).toBe(7);
    const lastLink = Math.max(...steps.filter((step) => step.what.startsWith('modulepreload')).map((step) => step.task));
    expect(imports[0]?.task).toBeGreaterThanOrEqual(lastLink);
  });

  it('adds a light page’s few links in one task', async () => {
    const steps = await runStarter(3, 1);
    expect(new Set(steps.filter((step) => step.what.startsWith('modulepreload')).map((step) => step.task)).size).toBe(1);
  });

  it('links the stylesheets it is given (the account pages’ web fonts) first, once, before any script', async () => {
    const steps = await runStarter(3, 1, ['/assets/account-styles/fonts-abc.css']);
    expect(steps.map((step) => step.what).slice(0, 2)).toEqual(['stylesheet /assets/account-styles/fonts-abc.css', 'modulepreload /assets/chunk-0.js']);
    expect(steps.filter((step) => step.what.startsWith('stylesheet'))).toHaveLength(1);
  });

  it('without stylesheets, its text is the light pages’ as before (their CSP hash)', () => {
    expect(afterPaintStarter('/assets/entry.js', ['/a.js'], []).code).toBe(afterPaintStarter('/assets/entry.js', ['/a.js']).code);
    expect(afterPaintStarter('/assets/entry.js', ['/a.js']).code).not.toContain('stylesheet');
  });
});
